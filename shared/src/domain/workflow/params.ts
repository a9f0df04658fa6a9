// The zod schemas of each node type's params. The builder's configuration
// forms, validateWorkflow() and the engine all use these. Schemas check shape,
// sizes, cron and time zones; whether JSONata expressions and {{ … }}
// templates parse is checked by validateWorkflow() / nodeProblems() (see
// expressions.ts), reported with the same param paths.
import { z } from 'zod';
import type { NodeType } from './model.js';
import { identifier, oneOf, requiredText, str, text } from './fields.js';
import { documentIdSchema } from '../validation/ids.js';
import { WAIT_LIMITS, WAIT_UNITS, waitDurationMs } from './flowSteps.js';
import { parseExpression, templatePlaceholders } from './expressions.js';
import { CODE_LIMITS, DEFAULT_CODE } from './codeStep.js';
import { LOOP_ITEM_ERROR_MODES, LOOP_LIMITS } from './loop.js';
import { KNOWLEDGE_STEP_LIMITS } from './knowledgeStep.js';
import { RETRIEVAL_LIMITS } from '../knowledge/fusion.js';
import { MCP_LIMITS } from '../mcp/model.js';
import { mcpAgentToolSchema } from '../mcp/nodeParams.js';
import { CONNECTOR_LIMITS, connectorStepParamsSchema, connectorToolSchema, connectorToolName, pollTriggerParamsSchema } from '../connectors/nodeParams.js';

export const PARAM_LIMITS = {
  maxNameLength: 80,
  maxLabelLength: 120,
  maxInstructionsLength: 10_000,
  maxTemplateLength: 20_000,
  maxExpressionLength: 10_000,
  maxUrlLength: 2048,
  maxHeaderValueLength: 2000,
  maxHeaders: 30,
  maxBodyLength: 50_000,
  maxInputFields: 50,
  maxHttpTools: 20,
  maxDelegates: 20,
  maxApprovers: 50,
  maxMessageLength: 2000,
  maxJsonSchemaBytes: 20_000,
  maxTimeoutMs: 60_000,
  defaultTimeoutMs: 10_000,
  /** Files one agent step reads (each expression may give several). */
  maxAgentFiles: 10,
  maxFormFields: 30,
} as const;

// ---------------------------------------------------------------- cron

const CRON_FIELDS = [
  { name: 'minute', min: 0, max: 59, names: null },
  { name: 'hour', min: 0, max: 23, names: null },
  { name: 'day of month', min: 1, max: 31, names: null },
  { name: 'month', min: 1, max: 12, names: ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'] },
  // 0 and 7 are both Sunday.
  { name: 'day of week', min: 0, max: 7, names: ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] },
] as const;

const CRON_ITEM = /^(\*|[0-9A-Za-z]+(?:-[0-9A-Za-z]+)?)(?:\/([0-9]+))?$/;

/**
 * Checks a standard 5-field cron expression (minute hour day-of-month month
 * day-of-week) with lists, ranges, steps and JAN-DEC / SUN-SAT names.
 * Returns null when valid, else a message. No macros (@daily) or seconds field.
 */
export function cronError(expression: string): string | null {
  if (typeof expression !== 'string') return 'Cron expression must be a string';
  if (expression.length > 200) return 'Cron expression is too long';
  const fields = expression.trim().split(/\s+/).filter((f) => f !== '');
  if (fields.length !== 5) return 'Cron expression must have 5 fields: minute hour day-of-month month day-of-week';
  for (let f = 0; f < 5; f++) {
    const spec = CRON_FIELDS[f]!;
    const field = fields[f]!;
    for (const item of field.split(',')) {
      const m = CRON_ITEM.exec(item);
      if (!m) return `Invalid ${spec.name} "${item}"`;
      const [, range, step] = m;
      if (step !== undefined && (Number(step) < 1 || Number(step) > spec.max)) return `Invalid step in ${spec.name} "${item}"`;
      if (range === '*') continue;
      const bounds = range!.split('-');
      const values: number[] = [];
      for (const b of bounds) {
        const value = cronValue(b, spec);
        if (value === null) return `Invalid ${spec.name} "${item}": values are ${spec.min}-${spec.max}${spec.names ? ` or ${spec.names[0]}-${spec.names[spec.names.length - 1]}` : ''}`;
        values.push(value);
      }
      if (values.length === 2 && values[0]! > values[1]!) return `Invalid ${spec.name} range "${item}": start is after end`;
    }
  }
  return null;
}

