import type { RefusalsCatalog } from './en';

export const it: RefusalsCatalog = {
  workflows: {
    refusals: {
      plans: {
        free: 'Gratuito',
        basic: 'Base',
        premium: 'Avanzato',
        enterprise: 'Impresa',
      },
      balance_one: 'Ti resta {{count}} token',
      balance_other: 'Ti restano {{count}} token',
      seePlans: 'Vedi i piani',
      upgradeTo: 'Passa al piano {{plan}}',
      insufficientTokens: {
        start: 'Non restano abbastanza token per avviare questa esecuzione, quindi nulla è stato avviato né addebitato. I tuoi token si rinnovano all’inizio del prossimo periodo, e un piano superiore te ne dà di più.',
        webhook: 'Non restavano abbastanza token quando il webhook ha chiamato, quindi l’esecuzione non è stata avviata.',
        schedule: 'Non restavano abbastanza token all’ora prevista dalla pianificazione, quindi l’esecuzione non è stata avviata.',
        other: 'Non restavano abbastanza token per avviare questa esecuzione, quindi non è stata avviata.',
      },
      planRequired: {
        webhookTriggers: 'Il tuo piano non include i trigger webhook.',
        scheduleTriggers: 'Il tuo piano non include i trigger pianificati.',
        other: 'Il tuo piano non include questa funzione.',
        availableFrom: 'È disponibile a partire dal piano {{plan}}.',
      },
      planLimit: {
        credentials: 'Hai raggiunto il limite di credenziali salvate del tuo piano, quindi questa credenziale non è stata salvata.',
        allowsMore: 'Il piano {{plan}} ne consente di più.',
      },
    },
  },
};
