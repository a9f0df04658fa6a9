// "Test connection" for AI credentials: list the provider's models with the
// credential, through the private-address guard (a user's base URL must not
// reach the metadata server or the internal network).
import { CREDENTIAL_ERROR_CODES, CREDENTIAL_MESSAGES, type CredentialTestResult } from '@agentflow/shared/server';
import { isAiProviderType, type ProviderRegistry } from '../agents/providers/index.js';
import { guardedFetch, modelCallPolicy } from '../net/guardedFetch.js';
import type { SafeFetchPolicy } from '../net/safeFetch.js';
import type { CredentialTester } from './router.js';

export function createAiCredentialTester(registry: ProviderRegistry, policy: SafeFetchPolicy): CredentialTester {
  // The same limits as a model call: a long model list (OpenRouter's) passes 1 MB.
  const fetch = guardedFetch(modelCallPolicy(policy));
  return async (credential, signal): Promise<CredentialTestResult> => {
    if (!isAiProviderType(credential.type)) return { ok: false, models: [], error: CREDENTIAL_MESSAGES.notTestable, code: CREDENTIAL_ERROR_CODES.notTestable };
    try {
      const result = await registry.testCredential(credential.type, credential, fetch, signal);
      return result.ok ? { ok: true, models: result.models } : { ok: false, models: [], error: result.error, code: result.code };
    } catch (error) {
      if (!signal.aborted) throw error;
      return { ok: false, models: [], error: 'The AI provider did not answer in time', code: CREDENTIAL_ERROR_CODES.providerUnavailable };
    }
  };
}