function cronValue(token: string, spec: (typeof CRON_FIELDS)[number]): number | null {
  if (/^[0-9]{1,2}$/.test(token)) {
    const n = Number(token);
    return n >= spec.min && n <= spec.max ? n : null;
  }
  if (spec.names) {
    const index = (spec.names as readonly string[]).indexOf(token.toUpperCase());
    if (index >= 0) return index + spec.min;
  }
  return null;
}

/** True when `timeZone` is an IANA zone name (or UTC) this runtime knows. */
export function isValidTimeZone(timeZone: string): boolean {
  if (typeof timeZone !== 'string' || timeZone.length > 64) return false;
  // Names only: Intl also accepts offsets such as "+01:00", which are not IANA zones.
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(timeZone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------- shared fields


/** An HTTP header name (RFC 9110 token). */
const headerName = str()
  .min(1, 'is required')
  .max(100, 'must be at most 100 characters')
  .regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/, 'is not a valid header name');

const headers = z
  .record(headerName, text(PARAM_LIMITS.maxHeaderValueLength))
  .refine((h) => Object.keys(h).length <= PARAM_LIMITS.maxHeaders, `must have at most ${PARAM_LIMITS.maxHeaders} headers`);

const PLACEHOLDER = /\{\{[\s\S]*?\}\}/g;

/**
 * An http(s) URL, or a template of one: `https://api.example.com/orders/{{ id }}`,
 * or a template that starts with a placeholder producing the whole URL.
 * (Whether the placeholders parse is an invalid-expression check.)
 */
export function urlTemplateError(url: string): string | null {
  if (url.trim() === '') return 'is required';
  const trimmed = url.trim();
  if (trimmed.startsWith('{{')) return null;
  const literal = trimmed.replace(PLACEHOLDER, 'x');
  let parsed: URL;
  try {
    parsed = new URL(literal);
  } catch {
    return 'must be an http or https URL';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'must be an http or https URL';
  return null;
}

const urlTemplate = text(PARAM_LIMITS.maxUrlLength).superRefine((url, ctx) => {
  const error = urlTemplateError(url);
  if (error) ctx.addIssue({ code: 'custom', message: error });
});

const expression = requiredText(PARAM_LIMITS.maxExpressionLength);

const uniqueBy =
  <T>(key: (item: T) => string, what: string) =>
  (items: T[], ctx: z.RefinementCtx) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      const k = key(item);
      if (seen.has(k)) ctx.addIssue({ code: 'custom', message: `duplicate ${what} "${k}"`, path: [index] });
      seen.add(k);
    });
  };

/**
 * The JSONata source of a file expression: `{{ input.report }}` (one
 * placeholder, as templates are written elsewhere) or bare JSONata
 * (`input.photos[0]`). It must give a FileRef, or a list of them.
 */
export function fileExpressionSource(expression: string): string {
  const whole = /^\s*\{\{([\s\S]*)\}\}\s*$/.exec(expression);
  return (whole && !whole[1]!.includes('}}') ? whole[1]! : expression).trim();
}

/** A file expression that is present and parses (the message says where it does not). */
const fileExpression = requiredText(PARAM_LIMITS.maxExpressionLength).superRefine((value, ctx) => {
  if (value.trim() === '') return;
  const check = parseExpression(fileExpressionSource(value));
  if (!check.ok) ctx.addIssue({ code: 'custom', message: `is not a valid expression: ${check.message}` });
});

// ---------------------------------------------------------------- per node type

/** 'file': the run form uploads a file and the input holds its FileRef (files/model.ts). */
export const INPUT_FIELD_TYPES = ['string', 'number', 'boolean', 'text', 'file'] as const;
export type InputFieldType = (typeof INPUT_FIELD_TYPES)[number];

