import type { DashboardCatalog } from './en';

export const de: DashboardCatalog = {
  workflows: {
    dashboard: {
      title: 'Workflow-Dashboard',
      intro: 'Wie die Workflows dieses Arbeitsbereichs gelaufen sind. Jede Zahl öffnet die Läufe, die sie zählt.',
      period: 'Zeitraum',
      periodDays: 'Letzte {{count}} Tage',
      allExecutions: 'Alle Ausführungen',
      loading: 'Dashboard wird geladen…',
      loadFailed: 'Das Dashboard konnte nicht geladen werden.',
      forbidden: 'Sie dürfen die Läufe dieses Arbeitsbereichs nicht sehen.',
      retry: 'Erneut versuchen',
      figures: {
        runs: 'Läufe',
        successRate: 'Erfolgsquote',
        failed: 'Fehlgeschlagene Läufe',
        medianDuration: 'Mittlere Dauer (Median)',
        medianSample: 'der letzten {{count}} beendeten Läufe',
        tokens: 'Verbrauchte Tokens',
        approvals: 'Offene Freigaben',
        none: '–',
      },
      perDay: {
        title: 'Läufe pro Tag',
        table: 'Läufe pro Tag als Tabelle',
        empty: 'Keine Läufe in diesem Zeitraum.',
        day: 'Tag',
        hint: 'Wählen Sie einen Balken, um die Läufe dieses Tages zu öffnen.',
      },
      groups: {
        succeeded: 'Erfolgreich',
        failed: 'Fehlgeschlagen',
        refused: 'Abgelehnt',
        other: 'Abgebrochen oder noch aktiv',
      },
      tokensByWorkflow: {
        title: 'Tokens nach Workflow',
        empty: 'In diesem Zeitraum wurden keine Tokens verbraucht.',
        runs: 'Läufe: {{count}}',
      },
      tokensByModel: {
        title: 'Tokens nach Modell',
        empty: 'In den letzten Läufen hat kein Agentenschritt ein Modell verwendet.',
        defaultModel: 'Standardmodell',
        sample: 'Aus den Agentenschritten der letzten {{count}} Läufe.',
      },
      failing: {
        title: 'Fehlschlagende Workflows',
        empty: 'In diesem Zeitraum ist kein Workflow fehlgeschlagen.',
        failures: 'Fehlgeschlagene Läufe: {{count}}',
        lastError: 'Letzter Fehler: {{error}}',
        noError: 'Letzter Fehlschlag ohne Meldung',
        openLast: 'Letzten fehlgeschlagenen Lauf öffnen',
      },
      plan: {
        title: 'Tarifnutzung',
        usage: '{{used}} von {{allowance}} Tokens verbraucht',
        plan: 'Tarif: {{plan}}',
        resets: 'Erneuert sich am {{date}}',
        payer: 'Läufe hier bezahlt der Tarif des Arbeitsbereich-Inhabers.',
        details: 'Verbrauchsdetails',
        plans: {
          free: 'Kostenlos',
          basic: 'Basis',
          premium: 'Erweitert',
          enterprise: 'Unternehmen',
          admin: 'Betreiber',
        },
      },
    },
  },
};
