// An agent asked for JSON: the schema handed to the model, the check of its
// answer, and the error that names what did not match.
import { NoObjectGeneratedError, Output, jsonSchema } from 'ai';
import { z } from 'zod';
import type { WorkflowNode } from '@agentflow/shared/workflow';
import { messageOf } from '@agentflow/shared/domain';
import { AgentConfigError, AgentOutputError } from './agentErrors.js';

/**
 * Structured output through the SDK (response_format json_schema on
 * OpenAI-compatible endpoints, `format` on Ollama), validated here with zod's
 * JSON-schema reader, which names the failing field.
 */
export function jsonOutput(schema: Record<string, unknown>) {
  let validator: z.ZodType;
  try {
    validator = z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]);
  } catch (error) {
    throw new AgentConfigError(`The agent's JSON schema cannot be used: ${messageOf(error)}`);
  }
  return Output.object({
    schema: jsonSchema<unknown>(schema as Parameters<typeof jsonSchema>[0], {
      validate: (value) => {
        const parsed = validator.safeParse(value);
        return parsed.success ? { success: true, value: parsed.data } : { success: false, error: new Error(describeIssues(parsed.error)) };
      },
    }),
  });
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : '(root)'}: ${issue.message}`)
    .join('; ');
}

export function outputError(node: WorkflowNode, error: NoObjectGeneratedError): AgentOutputError {
  const cause = error.cause as { name?: string; cause?: unknown; message?: string } | undefined;
  if (cause?.name === 'AI_TypeValidationError') {
    const inner = cause.cause instanceof Error ? cause.cause.message : (cause.message ?? '');
    return new AgentOutputError(`Agent "${node.name}" answered JSON that does not match its schema: ${inner}`);
  }
  const text = (error.text ?? '').slice(0, 200);
  return new AgentOutputError(`Agent "${node.name}" did not answer valid JSON${text ? `: "${text}${(error.text ?? '').length > 200 ? '…' : ''}"` : ''}`);
}
