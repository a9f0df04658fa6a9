import type { RefusalsCatalog } from './en';

export const es: RefusalsCatalog = {
  workflows: {
    refusals: {
      plans: {
        free: 'Gratis',
        basic: 'Básico',
        premium: 'Avanzado',
        enterprise: 'Empresa',
      },
      balance_one: 'Te queda {{count}} token',
      balance_other: 'Te quedan {{count}} tokens',
      seePlans: 'Ver planes',
      upgradeTo: 'Cambiar al plan {{plan}}',
      insufficientTokens: {
        start: 'No te quedan tokens suficientes para iniciar esta ejecución, así que no se inició ni se cobró nada. Tus tokens se renuevan al comienzo del próximo periodo, y un plan mayor te da más.',
        webhook: 'No quedaban tokens suficientes cuando llamó el webhook, así que la ejecución no se inició.',
        schedule: 'No quedaban tokens suficientes cuando tocaba la programación, así que la ejecución no se inició.',
        other: 'No quedaban tokens suficientes para iniciar esta ejecución, así que no se inició.',
      },
      planRequired: {
        webhookTriggers: 'Tu plan no incluye disparadores webhook.',
        scheduleTriggers: 'Tu plan no incluye disparadores programados.',
        other: 'Tu plan no incluye esta función.',
        availableFrom: 'Está disponible a partir del plan {{plan}}.',
      },
      planLimit: {
        credentials: 'Has llegado al límite de credenciales guardadas de tu plan, así que esta credencial no se guardó.',
        allowsMore: 'El plan {{plan}} permite más.',
      },
    },
  },
};