export const inputFieldSchema = z.strictObject({
  key: identifier(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must start with a letter or "_" and contain only letters, digits and "_"'),
  label: requiredText(PARAM_LIMITS.maxLabelLength),
  type: oneOf(INPUT_FIELD_TYPES),
  required: z.boolean().default(false),
  /** For 'file' fields: the content types taken ('image/*', 'application/pdf'); empty: every run file type. */
  accept: z.array(z.string().regex(/^[a-z]+\/([a-z0-9.+-]+|\*)$/, 'must be a content type such as image/* or application/pdf')).max(20).optional(),
});

export const manualTriggerParamsSchema = z.strictObject({
  inputSchema: z
    .array(inputFieldSchema)
    .max(PARAM_LIMITS.maxInputFields, `must have at most ${PARAM_LIMITS.maxInputFields} fields`)
    .superRefine(uniqueBy((f) => f.key, 'field key'))
    .default([]),
});

export const WEBHOOK_METHODS = ['POST', 'PUT'] as const;
/** How a webhook trigger answers its caller. */
export const WEBHOOK_RESPOND_MODES = ['immediately', 'whenDone'] as const;
export type WebhookRespondMode = (typeof WEBHOOK_RESPOND_MODES)[number];
/** The wait of a 'whenDone' webhook (ms). */
export const WEBHOOK_ANSWER_LIMITS = { minTimeoutMs: 1000, maxTimeoutMs: 120_000, defaultTimeoutMs: 30_000 } as const;
export const webhookTriggerParamsSchema = z.strictObject({
  path: identifier(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case letters, digits and single "-" (a slug)'),
  method: oneOf(WEBHOOK_METHODS).default('POST'),
  secretHeader: headerName.optional(),
  /** Absent or 'immediately': 202 {runId} at once; 'whenDone': wait for the run and answer with its output (webhooks.ts). */
  respond: oneOf(WEBHOOK_RESPOND_MODES).optional(),
  /** 'whenDone': the node whose output is the answer body (absent: the run's output); must be a node of the workflow (nodeProblems). */
  respondWith: requiredText(128).optional(),
  /** 'whenDone': how long the caller waits before it gets 202 with the run id and a Location to poll. */
  timeoutMs: z
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(WEBHOOK_ANSWER_LIMITS.minTimeoutMs, `must be at least ${WEBHOOK_ANSWER_LIMITS.minTimeoutMs}`)
    .max(WEBHOOK_ANSWER_LIMITS.maxTimeoutMs, `must be at most ${WEBHOOK_ANSWER_LIMITS.maxTimeoutMs}`)
    .optional(),
});

export const scheduleTriggerParamsSchema = z.strictObject({
  cron: str().superRefine((cron, ctx) => {
    const error = cronError(cron);
    if (error) ctx.addIssue({ code: 'custom', message: error, params: { reason: 'invalid-cron', detail: error } });
  }),
  timeZone: z
    .string({ error: 'must be a string' })
    .refine(isValidTimeZone, { message: 'must be an IANA time zone such as "Europe/Paris" or "UTC"', params: { reason: 'invalid-time-zone' } })
    .default('UTC'),
});

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export const httpToolSchema = z.strictObject({
  name: identifier(/^[A-Za-z][A-Za-z0-9_-]*$/, 'must start with a letter and contain only letters, digits, "_" and "-"'),
  description: requiredText(PARAM_LIMITS.maxMessageLength),
  method: oneOf(HTTP_METHODS),
  url: urlTemplate,
  headers: headers.optional(),
  /** An HTTP credential of the vault whose header the tool sends (see httpParamsSchema.credentialId). */
  credentialId: documentIdSchema.optional(),
});

const jsonSchemaObject = z
  .record(z.string(), z.unknown(), { error: 'must be a JSON schema object' })
  .refine((schema) => {
    try {
      return JSON.stringify(schema).length <= PARAM_LIMITS.maxJsonSchemaBytes;
    } catch {
      return false;
    }
  }, `must be serialisable JSON of at most ${PARAM_LIMITS.maxJsonSchemaBytes} characters`);

export const agentOutputSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('text') }),
  z.strictObject({ type: z.literal('json'), schema: jsonSchemaObject }),
]);

