import type { ErrorTriggerCatalog } from './en';

export const it: ErrorTriggerCatalog = {
  workflows: {
    errorTrigger: {
      about: 'Si avvia quando non riesce un flusso che indica questo come suo flusso degli errori. I passaggi successivi leggono i dettagli dell’esecuzione non riuscita, per esempio input.workflow.name, input.failedStep.name, input.error.message e input.run.path.',
      reportsFor: 'Segnala gli errori di: {{list}}',
      reportsForNone: 'Nessun flusso indica ancora questo come suo flusso degli errori: sceglilo in «Flusso degli errori» nelle impostazioni di quel flusso.',
      loading: 'Caricamento dei tuoi flussi…',
      loadFailed: 'Non è stato possibile caricare i tuoi flussi.',
      pickerWithTrigger: 'Con attivatore di errore',
      pickerOthers: 'Altri flussi',
      pickerNoTrigger: 'Questo flusso non ha un attivatore di errore: i suoi passaggi ricevono l’esecuzione non riuscita come input.failedRun. Aggiungigli un attivatore di errore per leggere i dettagli per nome.',
      runTest: 'Questo flusso si avvia quando un altro flusso non riesce. Avvialo con {} per provarlo con dettagli di esempio di un’esecuzione non riuscita.',
    },
  },
};
