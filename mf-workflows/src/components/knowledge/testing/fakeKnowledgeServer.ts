// Test code only: an in-memory platform-api for KNOWLEDGE_API (and the files
// upload a file source goes through), reached through a fake fetch that speaks
// the wire format: JSON bodies, `{error, code}` refusals (a 400's text starts
// with the field's path, as describeIssue words it), KnowledgeBaseListResponse
// (views with their retrieval mode) / KnowledgeSourceListResponse /
// KnowledgeSearchResponse. Bodies are checked with the domain's own schemas.
// Plain functions, no jest globals, so the app's type check accepts it.
import type { FileRef, UploadedFile } from '@agentflow/shared/files';
import {
  DEFAULT_CHUNKING,
  DEFAULT_RETRIEVAL,
  KNOWLEDGE_ERROR_CODES,
  addSourceSchema,
  createKnowledgeBaseSchema,
  knowledgeBaseView,
  searchKnowledgeSchema,
  updateKnowledgeBaseSchema,
  type KnowledgeBase,
  type KnowledgeSearchResponse,
  type KnowledgeSource,
} from '@agentflow/shared/knowledge';
import type { z } from 'zod';
import { createKnowledgeClient, type KnowledgeClient } from '../../../api/knowledge';
import { FAKE_PLATFORM, at, fakeFileId, jsonResponse, type RecordedRequest } from '../../../runs/testing/fakeRunsServer';

export function fakeKnowledgeBase(overrides: Partial<KnowledgeBase> & Pick<KnowledgeBase, 'id'>): KnowledgeBase {
  return {
    ownerId: 'user-1',
    organizationId: null,
    name: `Base ${overrides.id}`,
    description: '',
    chunking: DEFAULT_CHUNKING,
    retrieval: DEFAULT_RETRIEVAL,
    embedding: null,
    createdBy: 'user-1',
    createdAt: at(0),
    updatedAt: at(0),
    sourceCount: 0,
    chunkCount: 0,
    ...overrides,
  };
}

export function fakeSource(overrides: Partial<KnowledgeSource> & Pick<KnowledgeSource, 'id' | 'knowledgeBaseId'>): KnowledgeSource {
  return {
    kind: 'text',
    name: `Source ${overrides.id}`,
    file: null,
    url: null,
    status: 'ready',
    progress: null,
    failure: null,
    size: 100,
    chunkCount: 1,
    embeddedTokens: 0,
    createdBy: 'user-1',
    createdAt: at(0),
    updatedAt: at(0),
    syncedAt: at(0),
    ...overrides,
  };
}

export interface FakeKnowledgeServer {
  fetch: typeof fetch;
  client: KnowledgeClient;
  bases: Map<string, KnowledgeBase>;
  sources: Map<string, KnowledgeSource>;
  requests: RecordedRequest[];
  uploads: UploadedFile[];
  /** What a search answers (default: nothing found, by keyword). */
  searchAnswer: KnowledgeSearchResponse;
  /** Answer the next matching request with this response instead (used once). */
  once(method: string, pathPattern: RegExp, respond: (request: RecordedRequest) => Response): void;
}

/** A 400 as the routes send it (parseOr400): the first issue's field path and message, the generic code. */
function invalid(error: z.ZodError): Response {
  const issue = error.issues[0]!;
  const field = issue.path.map(String).join('.');
  return jsonResponse(400, { error: field ? `${field} ${issue.message}` : issue.message, code: 'invalid_request' });
}

