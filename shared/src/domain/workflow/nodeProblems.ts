// nodeProblems(): the problems of one node's params, which the builder's
// configuration panel shows next to the fields and validateWorkflow() reports
// for every node. Pure: no React, no Firebase, no evaluation.
import type { z } from 'zod';
import type { NodeType, WorkflowProblem } from './model.js';
import { NODE_PARAM_SCHEMAS, PARAM_LIMITS } from './params.js';
import { parseExpression, templatePlaceholders } from './expressions.js';
import { expressionParamsOf } from './expressionParams.js';
import { isRecord, issueEntries, pathOf, reasonFields } from './fields.js';
import { NODE_TYPE_LABELS } from './labels.js';
import { webhookTriggerProblems } from './webhooks.js';

/** A JSONata expression or {{ }} placeholder that does not parse, `position` characters into the param. */
function syntaxProblem(nodeId: string, path: string, message: string, position: number): WorkflowProblem {
  return { code: 'invalid-expression', nodeId, path, message: `${message} (at character ${position})`, reason: 'syntax', params: { position } };
}

/** A node as far as nodeProblems() needs it. */
export interface NodeLike {
  id: string;
  type: NodeType;
  params: unknown;
}

/**
 * The problems of one node's params: invalid-params (zod, with the param path),
 * invalid-expression (JSONata expressions and {{ }} templates that do not
 * parse) and, when the workflow's nodes are given, missing-delegate. The
 * builder's configuration panel shows them next to the fields by `path`.
 */
export function nodeProblems(node: NodeLike, nodes?: readonly { id: string; type: NodeType; params?: unknown }[]): WorkflowProblem[] {
  const problems: WorkflowProblem[] = [];
  const nodeId = node.id;
  const schema = NODE_PARAM_SCHEMAS[node.type] as z.ZodType | undefined;
  if (!schema) return problems;
  const parsed = schema.safeParse(node.params);
  if (!parsed.success) {
    for (const entry of parsed.error.issues.flatMap(issueEntries)) {
      problems.push({ code: 'invalid-params', nodeId, path: pathOf(entry.path), message: entry.message, ...reasonFields(entry) });
    }
  }
  if (!isRecord(node.params)) return problems;
  const params = node.params;

  // Syntax of the params that hold JSONata (expressionParams.ts), those the schema does not check itself.
  for (const param of expressionParamsOf({ type: node.type, params })) {
    if (param.syntax !== 'problems') continue;
    if (param.kind === 'expression') {
      if (param.value.trim() === '' || param.value.length > PARAM_LIMITS.maxExpressionLength) continue;
      const check = parseExpression(param.value);
      if (!check.ok) problems.push(syntaxProblem(nodeId, param.path, check.message, check.position));
    } else if (param.value.length <= PARAM_LIMITS.maxBodyLength) {
      for (const p of templatePlaceholders(param.value)) if (!p.ok) problems.push(syntaxProblem(nodeId, param.path, p.message, p.position));
    }
  }

  // Delegation: each delegate must be another agent of the workflow.
  const tools = node.type === 'agent' && isRecord(params.tools) ? params.tools : {};
  if (nodes && Array.isArray(tools.delegates)) {
    const types = new Map<string, NodeType>();
    for (const n of nodes) if (!types.has(n.id)) types.set(n.id, n.type);
    tools.delegates.forEach((delegate: unknown, i) => {
      if (typeof delegate !== 'string' || delegate === '') return;
      const path = `tools.delegates.${i}`;
      const type = types.get(delegate);
      const where = { code: 'missing-delegate', nodeId, path } as const;
      if (delegate === nodeId) problems.push({ ...where, message: 'An agent cannot delegate to itself', reason: 'self-delegate' });
      else if (type === undefined) problems.push({ ...where, message: `Delegates to missing node "${delegate}"`, reason: 'missing-node', params: { node: delegate } });
      else if (type !== 'agent') {
        const message = `Delegates to "${delegate}", which is a ${NODE_TYPE_LABELS[type].toLowerCase()} node, not an agent`;
        problems.push({ ...where, message, reason: 'not-agent', params: { node: delegate, type } });
      }
    });
  }
  if (node.type === 'trigger.webhook' && nodes) problems.push(...webhookTriggerProblems(nodeId, params, nodes));
  return problems;
}
