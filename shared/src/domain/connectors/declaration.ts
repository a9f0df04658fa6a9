// What a connector is, as the builder, validation, agents and the engine see
// it: an app (HubSpot, Slack…) with the credentials it accepts, its
// operations and its polling triggers. Each operation and trigger carries a
// zod param schema (the builder's form, design-time checks and the engine's
// check after templates are rendered), an output/item schema (what later
// steps can map from) and an English description an agent reads. Pure: no
// React, no Node. The executors live in platform-api/src/connectors/<id>/.
import type { z } from 'zod';

/** Groups in the palette; the UI translates them (workflows.connectors.categories.<id>). */
export const CONNECTOR_CATEGORIES = ['crm', 'email', 'chat', 'spreadsheet', 'calendar', 'sms', 'database'] as const;
export type ConnectorCategory = (typeof CONNECTOR_CATEGORIES)[number];

/** How a connector authenticates: the credential types (credentials/types.ts) it accepts, in order of preference. */
export type ConnectorAuthKind = 'oauth2' | 'apiKey' | 'basic' | 'token' | 'none';

export interface ConnectorParamsShape {
  [key: string]: z.ZodType;
}

export interface ConnectorOperation {
  id: string;
  /** English, for agents (the tool's description) and as the fallback label; the UI translates by id. */
  description: string;
  params: z.ZodObject<ConnectorParamsShape>;
  /** What the step outputs (later steps map from it; agents get it as the tool result). */
  output: z.ZodType;
  /** Changes data at the provider (create, update, send): an agent tool that does is marked so. */
  mutates: boolean;
}

export interface ConnectorTrigger {
  id: string;
  description: string;
  params: z.ZodObject<ConnectorParamsShape>;
  /** One new item: the run's input. */
  item: z.ZodType;
  /** The field of an item that identifies it across polls (one run per key, ever). */
  dedupKey: string;
}

export interface ConnectorDeclaration {
  id: string;
  /** The brand name: the same in every language. */
  name: string;
  category: ConnectorCategory;
  /** The palette's badge: a brand colour and one or two letters (no brand artwork is shipped). */
  icon: { color: string; glyph: string };
  /** Credential types (CREDENTIAL_TYPES ids) this connector accepts; empty: it needs none. */
  credentialTypes: readonly string[];
  /** Where the provider's API lives; CONNECTOR_<ID>_BASE_URL overrides it (tests, self-hosted variants). */
  baseUrl: string;
  operations: readonly ConnectorOperation[];
  triggers: readonly ConnectorTrigger[];
}

/** `declare` keeps the literal types while checking the shape. */
export function declareConnector<const T extends ConnectorDeclaration>(declaration: T): T {
  return declaration;
}

export function connectorOperationOf(connector: ConnectorDeclaration, operationId: string): ConnectorOperation | undefined {
  return connector.operations.find((operation) => operation.id === operationId);
}

export function connectorTriggerOf(connector: ConnectorDeclaration, triggerId: string): ConnectorTrigger | undefined {
  return connector.triggers.find((trigger) => trigger.id === triggerId);
}
