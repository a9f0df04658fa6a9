import type { Catalog } from './en.js';

export const it: Catalog = {
  common: {
    appName: 'Agentflow',
    welcome: 'Benvenuto in Agentflow',
    loading: 'Caricamento…',
    error: 'Qualcosa non ha funzionato. Riprova.',
    language: 'Lingua',
    guest: 'Ospite',
    signedInAs: 'Accesso effettuato come {{name}}',
    signOut: 'Esci',
  },
  nav: {
    home: 'Pagina iniziale',
    workflows: 'Flussi di lavoro',
    billing: 'Fatturazione',
    access: 'Controllo degli accessi',
    openMenu: 'Apri menu',
    closeMenu: 'Chiudi menu',
    main: 'Navigazione principale',
  },
  errors: {
    title: 'Si è verificato un problema',
    body: 'Si è verificato un errore imprevisto. Prova ad aggiornare la pagina.',
    tryAgain: 'Riprova',
  },
  notFound: {
    title: 'Pagina non trovata',
    body: 'La pagina che cerchi non esiste o è stata spostata.',
    backHome: 'Torna alla pagina iniziale',
  },
  home: {
    title: 'Automatizza la tua azienda con agenti IA',
    subtitle: 'Crea agenti e flussi multi-agente per vendite, logistica, assistenza sul campo e immobiliare.',
    hostNote: 'In esecuzione in: {{host}}',
  },
  workflows: {
    title: 'Flussi di lavoro',
    subtitle: 'Trova, copia, crea ed esegui flussi di lavoro multi-agente.',
  },
  billing: {
    title: 'Fatturazione',
    subtitle: 'Piani, metodi di pagamento, fatture e consumo di token.',
  },
  rbac: {
    title: 'Controllo degli accessi',
    subtitle: 'Ruoli, permessi, organizzazioni e registro di controllo.',
  },
  pwa: {
    title: 'Installa Agentflow',
    intro: 'Installa Agentflow sul tuo dispositivo per aprirlo come un’app.',
    iosTitle: 'Su iPhone e iPad',
    iosStep1: 'Apri questa pagina in Safari.',
    iosStep2: 'Tocca il pulsante Condividi.',
    iosStep3: 'Scegli «Aggiungi alla schermata Home», poi tocca Aggiungi.',
    androidTitle: 'Su Android e computer',
    androidStep1: 'Apri questa pagina in Chrome o Edge.',
    androidStep2: 'Apri il menu del browser.',
    androidStep3: 'Scegli «Installa app», poi conferma.',
  },
};
