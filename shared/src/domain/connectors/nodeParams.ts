// The params of the two node types connectors bring: 'connector' (run one
// operation of an app) and 'trigger.poll' (start a run for each new item an
// app reports). Values are templates: a string may hold {{ JSONata }}
// placeholders, rendered against the step's input at run time and then
// checked with the operation's own schema; a literal value is checked now.
import { z } from 'zod';
import { documentIdSchema } from '../validation/ids.js';
import { templatePlaceholders } from '../workflow/expressions.js';
import { identifier, pathOf } from '../workflow/fields.js';
import { connectorOperationOf, connectorTriggerOf, type ConnectorDeclaration, type ConnectorParamsShape } from './declaration.js';
import { connectorOf } from './registry.js';

export const CONNECTOR_LIMITS = {
  minPollMinutes: 1,
  maxPollMinutes: 1440,
  defaultPollMinutes: 5,
  /** New items one poll turns into runs (the rest wait for the next poll). */
  maxItemsPerPoll: 50,
  maxTimeoutMs: 60_000,
  defaultTimeoutMs: 30_000,
  /** Connector operations one agent may call as tools. */
  maxAgentConnectorTools: 20,
} as const;

const slug = (rule: string) => identifier(/^[A-Za-z][A-Za-z0-9_]*$/, rule);
const values = z.record(z.string(), z.unknown(), { error: 'must be named values' }).default({});

/** A template holds a placeholder: it is checked after rendering, at run time. */
export function isTemplateValue(value: unknown): value is string {
  return typeof value === 'string' && value.includes('{{');
}

/** Problems of the values of an operation or trigger, at `params.<key>` paths ('params.email'). */
export function connectorValueProblems(shape: ConnectorParamsShape, given: Record<string, unknown>): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  for (const key of Object.keys(given)) if (!(key in shape)) problems.push({ path: `params.${key}`, message: 'is not a known field' });
  for (const [key, schema] of Object.entries(shape)) {
    const value = given[key];
    const blank = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
    if (blank) {
      if (!schema.safeParse(undefined).success) problems.push({ path: `params.${key}`, message: 'is required' });
      continue;
    }
    if (isTemplateValue(value)) {
      const broken = templatePlaceholders(value).find((p) => !p.ok);
      if (broken && !broken.ok) problems.push({ path: `params.${key}`, message: `${broken.message} (at character ${broken.position})` });
      continue;
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const sub = pathOf(issue.path);
      problems.push({ path: `params.${key}${sub ? `.${sub}` : ''}`, message: issue.message });
    }
  }
  return problems;
}

/** Blank strings are "not given": a form leaves a cleared field as ''. */
export function withoutBlanks(given: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined && value !== null && !(typeof value === 'string' && value.trim() === '')));
}

function credentialProblem(connector: ConnectorDeclaration, credentialId: string | undefined, ctx: z.RefinementCtx): void {
  if (connector.credentialTypes.length > 0 && credentialId === undefined) ctx.addIssue({ code: 'custom', path: ['credentialId'], message: 'is required: connect an account' });
}

/**
 * The app, its operation or trigger, the account and the values of an app
 * step or trigger: each problem at its param path.
 */
function checkApp(
  ctx: z.RefinementCtx,
  p: { connector: string; credentialId?: string | undefined; params: Record<string, unknown> },
  what: 'operation' | 'trigger',
  find: (connector: ConnectorDeclaration) => { params: { shape: ConnectorParamsShape } } | undefined,
  { templates }: { templates: boolean },
): void {
  const connector = connectorOf(p.connector);
  if (!connector) return void ctx.addIssue({ code: 'custom', path: ['connector'], message: 'is not a known app' });
  const found = find(connector);
  if (!found) return void ctx.addIssue({ code: 'custom', path: [what], message: `is not ${what === 'operation' ? 'an operation' : 'a trigger'} of ${connector.name}` });
  credentialProblem(connector, p.credentialId, ctx);
  for (const problem of connectorValueProblems(found.params.shape, p.params)) ctx.addIssue({ code: 'custom', path: problem.path.split('.'), message: problem.message });
  if (!templates) {
    for (const [key, value] of Object.entries(p.params)) if (isTemplateValue(value)) ctx.addIssue({ code: 'custom', path: ['params', key], message: 'must be a fixed value here: a trigger has no input to fill {{ … }} from' });
  }
}

export const connectorStepParamsSchema = z
  .strictObject({
    connector: slug('must be a connector id'),
    operation: slug('must be an operation id'),
    /** A vault credential of one of the connector's credential types. */
    credentialId: documentIdSchema.optional(),
    params: values,
    timeoutMs: z
      .int({ error: 'must be a whole number' })
      .min(1, 'must be at least 1')
      .max(CONNECTOR_LIMITS.maxTimeoutMs, `must be at most ${CONNECTOR_LIMITS.maxTimeoutMs}`)
      .optional(),
  })
  .superRefine((p, ctx) => checkApp(ctx, p, 'operation', (connector) => connectorOperationOf(connector, p.operation), { templates: true }));

export const pollTriggerParamsSchema = z
  .strictObject({
    connector: slug('must be a connector id'),
    trigger: slug('must be a trigger id'),
    credentialId: documentIdSchema.optional(),
    params: values,
    intervalMinutes: z
      .int({ error: 'must be a whole number' })
      .min(CONNECTOR_LIMITS.minPollMinutes, `must be at least ${CONNECTOR_LIMITS.minPollMinutes}`)
      .max(CONNECTOR_LIMITS.maxPollMinutes, `must be at most ${CONNECTOR_LIMITS.maxPollMinutes}`)
      .default(CONNECTOR_LIMITS.defaultPollMinutes),
  })
  // Trigger params are literal: there is no input to render them against yet.
  .superRefine((p, ctx) => checkApp(ctx, p, 'trigger', (connector) => connectorTriggerOf(connector, p.trigger), { templates: false }));

/** An agent's connector tool: one operation it may call, with the credential to use. */
export const connectorToolSchema = z
  .strictObject({
    connector: slug('must be a connector id'),
    operation: slug('must be an operation id'),
    credentialId: documentIdSchema.optional(),
  })
  .superRefine((tool, ctx) => {
    const connector = connectorOf(tool.connector);
    if (!connector) return void ctx.addIssue({ code: 'custom', path: ['connector'], message: 'is not a known app' });
    if (!connectorOperationOf(connector, tool.operation)) return void ctx.addIssue({ code: 'custom', path: ['operation'], message: `is not an operation of ${connector.name}` });
    credentialProblem(connector, tool.credentialId, ctx);
  });

/** The tool name an agent's model sees for a connector operation (OpenAI: letters, digits, _ and -, at most 64). */
export function connectorToolName(tool: { connector: string; operation: string }): string {
  return `${tool.connector}_${tool.operation}`.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64);
}

export type ConnectorStepParams = z.output<typeof connectorStepParamsSchema>;
export type PollTriggerParams = z.output<typeof pollTriggerParamsSchema>;
export type ConnectorTool = z.output<typeof connectorToolSchema>;
