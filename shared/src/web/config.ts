// Loading the run-time configuration in the browser; its shape is the
// domain's (domain/federation/appConfig.ts), which runtimeConfig builds.
import type { AppConfig } from '../domain/federation/appConfig.js';

export type { AppConfig, FirebaseWebOptions } from '../domain/federation/appConfig.js';

/** Fetches and sanity-checks the run-time configuration. */
export async function loadAppConfig(url = '/app-config.json', fetchImpl: typeof fetch = fetch): Promise<AppConfig> {
  const response = await fetchImpl(url, { cache: 'no-store' });
  if (!response.ok) {
    throw new Error(`Could not load ${url}: HTTP ${response.status}`);
  }
  const config = (await response.json()) as Partial<AppConfig>;
  if (!config.firebase?.projectId || !config.apis?.billing || !config.apis?.platform) {
    throw new Error(`${url} is missing firebase.projectId or apis`);
  }
  // A configuration served before Stripe was wired in has no key: the same as none.
  return { ...config, stripePublishableKey: typeof config.stripePublishableKey === 'string' && config.stripePublishableKey ? config.stripePublishableKey : null } as AppConfig;
}
