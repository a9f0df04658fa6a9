import type { DashboardCatalog } from './en';

export const it: DashboardCatalog = {
  workflows: {
    dashboard: {
      title: 'Dashboard dei workflow',
      intro: 'Come sono andati i workflow di questo spazio di lavoro. Ogni cifra apre le esecuzioni che conta.',
      period: 'Periodo',
      periodDays: 'Ultimi {{count}} giorni',
      allExecutions: 'Tutte le esecuzioni',
      loading: 'Caricamento della dashboard…',
      loadFailed: 'Impossibile caricare la dashboard.',
      forbidden: 'Non puoi vedere le esecuzioni di questo spazio di lavoro.',
      retry: 'Riprova',
      figures: {
        runs: 'Esecuzioni',
        successRate: 'Tasso di successo',
        failed: 'Esecuzioni non riuscite',
        medianDuration: 'Durata mediana',
        medianSample: 'delle ultime {{count}} esecuzioni concluse',
        tokens: 'Token usati',
        approvals: 'Approvazioni in attesa',
        none: 'nessun dato',
      },
      perDay: {
        title: 'Esecuzioni al giorno',
        table: 'Esecuzioni al giorno in tabella',
        empty: 'Nessuna esecuzione in questo periodo.',
        day: 'Giorno',
        hint: 'Seleziona una barra per aprire le esecuzioni di quel giorno.',
      },
      groups: {
        succeeded: 'Riuscite',
        failed: 'Non riuscite',
        refused: 'Rifiutate',
        other: 'Annullate o in corso',
      },
      tokensByWorkflow: {
        title: 'Token per workflow',
        empty: 'Nessun token usato in questo periodo.',
        runs: 'Esecuzioni: {{count}}',
      },
      tokensByModel: {
        title: 'Token per modello',
        empty: 'Nessun passaggio agente ha usato un modello nelle ultime esecuzioni.',
        defaultModel: 'Modello predefinito',
        sample: 'Dai passaggi agente delle ultime {{count}} esecuzioni.',
      },
      failing: {
        title: 'Workflow con errori',
        empty: 'Nessun workflow è fallito in questo periodo.',
        failures: 'Esecuzioni non riuscite: {{count}}',
        lastError: 'Ultimo errore: {{error}}',
        noError: 'Ultimo errore senza messaggio',
        openLast: 'Apri l’ultima esecuzione non riuscita',
      },
      plan: {
        title: 'Uso del piano',
        usage: '{{used}} token usati su {{allowance}}',
        plan: 'Piano: {{plan}}',
        resets: 'Si rinnova il {{date}}',
        payer: 'Le esecuzioni qui le paga il piano del proprietario dello spazio.',
        details: 'Dettagli dei consumi',
        plans: {
          free: 'Gratuito',
          basic: 'Base',
          premium: 'Avanzato',
          enterprise: 'Impresa',
          admin: 'Operatore',
        },
      },
    },
  },
};
