import type { WebhookTriggerCatalog } from './en';

export const it: WebhookTriggerCatalog = {
  workflows: {
    webhookTrigger: {
      answer: {
        title: 'Risposta al chiamante',
        respond: 'Rispondi',
        immediately: 'Subito, con l’id dell’esecuzione',
        whenDone: 'A esecuzione finita, con il suo risultato',
        respondWith: 'Rispondi con il risultato di',
        runOutput: 'Il risultato dell’esecuzione (tutti i passaggi di uscita)',
        timeout: 'Attendi al massimo (secondi)',
        timeoutHint: 'Dopo, il chiamante riceve l’id dell’esecuzione e un indirizzo per richiedere di nuovo.',
        timeoutRange: 'Inserisci un numero intero di secondi tra {{min}} e {{max}}.',
      },
      listen: {
        title: 'Evento di prova',
        intro: 'Invia una vera richiesta all’indirizzo qui sopra: diventa il dato di esempio di questo trigger e nessuna esecuzione parte.',
        start: 'Ascolta un evento di prova',
        waiting: 'In attesa di una richiesta… (fino alle {{time}})',
        stop: 'Smetti di ascoltare',
        expired: 'Nessuna richiesta è arrivata in 2 minuti.',
        again: 'Ascolta di nuovo',
        captured: 'Evento di prova ricevuto alle {{time}}: fissato come dato di esempio di questo trigger, così i passaggi successivi possono sceglierne i campi.',
        last: 'Ultimo evento di prova ricevuto alle {{time}}.',
        pin: 'Usa come dato di esempio',
        body: 'Dati',
        query: 'Parametri della query',
        headers: 'Intestazioni',
        failed: 'Impossibile iniziare l’ascolto. Riprova.',
        offline: 'Per ascoltare serve una connessione.',
      },
    },
  },
};
