// How a provider's answer becomes a step error: what another attempt may fix
// (429, 5xx, the network) is transient; a refusal (4xx) is final and says,
// in plain words, what the provider said.
import { StepFailure, TransientStepError } from '../../runs/steps.js';

/** The provider refused the credential even after a refresh: the user must reconnect. */
export class ConnectorAuthError extends StepFailure {
  constructor(connectorName: string, detail: string | null) {
    super(`${connectorName} did not accept the connected account${detail ? ` (${detail})` : ''}: reconnect it on the Credentials page`);
    this.name = 'ConnectorAuthError';
  }
}

/** The provider refused the request (4xx): another attempt would repeat it. */
export class ConnectorRequestError extends StepFailure {
  constructor(
    connectorName: string,
    readonly status: number,
    detail: string | null,
  ) {
    super(`${connectorName} refused the request${detail ? `: ${detail}` : ''} (HTTP ${status})`);
    this.name = 'ConnectorRequestError';
  }
}

/** Rate limited or unavailable: the engine tries the step again. */
export class ConnectorBusyError extends TransientStepError {
  constructor(connectorName: string, status: number, detail: string | null) {
    super(status === 429 ? `${connectorName} is limiting requests (HTTP 429)${detail ? `: ${detail}` : ''}` : `${connectorName} is unavailable (HTTP ${status})${detail ? `: ${detail}` : ''}`);
    this.name = 'ConnectorBusyError';
  }
}

/** A param failed its schema after the templates were rendered. */
export function invalidParam(stepName: string, path: string, message: string): StepFailure {
  return new StepFailure(`${stepName}: ${path} ${message}`);
}