export const agentParamsSchema = z.strictObject({
  name: requiredText(PARAM_LIMITS.maxNameLength),
  /** The agent's role: its system instructions. */
  role: requiredText(PARAM_LIMITS.maxInstructionsLength),
  /** Text with {{ JSONata }} placeholders evaluated against the node's input. */
  promptTemplate: requiredText(PARAM_LIMITS.maxTemplateLength),
  /** Overrides the workspace's default model, e.g. "gemini-2.5-pro". */
  model: z
    .string({ error: 'must be a string' })
    .min(1, 'is required')
    .max(100, 'must be at most 100 characters')
    .regex(/^[A-Za-z0-9][A-Za-z0-9._:/@-]*$/, 'is not a valid model name')
    .optional(),
  /**
   * An AI credential of the vault (the owner's own, or their organization's):
   * the step calls that provider with `model` (or the type's suggested one).
   * Absent: the platform's default model.
   */
  credentialId: documentIdSchema.optional(),
  output: agentOutputSchema.default({ type: 'text' }),
  tools: z
    .strictObject({
      http: z
        .array(httpToolSchema)
        .max(PARAM_LIMITS.maxHttpTools, `must have at most ${PARAM_LIMITS.maxHttpTools} tools`)
        .superRefine(uniqueBy((t) => t.name, 'tool name'))
        .default([]),
      /** Ids of other agent nodes this agent may delegate to. */
      delegates: z
        .array(str().min(1, 'is required').max(64, 'must be at most 64 characters'))
        .max(PARAM_LIMITS.maxDelegates, `must have at most ${PARAM_LIMITS.maxDelegates} delegates`)
        .superRefine(uniqueBy((d) => d, 'delegate'))
        .default([]),
      /** App operations (connectors) this agent may call, each with the credential to use. */
      connectors: z
        .array(connectorToolSchema)
        .max(CONNECTOR_LIMITS.maxAgentConnectorTools, `must have at most ${CONNECTOR_LIMITS.maxAgentConnectorTools} app tools`)
        .superRefine(uniqueBy((t) => connectorToolName(t), 'app tool'))
        .optional(),
      /** Knowledge bases of the workspace the agent may search (the search_knowledge tool, knowledgeStep.ts). */
      knowledge: z
        .array(documentIdSchema)
        .max(KNOWLEDGE_STEP_LIMITS.maxAgentKnowledgeBases, `must have at most ${KNOWLEDGE_STEP_LIMITS.maxAgentKnowledgeBases} knowledge bases`)
        .superRefine(uniqueBy((id) => id, 'knowledge base'))
        .optional(),
      /** Tools of the workspace's MCP servers the model is offered (mcp/nodeParams.ts); the builder checks them against the servers' listings (mcpToolProblems). */
      mcp: z
        .array(mcpAgentToolSchema)
        .max(MCP_LIMITS.maxAgentMcpTools, `must have at most ${MCP_LIMITS.maxAgentMcpTools} MCP tools`)
        .superRefine(uniqueBy((t) => `${t.serverId}/${t.tool}`, 'MCP tool'))
        .optional(),
    })
    .default({ http: [], delegates: [] }),
  /**
   * Files whose text the agent reads before it answers: file expressions
   * (`{{ input.report }}`), each giving a FileRef or a list of them. PDF,
   * Word and text files only; absent or empty: none.
   */
  files: z.array(fileExpression).max(PARAM_LIMITS.maxAgentFiles, `must have at most ${PARAM_LIMITS.maxAgentFiles} files`).optional(),
});

export const conditionParamsSchema = z.strictObject({
  /** JSONata; truthy takes the 'true' edge, otherwise the 'false' edge. */
  expression,
});

export const transformParamsSchema = z.strictObject({
  /** JSONata mapping from the node's input to its output. */
  mapping: expression,
});

/**
 * What an HTTP step sends: 'template' (default) the `body` template as text;
 * 'multipart' a multipart/form-data body of `formFields` (templates) and the
 * file `file` gives, under the part name `fileField`; 'file' that file's
 * bytes as the whole body, with its content type.
 */
export const HTTP_BODY_KINDS = ['template', 'multipart', 'file'] as const;
export type HttpBodyKind = (typeof HTTP_BODY_KINDS)[number];
/**
 * When an HTTP step keeps the answer as a run file (the output then holds
 * `file` instead of `body`): 'binary' (default) when the answer is not text
 * or JSON; 'always' whatever it is.
 */
export const HTTP_SAVE_RESPONSE = ['binary', 'always'] as const;
export type HttpSaveResponse = (typeof HTTP_SAVE_RESPONSE)[number];

const formFields = z
  .record(
    identifier(/^[A-Za-z0-9_.[\]-]+$/, 'must contain only letters, digits, "_", "-", "." and brackets', 100),
    text(PARAM_LIMITS.maxHeaderValueLength).superRefine((value, ctx) => {
      const broken = templatePlaceholders(value).find((p) => !p.ok);
      if (broken && !broken.ok) ctx.addIssue({ code: 'custom', message: `${broken.message} (at character ${broken.position})` });
    }),
  )
  .refine((f) => Object.keys(f).length <= PARAM_LIMITS.maxFormFields, `must have at most ${PARAM_LIMITS.maxFormFields} fields`);

