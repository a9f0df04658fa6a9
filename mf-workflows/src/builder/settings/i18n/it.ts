import type { NodeSettingsCatalog } from './en';

export const it: NodeSettingsCatalog = {
  workflows: {
    nodeSettings: {
      title: 'Nuovi tentativi ed errori',
      retries: 'Nuovi tentativi',
      attempts: 'Tentativi in tutto',
      attemptsHint: 'Da 1 (nessun nuovo tentativo) a 10.',
      backoff: 'Attesa prima di riprovare (ms)',
      backoffHint: 'Raddoppia dopo ogni ulteriore tentativo; al massimo 600000 (10 minuti).',
      retryOn: 'Riprova in caso di',
      retryOnTransient: 'Solo errori temporanei (rete, tempo scaduto, servizi sovraccarichi)',
      retryOnAny: 'Qualsiasi errore',
      onError: 'In caso di errore',
      onErrorStop: 'Interrompi l’esecuzione',
      onErrorContinue: 'Continua con l’errore come output',
      onErrorBranch: 'Ramo di errore',
      onErrorHint: {
        stop: 'L’esecuzione fallisce a questo passo.',
        continue: 'I passi successivi vengono eseguiti e leggono l’errore come output di questo passo.',
        branch: 'Se questo passo fallisce, vengono eseguiti solo i passi collegati all’uscita rossa «Errore».',
      },
      reset: 'Ripristina i valori predefiniti',
      errorWorkflow: 'Flusso di errore',
      errorWorkflowNone: 'Nessuno',
      errorWorkflowHint: 'Avviato con i dettagli di un’esecuzione fallita di questo flusso.',
      errorWorkflowLoading: 'Caricamento dei tuoi flussi…',
      errorWorkflowFailed: 'Non è stato possibile caricare i tuoi flussi.',
    },
  },
};
