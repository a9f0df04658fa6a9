import { startServiceFromEnv } from '@agentflow/shared/server';
import { SERVICE_NAME, createApp } from './app.js';
import { ensureDefaultPackages } from './membership/packages.js';
import { stripeSettingsFromEnv } from './stripe/client.js';

export const DEFAULT_PORT = 4001;

startServiceFromEnv({
  name: SERVICE_NAME,
  defaultPort: DEFAULT_PORT,
  createApp: (deps) => {
    // The default plans, created when missing; the service answers meanwhile.
    ensureDefaultPackages(deps.db).then(
      (created) => {
        if (created.length > 0) deps.logger.info({ created }, 'default packages created');
      },
      (error: unknown) => deps.logger.error({ err: error }, 'default packages could not be created'),
    );
    return createApp({ ...deps, stripe: stripeSettingsFromEnv(process.env) });
  },
});