export const httpParamsSchema = z
  .strictObject({
    method: oneOf(HTTP_METHODS),
    url: urlTemplate,
    headers: headers.default({}),
    /** A {{ JSONata }} template for the request body. */
    body: text(PARAM_LIMITS.maxBodyLength).optional(),
    /** How the body is made (HTTP_BODY_KINDS); absent: 'template'. */
    bodyKind: oneOf(HTTP_BODY_KINDS).optional(),
    /** The file sent ('multipart', 'file'): a file expression (`{{ input.report }}`) giving one FileRef. */
    file: fileExpression.optional(),
    /** The multipart part name of the file; absent: "file". */
    fileField: identifier(/^[A-Za-z0-9_.[\]-]+$/, 'must contain only letters, digits, "_", "-", "." and brackets', 100).optional(),
    /** The multipart text fields: name → {{ JSONata }} template. */
    formFields: formFields.optional(),
    /** When the answer is kept as a run file (HTTP_SAVE_RESPONSE); absent: 'binary'. */
    saveResponse: oneOf(HTTP_SAVE_RESPONSE).optional(),
    /**
     * An HTTP credential of the vault (header, bearer token or basic auth): its
     * header is added at the moment of the call, so no secret sits in the
     * workflow. It wins over a literal header of the same name.
     */
    credentialId: documentIdSchema.optional(),
    timeoutMs: z
      .int({ error: 'must be a whole number' })
      .min(1, 'must be at least 1')
      .max(PARAM_LIMITS.maxTimeoutMs, `must be at most ${PARAM_LIMITS.maxTimeoutMs}`)
      .default(PARAM_LIMITS.defaultTimeoutMs),
  })
  .superRefine((params, ctx) => {
    const kind = params.bodyKind ?? 'template';
    if (kind === 'template') return;
    // A file body needs a method that has a body, and the file to send.
    if (params.method === 'GET') ctx.addIssue({ code: 'custom', path: ['bodyKind'], message: 'a GET request cannot send a file: pick POST, PUT or PATCH' });
    if (params.file === undefined) ctx.addIssue({ code: 'custom', path: ['file'], message: 'is required' });
  });

export const approvalParamsSchema = z.strictObject({
  /** User ids or role ids; any one of them may approve. */
  approvers: z
    .array(str().min(1, 'is required').max(128, 'must be at most 128 characters'))
    .min(1, 'must name at least one approver')
    .max(PARAM_LIMITS.maxApprovers, `must have at most ${PARAM_LIMITS.maxApprovers} approvers`)
    .superRefine(uniqueBy((a) => a, 'approver')),
  message: requiredText(PARAM_LIMITS.maxMessageLength),
});

export const outputParamsSchema = z.strictObject({
  /** Optional JSONata shaping the workflow's result; without it the input passes through. */
  mapping: expression.optional(),
});

/** A wait: a duration, or until a date-time (ISO 8601 or a {{ template }}; a local time is read in timeZone). */
export const waitParamsSchema = z.discriminatedUnion(
  'mode',
  [
    z.strictObject({
      mode: z.literal('duration'),
      amount: z.number({ error: 'must be a number' }).positive('must be more than 0'),
      unit: oneOf(WAIT_UNITS),
    }),
    z.strictObject({
      mode: z.literal('until'),
      at: requiredText(WAIT_LIMITS.maxAtLength),
      timeZone: z.string({ error: 'must be a string' }).refine(isValidTimeZone, { message: 'must be an IANA time zone such as "Europe/Paris" or "UTC"', params: { reason: 'invalid-time-zone' } }).optional(),
    }),
  ],
  { error: 'must be "duration" or "until"' },
).superRefine((params, ctx) => {
  if (params.mode === 'duration' && waitDurationMs(params.amount, params.unit) > WAIT_LIMITS.maxMs) ctx.addIssue({ code: 'custom', path: ['amount'], message: `must be at most ${WAIT_LIMITS.maxDays} days`, params: { reason: 'too-big', max: Math.floor(WAIT_LIMITS.maxMs / waitDurationMs(1, params.unit)) } });
});

