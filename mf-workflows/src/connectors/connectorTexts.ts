// Connector words in the user's language: an app's operation, trigger,
// category, param label and option by the declaration's ids, with the
// declaration's English as the fallback (an app added after the last
// translation still reads, in English), and OAuth result codes.
import { CONNECTORS, type ConnectorDeclaration } from '@agentflow/shared/workflow';
import { en } from './i18n/en';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

export const K = 'workflows.connectors.';

const OAUTH_CODES = new Set(Object.keys(en.workflows.connectors.oauthErrors));

export const categoryLabel = (t: Translate, category: string) => t(`${K}categories.${category}`, { defaultValue: category });

export function operationLabel(t: Translate, connector: ConnectorDeclaration, operationId: string): string {
  const fallback = connector.operations.find((o) => o.id === operationId)?.description ?? operationId;
  return t(`${K}operations.${connector.id}.${operationId}`, { defaultValue: fallback });
}

export function triggerLabel(t: Translate, connector: ConnectorDeclaration, triggerId: string): string {
  const fallback = connector.triggers.find((o) => o.id === triggerId)?.description ?? triggerId;
  return t(`${K}triggers.${connector.id}.${triggerId}`, { defaultValue: fallback });
}

export const paramLabel = (t: Translate, key: string, fallback?: string) => t(`${K}params.${key}`, { defaultValue: fallback ?? key });
export const optionLabel = (t: Translate, value: string) => t(`${K}options.${value}`, { defaultValue: value });

/** "HubSpot → Create deal". */
export const entryLabel = (t: Translate, connector: ConnectorDeclaration, label: string) => t(`${K}palette.entry`, { app: connector.name, operation: label });

/** An ?oauthError code in the user's words (an unknown one: a generic line). */
export const oauthErrorText = (t: Translate, code: string | null) => t(`${K}oauthErrors.${code && OAUTH_CODES.has(code) ? code : 'unknown'}`);

/** The connectors that accept a credential type (for "Connect with …" and the token form). */
export const connectorsUsing = (typeId: string) => CONNECTORS.filter((c) => c.credentialTypes.includes(typeId));
