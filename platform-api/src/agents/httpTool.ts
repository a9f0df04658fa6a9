// An agent's HTTP tool: a request the node's settings describe (URL and
// headers rendered against the step input, the credential's auth added), made
// through the private-address guard, its answer redacted of the credential and
// cut to what the model may read.
import { jsonSchema, tool } from 'ai';
import type { HttpTool } from '@agentflow/shared/workflow';
import { messageOf } from '@agentflow/shared/domain';
import { safeFetch } from '../net/safeFetch.js';
import { withAuthHeaders } from '../credentials/httpAuth.js';
import { renderTemplate } from '../expressions/evaluate.js';
import { redactText } from './providers/redact.js';
import type { RunAgentOptions, ToolCredential } from './runAgent.js';

/** How much of a tool's response the model gets back. */
export const MAX_TOOL_RESULT_CHARS = 8000;

type HttpToolOptions = Pick<RunAgentOptions, 'input' | 'toolCredentialHeaders' | 'fetchPolicy'>;

const httpToolInput = (method: string) =>
  jsonSchema<{ query?: Record<string, string | number | boolean>; body?: string }>({
    type: 'object',
    properties: {
      query: { type: 'object', description: 'Query parameters to add to the URL', additionalProperties: { type: 'string' } },
      ...(method === 'GET' || method === 'DELETE' ? {} : { body: { type: 'string', description: 'The request body (JSON text)' } }),
    },
    additionalProperties: false,
  });

export function httpToolFor(spec: HttpTool, options: HttpToolOptions, signal: AbortSignal) {
  return tool({
    description: spec.description,
    inputSchema: httpToolInput(spec.method),
    execute: async (args) => {
      const data = options.input;
      const url = new URL(await renderTemplate(spec.url, data, encodeURIComponent));
      for (const [key, value] of Object.entries(args.query ?? {})) url.searchParams.append(key, String(value));
      const literal: Record<string, string> = {};
      for (const [name, value] of Object.entries(spec.headers ?? {})) literal[name] = await renderTemplate(value, data);
      let auth: ToolCredential = { headers: {}, secrets: [] };
      if (spec.credentialId !== undefined) {
        if (!options.toolCredentialHeaders) throw new Error(`The tool ${spec.name} uses a credential, but credentials are not available on this server`);
        auth = await options.toolCredentialHeaders(spec.credentialId);
      }
      const headers = withAuthHeaders(literal, auth.headers);
      const body = spec.method === 'GET' || spec.method === 'DELETE' ? undefined : args.body;
      if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['Content-Type'] = 'application/json';
      let response;
      try {
        response = await safeFetch({ method: spec.method, url: url.toString(), headers, ...(body !== undefined ? { body } : {}), signal }, options.fetchPolicy);
      } catch (error) {
        if (signal.aborted) throw error;
        // What the model reads as the tool's error.
        throw new Error(`${spec.method} ${url.origin}${url.pathname} failed: ${messageOf(error)}`);
      }
      // What the service echoed of the credential is neither shown to the model nor recorded.
      const answer = redactText(response.body, auth.secrets);
      const text = answer.length > MAX_TOOL_RESULT_CHARS ? `${answer.slice(0, MAX_TOOL_RESULT_CHARS)}\n[truncated: ${response.bytes} bytes in all]` : answer;
      return `HTTP ${response.status}\n${text}`;
    },
  });
}
