// Test code only: platform-api's approval endpoints in memory, beside the runs
// fake (uploads go there): the inbox list, the decide route, and one-click
// links that may be called signed out, as the service allows.
import type { ApprovalDecisionBody, ApprovalItem, ApprovalLinkView } from '@agentflow/shared/approvals';
import { createApprovalsClient, type ApprovalsClient } from '../api';
import { FAKE_PLATFORM, at, jsonResponse, type FakeRunsServer } from '../../runs/testing/fakeRunsServer';

export interface RecordedApprovalRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization: string | undefined;
  body: unknown;
}

/** A link in the fake: its view, or the refusal its GET and POST answer. */
export type FakeLink = { view: ApprovalLinkView } | { status: number; code: string };

export interface FakeApprovalsServer {
  client: ApprovalsClient;
  approvals: ApprovalItem[];
  links: Map<string, FakeLink>;
  requests: RecordedApprovalRequest[];
  /** Answer the next matching request with this instead (used once). */
  once(method: string, pathPattern: RegExp, status: number, body?: unknown): void;
  /** Signs the client in (a token) or out (null). */
  signIn(token: string | null): void;
}

export function approvalItem(overrides: Partial<ApprovalItem> = {}): ApprovalItem {
  return {
    runId: 'run-1',
    nodeId: 'managerApproval',
    stepId: 'managerApproval',
    workflowId: 'wf-1',
    workflowName: 'Discount approval',
    workspaceId: 'org-a',
    message: 'Approve a 15% discount for ACME?',
    shown: { customerName: 'ACME Corp', discount: 15, notes: 'Long-standing customer' },
    requestedBy: { uid: 'user-2', displayName: 'Sam Seller' },
    requestedAt: at(60),
    approvers: [
      { kind: 'role', id: 'sales_manager', label: 'Sales manager' },
      { kind: 'email', id: 'ada@example.com', label: 'ada@example.com' },
    ],
    ...overrides,
  };
}

export function linkView(overrides: Partial<ApprovalLinkView> = {}): ApprovalLinkView {
  return {
    runId: 'run-1',
    nodeId: 'managerApproval',
    workflowName: 'Discount approval',
    message: 'Approve a 15% discount for ACME?',
    shown: { customerName: 'ACME Corp', discount: 15 },
    decision: 'approve',
    expiresAt: '2026-11-30T10:00:00.000Z',
    requiresSignIn: false,
    recipientEmail: 'ada@example.com',
    ...overrides,
  };
}

export function createFakeApprovalsServer(runs: FakeRunsServer, options: { approvals?: ApprovalItem[]; token?: string | null } = {}): FakeApprovalsServer {
  const requests: RecordedApprovalRequest[] = [];
  const overrides: Array<{ method: string; pattern: RegExp; status: number; body: unknown }> = [];
  let token: string | null = options.token === undefined ? 'id-token-1' : options.token;

  const fetchImpl = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const headers = (init.headers ?? {}) as Record<string, string>;
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const request: RecordedApprovalRequest = { method: init.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams), authorization: headers.Authorization, body };
    const link = /^\/api\/approval-links\/([^/]+)$/.exec(url.pathname);
    const decide = /^\/api\/runs\/([^/]+)\/decide$/.exec(url.pathname);
    if (url.pathname !== '/api/approvals' && !link && !decide) return runs.fetch(input, init);
    requests.push(request);
    const override = overrides.findIndex((o) => o.method === request.method && o.pattern.test(request.path));
    if (override >= 0) {
      const { status, body: answer } = overrides.splice(override, 1)[0]!;
      if (status === 0) throw new TypeError('Failed to fetch');
      return jsonResponse(status, answer);
    }
    if (link) {
      const found = server.links.get(decodeURIComponent(link[1]!));
      if (!found) return jsonResponse(400, { error: 'Invalid approval link', code: 'link-invalid' });
      if ('status' in found) return jsonResponse(found.status, { error: 'Refused', code: found.code });
      if (request.method === 'GET') return jsonResponse(200, found.view);
      if (found.view.requiresSignIn && !request.authorization) return jsonResponse(401, { error: 'Sign in to decide', code: 'link-sign-in-required' });
      server.links.set(decodeURIComponent(link[1]!), { status: 409, code: 'link-used' });
      const decision = (body as { decision?: string } | undefined)?.decision;
      return jsonResponse(200, { runId: found.view.runId, stepId: found.view.nodeId, approved: decision === 'approve' });
    }
    if (!request.authorization?.startsWith('Bearer ')) return jsonResponse(401, { error: 'Missing ID token' });
    if (decide) {
      const runId = decodeURIComponent(decide[1]!);
      const { decision, nodeId } = body as ApprovalDecisionBody;
      const index = server.approvals.findIndex((item) => item.runId === runId && (nodeId === undefined || item.nodeId === nodeId));
      if (index < 0) return jsonResponse(409, { error: 'No step of this run is waiting for approval', code: 'approval-not-waiting' });
      const [item] = server.approvals.splice(index, 1) as [ApprovalItem];
      return jsonResponse(200, { runId, stepId: item.stepId, approved: decision === 'approve' });
    }
    return jsonResponse(200, { approvals: server.approvals });
  }) as typeof fetch;

  const server: FakeApprovalsServer = {
    client: createApprovalsClient({ baseUrl: FAKE_PLATFORM, getIdToken: async () => token, fetch: fetchImpl }),
    approvals: [...(options.approvals ?? [])],
    links: new Map(),
    requests,
    once: (method, pattern, status, body) => {
      overrides.push({ method, pattern, status, body });
    },
    signIn: (next) => {
      token = next;
    },
  };
  return server;
}
