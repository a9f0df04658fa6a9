// What an agent step fails with when the fault is in its settings or its answer (never transient: a retry would fail the same way).

/** The node's params are not a valid agent (or name a missing delegate). Not transient. */
export class AgentConfigError extends Error {
  override name = 'AgentConfigError';
}
/** The final answer is not valid JSON or does not match the node's JSON schema. Not transient. */
export class AgentOutputError extends Error {
  override name = 'AgentOutputError';
}
/** The agent used all its steps on tool calls without answering. Not transient. */
export class AgentStepLimitError extends Error {
  override name = 'AgentStepLimitError';
}