export function createFakeKnowledgeServer(options: { bases?: KnowledgeBase[]; sources?: KnowledgeSource[] } = {}): FakeKnowledgeServer {
  const bases = new Map((options.bases ?? []).map((base) => [base.id, base]));
  const sources = new Map((options.sources ?? []).map((source) => [source.id, source]));
  const requests: RecordedRequest[] = [];
  const uploads: UploadedFile[] = [];
  const overrides: Array<{ method: string; pattern: RegExp; respond: (request: RecordedRequest) => Response }> = [];
  let next = 1;
  const notFound = () => jsonResponse(404, { error: 'Knowledge base not found', code: KNOWLEDGE_ERROR_CODES.notFound });
  const sourcesOf = (id: string) => [...sources.values()].filter((source) => source.knowledgeBaseId === id).reverse();

  const fetchImpl = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    const headers = (init.headers ?? {}) as Record<string, string>;
    const request: RecordedRequest = {
      method: init.method ?? 'GET',
      path: url.pathname + url.search,
      authorization: headers.Authorization,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body instanceof FormData ? init.body : undefined,
    };
    requests.push(request);
    const override = overrides.findIndex((o) => o.method === request.method && o.pattern.test(request.path));
    if (override >= 0) return overrides.splice(override, 1)[0]!.respond(request);
    if (!request.authorization?.startsWith('Bearer ')) return jsonResponse(401, { error: 'Missing ID token', code: 'unauthenticated' });
    const path = url.pathname;
    const { method } = request;

    if (path === '/api/files' && method === 'POST' && request.body instanceof FormData) {
      const files: UploadedFile[] = [];
      for (const [field, value] of request.body.entries()) {
        if (typeof value === 'string') continue;
        const file: FileRef = { fileId: fakeFileId(next++), name: value.name, contentType: value.type || 'application/octet-stream', size: value.size };
        files.push({ field, file });
      }
      uploads.push(...files);
      return jsonResponse(201, { files });
    }
    if (path === '/api/knowledge-bases' && method === 'GET') {
      const workspaceId = url.searchParams.get('workspaceId');
      const inWorkspace = [...bases.values()].filter((base) => (workspaceId === 'personal' ? base.organizationId === null : base.organizationId === workspaceId));
      return jsonResponse(200, { knowledgeBases: inWorkspace.reverse().map(knowledgeBaseView) });
    }
    if (path === '/api/knowledge-bases' && method === 'POST') {
      const parsed = createKnowledgeBaseSchema.safeParse(request.body);
      if (!parsed.success) return invalid(parsed.error);
      const { workspaceId, name, description, chunking, retrieval, embedding } = parsed.data;
      const base = fakeKnowledgeBase({
        id: `kb-${next++}`,
        organizationId: workspaceId === 'personal' ? null : workspaceId,
        name,
        description,
        chunking: chunking ?? DEFAULT_CHUNKING,
        retrieval: retrieval ?? DEFAULT_RETRIEVAL,
        embedding: embedding ? { ...embedding, dimensions: null } : null,
      });
      bases.set(base.id, base);
      return jsonResponse(201, knowledgeBaseView(base));
    }
    const match = /^\/api\/knowledge-bases\/([^/]+)(?:\/(sources|search)(?:\/([^/]+)(\/resync)?)?)?$/.exec(path);
    if (!match) return jsonResponse(404, { error: 'Not found', code: 'not_found' });
    const base = bases.get(decodeURIComponent(match[1]!));
    if (!base) return notFound();
    const [, , section, sourceId, resync] = match;

    if (!section) {
      if (method === 'GET') return jsonResponse(200, knowledgeBaseView(base));
      if (method === 'DELETE') {
        bases.delete(base.id);
        for (const source of sourcesOf(base.id)) sources.delete(source.id);
        return jsonResponse(204);
      }
      if (method === 'PATCH') {
        const parsed = updateKnowledgeBaseSchema.safeParse(request.body);
        if (!parsed.success) return invalid(parsed.error);
        const updated = { ...base, ...parsed.data, updatedAt: at(60) };
        bases.set(base.id, updated);
        return jsonResponse(200, knowledgeBaseView(updated));
      }
    }
    if (section === 'search' && method === 'POST') {
      const parsed = searchKnowledgeSchema.safeParse(request.body);
      if (!parsed.success) return invalid(parsed.error);
      return jsonResponse(200, server.searchAnswer);
    }
    if (section === 'sources' && !sourceId) {
      if (method === 'GET') return jsonResponse(200, { sources: sourcesOf(base.id) });
      if (method === 'POST') {
        const parsed = addSourceSchema.safeParse(request.body);
        if (!parsed.success) return invalid(parsed.error);
        const body = parsed.data;
        const file = body.kind === 'file' ? uploads.find((upload) => upload.file.fileId === body.fileId)?.file : undefined;
        if (body.kind === 'file' && !file) return jsonResponse(400, { error: 'fileId is not an upload of yours', code: 'invalid_request' });
        const source = fakeSource({
          id: `src-${next++}`,
          knowledgeBaseId: base.id,
          kind: body.kind,
          name: body.kind === 'file' ? file!.name : body.kind === 'url' ? body.url : body.name,
          file: file ?? null,
          url: body.kind === 'url' ? body.url : null,
          size: body.kind === 'file' ? file!.size : body.kind === 'text' ? body.text.length : 0,
          status: 'queued',
          chunkCount: 0,
          syncedAt: null,
        });
        sources.set(source.id, source);
        bases.set(base.id, { ...base, sourceCount: base.sourceCount + 1 });
        return jsonResponse(202, source);
      }
    }
    if (section === 'sources' && sourceId) {
      const source = sources.get(decodeURIComponent(sourceId));
      if (!source || source.knowledgeBaseId !== base.id) return jsonResponse(404, { error: 'Source not found', code: KNOWLEDGE_ERROR_CODES.sourceNotFound });
      if (resync && method === 'POST') {
        const queued = { ...source, status: 'queued' as const, failure: null, progress: null };
        sources.set(source.id, queued);
        return jsonResponse(202, queued);
      }
      if (!resync && method === 'DELETE') {
        sources.delete(source.id);
        bases.set(base.id, { ...base, sourceCount: base.sourceCount - 1, chunkCount: base.chunkCount - source.chunkCount });
        return jsonResponse(204);
      }
    }
    return jsonResponse(404, { error: 'Not found', code: 'not_found' });
  }) as typeof fetch;

  const server: FakeKnowledgeServer = {
    fetch: fetchImpl,
    client: createKnowledgeClient({ baseUrl: FAKE_PLATFORM, getIdToken: async () => 'id-token-1', fetch: fetchImpl }),
    bases,
    sources,
    requests,
    uploads,
    searchAnswer: { mode: 'keyword', retrievalReason: 'no_embedding_credential', passages: [] },
    once: (method, pattern, respond) => overrides.push({ method, pattern, respond }),
  };
  return server;
}
