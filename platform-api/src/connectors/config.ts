// Operator settings of the connectors: where each provider's API lives
// (CONNECTOR_<ID>_BASE_URL: tests and self-hosted variants) and the platform
// fee of an app step (CONNECTOR_STEP_FEE).
import { DEFAULT_CONNECTOR_STEP_FEE } from '@agentflow/shared/domain';
import { CONNECTORS } from '@agentflow/shared/workflow';

export function connectorBaseUrlsFromEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const urls: Record<string, string> = {};
  for (const connector of CONNECTORS) {
    const name = `CONNECTOR_${connector.id.toUpperCase()}_BASE_URL`;
    const value = env[name]?.trim();
    if (!value) continue;
    if (!/^https?:\/\//.test(value)) throw new Error(`${name} must be an http(s) URL, not "${value}"`);
    urls[connector.id] = value;
  }
  return urls;
}

export function connectorStepFeeFromEnv(env: NodeJS.ProcessEnv): number {
  const raw = env.CONNECTOR_STEP_FEE?.trim();
  if (!raw) return DEFAULT_CONNECTOR_STEP_FEE;
  if (!/^\d+$/.test(raw)) throw new Error(`CONNECTOR_STEP_FEE must be a whole number of tokens, not "${raw}"`);
  return Number(raw);
}
