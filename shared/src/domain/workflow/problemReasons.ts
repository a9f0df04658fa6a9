// The stable sub-codes of workflow problems: the UI translates a problem by
// its `code` + `reason` + `params` (the English `message` is for logs and
// APIs). The list is finite so a catalog can cover every reason, and a test
// fails when a problem carries a reason not listed here. No zod, no JSONata:
// the builder can import this without the param schemas.

export const PROBLEM_REASONS = [
  // -- a value (invalid-params, invalid-workflow shape issues); params: field
  /** Absent or blank. */
  'required',
  /** Text longer than params.max characters. */
  'too-long',
  /** Text shorter than params.min characters. */
  'too-short',
  /** A list (or map) with more than params.max entries. */
  'too-many',
  /** A list with fewer than params.min entries. */
  'too-few',
  /** A number above params.max. */
  'too-big',
  /** A number below params.min. */
  'too-small',
  /** JSON bigger than params.max bytes/characters. */
  'too-large',
  /** Not the expected kind of value (params.expected: 'string', 'number', 'int', 'boolean', 'array', 'object', …). */
  'invalid-type',
  /** Not one of params.options (comma-separated). */
  'invalid-option',
  /** Text that does not have the required form (an id, a slug, a header name, a model name…). */
  'invalid-format',
  /** Not an http(s) URL. */
  'invalid-url',
  /** Not a 5-field cron expression (params.detail says what, in English). */
  'invalid-cron',
  /** Not an IANA time zone. */
  'invalid-time-zone',
  /** A number that is not finite. */
  'not-finite',
  /** A field the schema does not know (params.key). */
  'unknown-key',
  /** The same value twice in a list (params.value). */
  'duplicate',
  /** A GET request asked to send a file. */
  'get-with-body',
  /** An app step or trigger naming an app that does not exist. */
  'unknown-app',
  /** An operation the app does not have. */
  'unknown-operation',
  /** A trigger the app does not have. */
  'unknown-trigger',
  /** An app step without a connected account. */
  'credential-required',
  /** A {{ }} placeholder where only fixed values are allowed (a trigger's params). */
  'template-not-allowed',
  /** Anything else a schema refuses (the English message says what). */
  'invalid-value',

  // -- invalid-expression; params: position (and reference, node for references)
  /** Does not parse (params.position: character offset in the param). */
  'syntax',
  /** Refers to a node that does not exist (params.reference, params.node). */
  'unknown-reference',
  /** Refers to a node that exists but is not upstream of this one (params.reference, params.node). */
  'not-upstream',
  /** Refers to a field the node's output schema does not have (params.reference, params.node, params.field). */
  'unknown-field',

  // -- graph
  /** trigger-count: the workflow has none. */
  'no-trigger',
  /** trigger-count: params.node is a second (third…) manual trigger (other triggers may be several). */
  'extra-manual-trigger',
  /** trigger-count: params.node is a second (third…) error trigger (errorTrigger.ts). */
  'extra-error-trigger',
  /** edge-missing-node: the edge starts at a missing params.node. */
  'missing-source',
  /** edge-missing-node: the edge ends at a missing params.node. */
  'missing-target',
  /** invalid-workflow: an edge leads into the trigger params.node. */
  'into-trigger',
  /** invalid-workflow: an edge leaves the condition params.node without a 'true'/'false' branch. */
  'missing-branch',
  /** invalid-workflow: an edge leaves the error handle of params.node, whose onError is not 'branch'. */
  'error-branch-off',
  /** invalid-workflow: an edge leaves the loop params.node by neither its 'body' nor its 'done' handle. */
  'loop-missing-handle',
  /** invalid-workflow: the loop params.node has nothing on its 'body' handle. */
  'loop-no-body',
  /** invalid-workflow: params.node starts the body of the loop params.loop but is also reached from outside it. */
  'loop-body-shared',
  /** invalid-workflow: the loop params.node is inside the body of the loop params.loop. */
  'loop-nested',
  /** invalid-workflow: the approval params.node is inside the body of the loop params.loop (a loop cannot pause). */
  'loop-body-approval',
  /** invalid-workflow: the wait params.node inside the body of the loop params.loop may last longer than params.seconds (a loop cannot pause). */
  'loop-body-wait',
  /** cycle: params.node connects to itself. */
  'self-loop',
  /** cycle: params.node is on the cycle params.nodes ('a → b → c'). */
  'on-cycle',
  /** unreachable-node: params.node cannot be reached from the trigger. */
  'unreachable',
  /** duplicate-id: a node id (params.id) used twice. */
  'duplicate-node',
  /** duplicate-id: an edge id (params.id) used twice. */
  'duplicate-edge',
  /** missing-delegate: an agent delegating to itself. */
  'self-delegate',
  /** missing-delegate: delegating to a node (params.node) that does not exist. */
  'missing-node',
  /** missing-delegate: delegating to params.node, a params.type node, not an agent. */
  'not-agent',
  /** invalid-params: an agent's MCP tool on a server (params.server: its id) the workspace no longer has (mcpToolProblems). */
  'mcp-server-missing',
  /** invalid-params: an agent's MCP tool (params.tool) its server (params.server: its name) no longer lists. */
  'mcp-tool-missing',
  /** invalid-params: a param naming a node (a webhook's respondWith) that is not a node of the workflow (params.node). */
  'unknown-node',
  /** invalid-workflow (mcp.enabled): offered to MCP clients without a manual trigger, whose input would be the tool's. */
  'mcp-needs-manual-trigger',
  /** invalid-workflow: the workflow, a node or an edge is not an object. */
  'not-object',
  /** invalid-workflow: the workflow is params.bytes bytes; the limit is params.max. */
  'document-too-large',
  /** invalid-workflow: the workflow cannot be written as JSON. */
  'not-serialisable',
] as const;

export type ProblemReason = (typeof PROBLEM_REASONS)[number];

/** Values a problem's message and its translation fill in (field, max, node, reference, position…). */
export type ProblemParams = Record<string, string | number>;

export const isProblemReason = (value: unknown): value is ProblemReason => typeof value === 'string' && (PROBLEM_REASONS as readonly string[]).includes(value);
