// "Test connection" for app (connector) credentials: the connector's own
// cheap, read-only request through ConnectorHttp, its outcome said the way
// the Credentials page reads AI tests (CredentialTestResult): the account
// named on success, credential_rejected when the provider refuses the
// account (reconnect), provider_unavailable when it is busy, unreachable or
// refuses the request for another reason, credential_not_testable when no
// connector of the type can test without acting (a Teams webhook only posts).
import { credentialType } from '@agentflow/shared/credentials';
import { CREDENTIAL_ERROR_CODES, CREDENTIAL_MESSAGES, type CredentialTestResult } from '@agentflow/shared/server';
import { CONNECTORS } from '@agentflow/shared/workflow';
import type { CredentialTester } from '../credentials/index.js';
import { BlockedAddressError, type SafeFetchPolicy } from '../net/safeFetch.js';
import { StepFailure, TransientStepError } from '../runs/steps.js';
import { ConnectorAuthError } from './runtime/errors.js';
import type { ConnectorRuntime } from './runtime/runtime.js';

const notTestable: CredentialTestResult = { ok: false, models: [], error: CREDENTIAL_MESSAGES.notTestable, code: CREDENTIAL_ERROR_CODES.notTestable };

export function createAppCredentialTester(runtime: Pick<ConnectorRuntime, 'testCredential'>, policy: SafeFetchPolicy): CredentialTester {
  return async (credential, signal): Promise<CredentialTestResult> => {
    // Named as the app its steps call ("Could not reach HubSpot"), not as the credential type.
    const label = CONNECTORS.find((connector) => connector.credentialTypes.includes(credential.type))?.name ?? credentialType(credential.type).label;
    try {
      const tested = await runtime.testCredential(credential, policy, signal);
      if (!tested) return notTestable;
      return { ok: true, models: [], ...(tested.account ? { account: tested.account } : {}) };
    } catch (error) {
      if (signal.aborted) return { ok: false, models: [], error: `${label} did not answer in time`, code: CREDENTIAL_ERROR_CODES.providerUnavailable };
      if (error instanceof ConnectorAuthError) return { ok: false, models: [], error: error.message, code: CREDENTIAL_ERROR_CODES.rejected };
      // Busy (429/5xx), a refusal of the request (the provider's words), a refused token renewal: said as they are.
      if (error instanceof StepFailure || error instanceof TransientStepError) return { ok: false, models: [], error: error.message, code: CREDENTIAL_ERROR_CODES.providerUnavailable };
      // The address guard's refusal names the host, which the user gave: worth saying.
      if (error instanceof BlockedAddressError) return { ok: false, models: [], error: error.message, code: CREDENTIAL_ERROR_CODES.providerUnavailable };
      // The network (refused connection, DNS, timeout): its own text may carry a URL with a query; not repeated.
      return { ok: false, models: [], error: `Could not reach ${label}`, code: CREDENTIAL_ERROR_CODES.providerUnavailable };
    }
  };
}

/** One tester for every credential: AI keys list their models, app credentials make their connector's test request, the rest are not testable. */
export function composeCredentialTester(testers: { ai: CredentialTester; app: CredentialTester }): CredentialTester {
  return async (credential, signal) => {
    const kind = credentialType(credential.type).kind;
    if (kind === 'ai') return testers.ai(credential, signal);
    if (kind === 'app') return testers.app(credential, signal);
    return notTestable;
  };
}
