// What the run views, the webhook address and the credentials page say when a
// service refuses for tokens or the plan (English source), and the token
// balance beside Run. api/refusals.ts maps a refusal's code to these keys;
// components/RefusalNote.tsx merges them in when it mounts.
export const en = {
  workflows: {
    refusals: {
      plans: {
        free: 'Free',
        basic: 'Basic',
        premium: 'Premium',
        enterprise: 'Enterprise',
      },
      balance_one: '{{count}} token left',
      balance_other: '{{count}} tokens left',
      seePlans: 'See plans',
      upgradeTo: 'Upgrade to {{plan}}',
      insufficientTokens: {
        start: 'Not enough tokens left to start this run, so nothing was started or charged. Your tokens refill at the start of the next period, and a bigger plan gives you more.',
        webhook: 'Not enough tokens left when the webhook called, so the run was not started.',
        schedule: 'Not enough tokens left when the schedule was due, so the run was not started.',
        other: 'Not enough tokens left to start this run, so it was not started.',
      },
      planRequired: {
        webhookTriggers: 'Your plan does not include webhook triggers.',
        scheduleTriggers: 'Your plan does not include schedule triggers.',
        other: 'Your plan does not include this feature.',
        availableFrom: 'It is available from the {{plan}} plan.',
      },
      planLimit: {
        credentials: 'Your plan’s limit of saved credentials is reached, so this credential was not saved.',
        allowsMore: 'The {{plan}} plan allows more.',
      },
    },
  },
};

export type RefusalsCatalog = typeof en;
