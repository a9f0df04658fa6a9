// platform-api's photo routes for the shell's component tests (test code
// only): GET answers the current photo's link or 404, PUT takes a FormData
// with 'photo' and answers a new photo, DELETE clears it. `fail` queues one
// refusal for a method; `hold` keeps the next call of a method pending until
// released, to see the busy state.
import { fakeResponse } from '@agentflow/shared/testing/fakeApi';
import { TEST_APP_CONFIG } from '@agentflow/shared/testing/renderWithProviders';
import { FILES_API } from '@agentflow/shared/files';
import type { ProfilePhoto } from '@agentflow/shared';

export interface PhotoCall {
  method: string;
  authorization: string | null;
  /** The file sent in 'photo' (PUT). */
  file: File | null;
}

let counter = 0;
const fileId = () => `PhotoPhotoPhoto${String(++counter).padStart(5, '0')}`;
export const linkOf = (id: string, version = 1) => `${TEST_APP_CONFIG.apis.platform}/api/files/${id}/content?exp=${version}&sig=s`;

export function fakePhotoApi({ photo = null as ProfilePhoto | null } = {}) {
  const calls: PhotoCall[] = [];
  const failures: Record<string, { status: number; body: unknown }[]> = {};
  const held: Record<string, Promise<void> | undefined> = {};
  let current = photo;
  let version = 1;
  const state = { expiresAt: new Date(Date.now() + 300_000).toISOString() };

  const fetch = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input));
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = (init.headers ?? {}) as Record<string, string>;
    const file = init.body instanceof FormData ? (init.body.get('photo') as File | null) : null;
    // Other cards of the profile page call platform-api too (notification choices): only the photo's calls are recorded.
    if (url.origin !== TEST_APP_CONFIG.apis.platform || url.pathname !== FILES_API.profilePhoto) return fakeResponse(404, { error: 'no route', code: 'not_found' });
    calls.push({ method, authorization: headers.Authorization ?? null, file });
    const hold = held[method];
    if (hold) {
      held[method] = undefined;
      await hold;
    }
    const failure = failures[method]?.shift();
    if (failure) return fakeResponse(failure.status, failure.body);
    if (method === 'GET') return current ? fakeResponse(200, { photo: current, url: linkOf(current.fileId, version), expiresAt: state.expiresAt }) : fakeResponse(404, { error: 'There is no profile photo', code: 'file_not_found' });
    if (method === 'PUT') {
      current = { fileId: fileId(), updatedAt: new Date().toISOString() };
      return fakeResponse(200, { photo: current, url: linkOf(current.fileId, version), expiresAt: state.expiresAt });
    }
    if (method === 'DELETE') {
      current = null;
      return fakeResponse(204);
    }
    return fakeResponse(405, { error: 'method', code: 'invalid_request' });
  });

  return {
    fetch,
    calls,
    state,
    get photo() {
      return current;
    },
    /** The next GET answers a new link (a fresh signature). */
    newLink: () => {
      version += 1;
    },
    fail: (method: string, status: number, body: unknown) => (failures[method] ??= []).push({ status, body }),
    /** The next call of `method` waits; returns the function that lets it go on. */
    hold: (method: string) => {
      let release = () => undefined as void;
      held[method] = new Promise<void>((resolve) => (release = resolve));
      return () => release();
    },
  };
}