/** Runs another workflow (its manual trigger's input fields mapped by templates) and returns its output. */
export const subworkflowParamsSchema = z.strictObject({
  workflowId: documentIdSchema,
  /** Child input field key → {{ template }} (one whole placeholder keeps its value's type). */
  input: z.record(z.string(), text(PARAM_LIMITS.maxTemplateLength)).default({}),
  /** The step waits for the child run and gives its output (the only behaviour today). */
  wait: z.literal(true).default(true),
});

/** A loop (loop.ts): the list to run its body over, how many items at once, and what a failed item does. */
export const loopParamsSchema = z.strictObject({
  /** JSONata giving the list (a single value is a list of one). */
  items: expression,
  concurrency: z
    .int({ error: 'must be a whole number' })
    .min(LOOP_LIMITS.minConcurrency, `must be at least ${LOOP_LIMITS.minConcurrency}`)
    .max(LOOP_LIMITS.maxConcurrency, `must be at most ${LOOP_LIMITS.maxConcurrency}`)
    .default(LOOP_LIMITS.defaultConcurrency),
  onItemError: oneOf(LOOP_ITEM_ERROR_MODES).default('stop'),
});

/** JavaScript run in the QuickJS sandbox (platform-api runs/code): `input` in, the returned value out. */
export const codeParamsSchema = z.strictObject({
  code: requiredText(CODE_LIMITS.maxCodeLength),
  timeoutMs: z
    .int({ error: 'must be a whole number' })
    .min(CODE_LIMITS.minTimeoutMs, `must be at least ${CODE_LIMITS.minTimeoutMs}`)
    .max(CODE_LIMITS.maxTimeoutMs, `must be at most ${CODE_LIMITS.maxTimeoutMs}`)
    .default(CODE_LIMITS.defaultTimeoutMs),
  memoryMb: z
    .int({ error: 'must be a whole number' })
    .min(CODE_LIMITS.minMemoryMb, `must be at least ${CODE_LIMITS.minMemoryMb}`)
    .max(CODE_LIMITS.maxMemoryMb, `must be at most ${CODE_LIMITS.maxMemoryMb}`)
    .default(CODE_LIMITS.defaultMemoryMb),
});

/** Top-k and the similarity threshold of a knowledge search (fusion.ts RETRIEVAL_LIMITS); absent: the knowledge base's own. */
export const retrievalOverrideSchema = {
  topK: z
    .int({ error: 'must be a whole number' })
    .min(RETRIEVAL_LIMITS.minTopK, `must be at least ${RETRIEVAL_LIMITS.minTopK}`)
    .max(RETRIEVAL_LIMITS.maxTopK, `must be at most ${RETRIEVAL_LIMITS.maxTopK}`)
    .optional(),
  minSimilarity: z.number({ error: 'must be a number' }).min(-1, 'must be at least -1').max(1, 'must be at most 1').optional(),
};

/** Searches a knowledge base of the workspace (knowledgeStep.ts): `query` is JSONata giving the question's text. */
export const knowledgeParamsSchema = z.strictObject({
  knowledgeBaseId: documentIdSchema,
  query: expression,
  ...retrievalOverrideSchema,
});

/** The error trigger has nothing to set: it fires for every workflow that names this one as its error workflow. */
export const errorTriggerParamsSchema = z.strictObject({});

/** The chat trigger has nothing to set: the chat app that publishes the workflow holds its settings (shared/src/domain/chat). */
export const chatTriggerParamsSchema = z.strictObject({});

/** The params schema of each node type. */
export const NODE_PARAM_SCHEMAS = {
  'trigger.manual': manualTriggerParamsSchema,
  'trigger.webhook': webhookTriggerParamsSchema,
  'trigger.schedule': scheduleTriggerParamsSchema,
  agent: agentParamsSchema,
  condition: conditionParamsSchema,
  transform: transformParamsSchema,
  http: httpParamsSchema,
  approval: approvalParamsSchema,
  output: outputParamsSchema,
  connector: connectorStepParamsSchema,
  'trigger.poll': pollTriggerParamsSchema,
  code: codeParamsSchema,
  loop: loopParamsSchema,
  wait: waitParamsSchema,
  subworkflow: subworkflowParamsSchema,
  'trigger.error': errorTriggerParamsSchema,
  'trigger.chat': chatTriggerParamsSchema,
  knowledge: knowledgeParamsSchema,
} as const satisfies Record<NodeType, z.ZodType>;

