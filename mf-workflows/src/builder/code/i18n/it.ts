import type { CodeCatalog } from './en';

export const it: CodeCatalog = {
  workflows: {
    code: {
      label: 'Codice (JavaScript)',
      loading: 'Caricamento dell’editor di codice…',
      hintBody: 'Il codice è il corpo di una funzione asincrona: può usare await, e ciò che restituisce è l’output di questo passaggio.',
      hintInput: '«input» (o «$») contiene l’input del passaggio: input.input è l’input dell’esecuzione.',
      hintUpstream: 'Output dei passaggi precedenti per chiave: {{keys}}.',
      hintConsole: 'Le righe di console.log sono conservate nel registro del passaggio. Niente rete, file o timer: il codice si limita a calcolare.',
      hintItem: 'Dentro il ciclo: input.item è l’elemento corrente e input.index la sua posizione (0 per il primo).',
      syntaxError: 'Errore di sintassi alla riga {{line}}, colonna {{column}}',
      syntaxErrorMore: 'Errore di sintassi alla riga {{line}}, colonna {{column}} (e altri {{count}})',
      syntaxOk: 'Nessun errore di sintassi',
      logs: 'Righe della console: {{count}}',
    },
  },
};
