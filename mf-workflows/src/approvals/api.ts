// platform-api's approval endpoints (APPROVALS_API) for the inbox and the
// one-click landing page: the approvals the caller may decide, a decision on
// the run's decide route, and what a signed link decides. A link may be opened
// signed out: its calls carry the ID token only when there is one, and the
// service answers link-sign-in-required when the workspace demands a sign-in.
import { ApiError, createApiClient, type ApiClientOptions } from '@agentflow/shared';
import {
  APPROVALS_API,
  type ApprovalDecided,
  type ApprovalDecisionBody,
  type ApprovalItem,
  type ApprovalLinkBody,
  type ApprovalLinkView,
  type ApprovalList,
} from '@agentflow/shared/approvals';

export interface ApprovalsClient {
  /** The approvals waiting for the caller's decision, in `workspace` when given (every workspace otherwise). */
  list(workspace?: string): Promise<ApprovalItem[]>;
  decide(runId: string, body: ApprovalDecisionBody): Promise<ApprovalDecided>;
  /** What a one-click link decides (GET), without deciding. */
  linkView(token: string): Promise<ApprovalLinkView>;
  /** Uses a one-click link. */
  decideLink(token: string, body: ApprovalLinkBody): Promise<ApprovalDecided>;
}

export function createApprovalsClient(options: ApiClientOptions): ApprovalsClient {
  const call = createApiClient(options);
  // Signed out, the link itself is the credential: the same call without an Authorization header.
  const linkCall = async <T,>(method: 'GET' | 'POST', token: string, body?: unknown): Promise<T> => {
    const idToken = await options.getIdToken().catch(() => null);
    if (idToken) return call<T>(method, APPROVALS_API.link(token), { body });
    const init: RequestInit = { method, headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' } };
    if (body !== undefined) init.body = JSON.stringify(body);
    let response: Response;
    try {
      response = await (options.fetch ?? fetch)(`${options.baseUrl}${APPROVALS_API.link(token)}`, init);
    } catch (cause) {
      throw new ApiError(String((cause as Error)?.message ?? cause), 0);
    }
    const text = await response.text();
    let parsed: Record<string, unknown> = {};
    try {
      parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      // Not JSON (a proxy's error page): the status says enough.
    }
    if (response.ok) return parsed as T;
    const message = typeof parsed.error === 'string' ? parsed.error : `HTTP ${response.status}`;
    throw new ApiError(message, response.status, typeof parsed.code === 'string' ? parsed.code : null, typeof parsed.error === 'string' ? parsed.error : null);
  };
  return {
    list: async (workspace) => {
      const body = await call<Partial<ApprovalList> | undefined>('GET', APPROVALS_API.approvals, { query: { workspace } });
      return Array.isArray(body?.approvals) ? body.approvals : [];
    },
    decide: (runId, body) => call<ApprovalDecided>('POST', APPROVALS_API.decide(runId), { body }),
    linkView: (token) => linkCall<ApprovalLinkView>('GET', token),
    decideLink: (token, body) => linkCall<ApprovalDecided>('POST', token, body),
  };
}