export type ManualTriggerParams = z.output<typeof manualTriggerParamsSchema>;
export type WebhookTriggerParams = z.output<typeof webhookTriggerParamsSchema>;
export type ScheduleTriggerParams = z.output<typeof scheduleTriggerParamsSchema>;
export type AgentParams = z.output<typeof agentParamsSchema>;
export type AgentOutput = z.output<typeof agentOutputSchema>;
export type HttpTool = z.output<typeof httpToolSchema>;
export type InputField = z.output<typeof inputFieldSchema>;
export type ConditionParams = z.output<typeof conditionParamsSchema>;
export type TransformParams = z.output<typeof transformParamsSchema>;
export type HttpParams = z.output<typeof httpParamsSchema>;
export type ApprovalParams = z.output<typeof approvalParamsSchema>;
export type OutputParams = z.output<typeof outputParamsSchema>;
export type CodeParams = z.output<typeof codeParamsSchema>;
export type LoopParams = z.output<typeof loopParamsSchema>;
export type WaitParams = z.output<typeof waitParamsSchema>;
export type SubworkflowParams = z.output<typeof subworkflowParamsSchema>;
export type KnowledgeParams = z.output<typeof knowledgeParamsSchema>;
export type { ConnectorStepParams, PollTriggerParams, ConnectorTool } from '../connectors/nodeParams.js';

/** The parsed params of a node type (defaults filled in). */
export type NodeParams<T extends NodeType = NodeType> = z.output<(typeof NODE_PARAM_SCHEMAS)[T]>;
/** What a form may submit for a node type (fields with defaults optional). */
export type NodeParamsInput<T extends NodeType = NodeType> = z.input<(typeof NODE_PARAM_SCHEMAS)[T]>;

const DEFAULT_PARAMS: { [T in NodeType]: NodeParams<T> } = {
  'trigger.manual': { inputSchema: [] },
  'trigger.webhook': { path: 'incoming', method: 'POST' },
  'trigger.schedule': { cron: '0 9 * * 1-5', timeZone: 'UTC' },
  agent: {
    name: 'Assistant',
    role: 'You are a careful business assistant. Answer concisely and say when information is missing.',
    promptTemplate: 'Work on this input:\n{{ $string($) }}',
    output: { type: 'text' },
    tools: { http: [], delegates: [] },
  },
  condition: { expression: '$exists($)' },
  transform: { mapping: '$' },
  http: { method: 'GET', url: 'https://example.com', headers: {}, timeoutMs: PARAM_LIMITS.defaultTimeoutMs },
  // The organisation admin role (rbac ORG_ADMIN_ROLE_ID).
  approval: { approvers: ['org_admin'], message: 'Please review and approve this step.' },
  output: {},
  // A fresh app step asks for its account first (credentialId is a problem until one is connected).
  connector: { connector: 'hubspot', operation: 'createDeal', params: { dealname: '{{ input.name }}' } },
  'trigger.poll': { connector: 'hubspot', trigger: 'dealChanged', params: {}, intervalMinutes: 5 },
  code: { code: DEFAULT_CODE, timeoutMs: CODE_LIMITS.defaultTimeoutMs, memoryMb: CODE_LIMITS.defaultMemoryMb },
  loop: { items: 'input.items', concurrency: 1, onItemError: 'stop' },
  wait: { mode: 'duration', amount: 5, unit: 'minutes' },
  // A fresh sub-workflow step asks for its workflow first (an empty id is a problem until one is picked).
  subworkflow: { workflowId: '', input: {}, wait: true },
  'trigger.error': {},
  'trigger.chat': {},
  // A fresh Knowledge step asks for its knowledge base first (an empty id is a problem until one is picked).
  knowledge: { knowledgeBaseId: '', query: 'input.question' },
};

/** Valid starting params for a node type (a fresh copy each call), for the builder's palette. */
export function defaultParams<T extends NodeType>(type: T): NodeParams<T> {
  return JSON.parse(JSON.stringify(DEFAULT_PARAMS[type])) as NodeParams<T>;
}

/** Parses params of a node type; a zod safeParse result. */
export function parseNodeParams<T extends NodeType>(type: T, params: unknown) {
  return (NODE_PARAM_SCHEMAS[type] as unknown as z.ZodType<NodeParams<T>>).safeParse(params);
}
