// nodeProblems(): the problems of one node's params, which the builder's
// configuration panel shows next to the fields and validateWorkflow() reports
// for every node. Pure: no React, no Firebase, no evaluation.
import type { z } from 'zod';
import type { NodeType, WorkflowProblem } from './model.js';
import { NODE_PARAM_SCHEMAS, PARAM_LIMITS } from './params.js';
import { parseExpression, templatePlaceholders } from './expressions.js';
import { isRecord, issueEntries, pathOf } from './fields.js';
import { NODE_TYPE_LABELS } from './labels.js';

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
export function nodeProblems(node: NodeLike, nodes?: readonly { id: string; type: NodeType }[]): WorkflowProblem[] {
  const problems: WorkflowProblem[] = [];
  const nodeId = node.id;
  const schema = NODE_PARAM_SCHEMAS[node.type] as z.ZodType | undefined;
  if (!schema) return problems;
  const parsed = schema.safeParse(node.params);
  if (!parsed.success) {
    for (const { path, message } of parsed.error.issues.flatMap(issueEntries)) {
      problems.push({ code: 'invalid-params', nodeId, path: pathOf(path), message });
    }
  }
  if (!isRecord(node.params)) return problems;
  const params = node.params;

  const expression = (path: string, value: unknown) => {
    if (typeof value !== 'string' || value.trim() === '' || value.length > PARAM_LIMITS.maxExpressionLength) return;
    const check = parseExpression(value);
    if (!check.ok) problems.push({ code: 'invalid-expression', nodeId, path, message: `${check.message} (at character ${check.position})` });
  };
  const template = (path: string, value: unknown) => {
    if (typeof value !== 'string' || value.length > PARAM_LIMITS.maxBodyLength) return;
    for (const p of templatePlaceholders(value)) {
      if (!p.ok) problems.push({ code: 'invalid-expression', nodeId, path, message: `${p.message} (at character ${p.position})` });
    }
  };
  const headerTemplates = (path: string, value: unknown) => {
    if (!isRecord(value)) return;
    for (const key of Object.keys(value).sort()) template(`${path}.${key}`, value[key]);
  };

  switch (node.type) {
    case 'condition':
      expression('expression', params.expression);
      break;
    case 'transform':
    case 'output':
      expression('mapping', params.mapping);
      break;
    case 'http':
      template('url', params.url);
      headerTemplates('headers', params.headers);
      template('body', params.body);
      break;
    case 'agent': {
      template('promptTemplate', params.promptTemplate);
      const tools = isRecord(params.tools) ? params.tools : {};
      if (Array.isArray(tools.http)) {
        tools.http.forEach((tool: unknown, i) => {
          if (!isRecord(tool)) return;
          template(`tools.http.${i}.url`, tool.url);
          headerTemplates(`tools.http.${i}.headers`, tool.headers);
        });
      }
      if (nodes && Array.isArray(tools.delegates)) {
        const types = new Map<string, NodeType>();
        for (const n of nodes) if (!types.has(n.id)) types.set(n.id, n.type);
        tools.delegates.forEach((delegate: unknown, i) => {
          if (typeof delegate !== 'string' || delegate === '') return;
          const path = `tools.delegates.${i}`;
          const type = types.get(delegate);
          if (delegate === nodeId) problems.push({ code: 'missing-delegate', nodeId, path, message: 'An agent cannot delegate to itself' });
          else if (type === undefined) problems.push({ code: 'missing-delegate', nodeId, path, message: `Delegates to missing node "${delegate}"` });
          else if (type !== 'agent') problems.push({ code: 'missing-delegate', nodeId, path, message: `Delegates to "${delegate}", which is a ${NODE_TYPE_LABELS[type].toLowerCase()} node, not an agent` });
        });
      }
      break;
    }
    default:
      break;
  }
  return problems;
}
