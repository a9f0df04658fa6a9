import type { VoicePhrases } from './types.js';

const OPEN =
  '(apri|aprire|apra|mostra|mostrami|mostrare|fammi vedere|visualizza|visualizzare|vedi|vedere|vai|andare|va|portami|torna|tornare|naviga|passa|entra)';
const TO = '[a|al|alla|alle|ai|agli|all\'|allo|in|su|sulla|sul|nella|nel]';
const THE =
  "[il|lo|la|i|gli|le|l'|i miei|le mie|il mio|la mia|tutti i|la pagina|la pagina di|la pagina dei|la pagina del|la pagina della|la sezione|la sezione di|la sezione dei|la sezione del|la schermata|la lista dei|l'elenco dei]";

/** "apri i flussi di lavoro", "vai alla fatturazione", "permessi" … */
const place = (nouns: string) => [`${OPEN} ${TO} ${THE} ${nouns}`, `${THE} ${nouns}`];

const FLOWS = '(flussi di lavoro|flusso di lavoro|flussi|flusso|workflow)';
const SEARCH = '(cerca|cercare|cercami|trova|trovare|trovami|mostrami|mostra)';
const RUN = '(esegui|eseguire|avvia|avviare|lancia|lanciare|fai partire|attiva|attivare)';
const MANAGE = '(gestisci|gestire|modifica|modificare|cambia|cambiare)';

export const it: VoicePhrases = {
  polite: ['per favore', 'per piacere', 'grazie'],
  fillers: ['puoi', 'potresti', 'può', 'potrebbe', 'voglio', 'vorrei', 'ora', 'adesso'],
  stopWords: [
    'il', 'lo', 'la', 'i', 'gli', 'le', 'l', 'un', 'una', 'uno', 'mio', 'mia', 'miei', 'mie', 'tutti', 'tutte', 'workflow',
    'flusso', 'flussi', 'di', 'lavoro', 'del', 'della', 'dei', 'per', 'su', 'con', 'a', 'al', 'in', 'chiamato', 'chiamati',
  ],
  languageNames: {
    en: ['inglese'],
    es: ['spagnolo'],
    fr: ['francese'],
    de: ['tedesco'],
    it: ['italiano'],
  },

  navigate: {
    home: [...place('(home|home page|homepage|pagina iniziale|pagina principale|inizio|dashboard|pannello|panoramica)')],
    workflows: [...place('(flussi di lavoro|flussi|workflow|elenco dei workflow|automazioni)')],
    billing: [
      ...place('(fatturazione|pagamenti|pagamento|abbonamento|abbonamenti|piano|piani|fatture)'),
      `${MANAGE} [il|la|i|il mio|la mia|i miei] (abbonamento|piano|pagamenti|fatturazione|metodo di pagamento)`,
    ],
    access: [
      ...place(
        "(controllo accessi|controllo degli accessi|controllo di accesso|controllo dell'accesso|gestione accessi|gestione degli accessi|accessi|accesso|permessi|autorizzazioni|ruoli|utenti|membri)",
      ),
      `${MANAGE} [i|gli|le|il|i miei] (ruoli|permessi|autorizzazioni|accessi|utenti|membri)`,
    ],
  },

  searchWorkflows: [
    `${SEARCH} [i|tutti i|i miei|dei] ${FLOWS} (per|su|sul|sulla|sui|di|del|della|dei|con|riguardo a|riguardo|relativi a|che contengono|chiamati|che parlano di|legati a) [il|lo|la|i|gli|le|l'] {query}`,
    "(cerca|cercare|cercami|trova|trovare|trovami) [il|lo|la|i|gli|le|l'] {query}",
  ],
  runWorkflow: [
    `${RUN} [il|il mio|lo] ${FLOWS} [di|chiamato|denominato] {name}`,
    "(esegui|eseguire) [il|lo|la|l'] {name}",
  ],
  openHelp: [
    '(aiuto|guida|aiutami|aiutatemi)',
    "(apri|aprire|mostra|mostrami|mostrare|visualizza|vai a|vai alla|vai all') [l'|la] (aiuto|guida|pagina di aiuto|pagina d'aiuto|centro assistenza)",
    '(ho bisogno di|mi serve|serve) aiuto',
    '[che] cosa posso (dire|fare)',
    '[mostra|mostrami] [i] comandi [vocali]',
  ],
  changeLanguage: [
    "(cambia|cambiare|imposta|impostare|metti|mettere|seleziona) [la] lingua (in|a|su|al|all'|allo|con) {language}",
    "(passa|passare|cambia|cambiare|metti|mettere|traduci|tradurre) [tutto] (a|al|all'|allo|in|su) {language}",
    '(parla|parlare|parlami|usa|usare) [in] {language}',
    '(in|lingua) {language}',
    '{language}',
  ],
  signOut: [
    '(esci|uscire|disconnetti|disconnettimi|disconnettiti|disconnettere|disconnessione|logout)',
    "(esci|uscire) (dall'|dal|dalla) (account|app|applicazione|sessione)",
    '(fai|effettua|effettuare|fare) [il] logout',
    '(chiudi|chiudere|termina|terminare) [la] sessione',
  ],
};
