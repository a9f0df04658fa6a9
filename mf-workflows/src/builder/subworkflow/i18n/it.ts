import type { FlowStepsCatalog } from './en';

export const it: FlowStepsCatalog = {
  workflows: {
    flow: {
      wait: {
        mode: 'Attesa',
        modes: { duration: 'Per un po’', until: 'Fino a una data e ora' },
        amount: 'Quanto a lungo',
        unit: 'Unità',
        units: { seconds: 'Secondi', minutes: 'Minuti', hours: 'Ore', days: 'Giorni' },
        at: 'Data e ora',
        atHint: 'Una data e ora come 2026-12-01T09:00, oppure inserisci un campo che la contiene.',
        timeZone: 'Fuso orario',
        timeZoneHint: 'Usato quando la data e ora non indica uno scarto; UTC se vuoto.',
        note: 'Un’attesa di più di qualche secondo mette in pausa l’esecuzione: riprende all’ora stabilita, anche dopo un riavvio. Al massimo 365 giorni.',
      },
      sub: {
        workflow: 'Flusso da eseguire',
        choose: 'Scegli un flusso',
        loading: 'Caricamento dei tuoi flussi…',
        loadFailed: 'Impossibile caricare i tuoi flussi.',
        none: 'Nessun altro flusso con attivatore manuale che puoi eseguire.',
        notListed: 'Il flusso scelto non è più nel tuo elenco: scegline un altro.',
        note: 'Esegue il flusso scelto come esecuzione a sé, attende che finisca e ne passa l’output. I campi del suo attivatore manuale sono il suo input.',
        inputs: 'Input di {{name}}',
        noInputs: '{{name}} non chiede alcun input.',
        required: 'obbligatorio',
      },
      links: {
        childRun: 'Apri l’esecuzione del sottoflusso',
        parentRun: 'Avviata da un passo di sottoflusso di un’altra esecuzione: apri quell’esecuzione',
      },
    },
  },
};
