import type { RefusalsCatalog } from './en';

export const de: RefusalsCatalog = {
  workflows: {
    refusals: {
      plans: {
        free: 'Kostenlos',
        basic: 'Basis',
        premium: 'Erweitert',
        enterprise: 'Unternehmen',
      },
      balance_one: 'Noch {{count}} Token',
      balance_other: 'Noch {{count}} Tokens',
      seePlans: 'Tarife ansehen',
      upgradeTo: 'Zum Tarif {{plan}} wechseln',
      insufficientTokens: {
        start: 'Es sind nicht mehr genug Tokens übrig, um diese Ausführung zu starten. Daher wurde nichts gestartet und nichts berechnet. Ihre Tokens werden zu Beginn des nächsten Zeitraums aufgefüllt, und ein größerer Tarif bietet mehr.',
        webhook: 'Als der Webhook aufgerufen wurde, waren nicht mehr genug Tokens übrig. Daher wurde die Ausführung nicht gestartet.',
        schedule: 'Als der Zeitplan fällig war, waren nicht mehr genug Tokens übrig. Daher wurde die Ausführung nicht gestartet.',
        other: 'Es waren nicht mehr genug Tokens übrig, um diese Ausführung zu starten. Daher wurde sie nicht gestartet.',
      },
      planRequired: {
        webhookTriggers: 'Ihr Tarif enthält keine Webhook-Auslöser.',
        scheduleTriggers: 'Ihr Tarif enthält keine Zeitplan-Auslöser.',
        other: 'Ihr Tarif enthält diese Funktion nicht.',
        availableFrom: 'Sie ist ab dem Tarif {{plan}} verfügbar.',
      },
      planLimit: {
        credentials: 'Die Anzahl gespeicherter Zugangsdaten Ihres Tarifs ist erreicht. Daher wurden diese Zugangsdaten nicht gespeichert.',
        allowsMore: 'Der Tarif {{plan}} erlaubt mehr.',
      },
    },
  },
};
