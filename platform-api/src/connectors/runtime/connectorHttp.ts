// The one way executors reach a provider: requests signed with the step's
// credential, sent through safeFetch (the HTTP step's private-address guard,
// timeout and size limit), with
// - OAuth tokens refreshed shortly before they expire and once on a 401;
// - 429 and 503 answers waited out (Retry-After in seconds or as a date,
//   else a short backoff) up to MAX_WAITS times within the step's time;
// - refusals turned into plain-words errors that quote the provider.
import { OAUTH_REFRESH_MARGIN_MS, type ConnectorDeclaration } from '@agentflow/shared/workflow';
import { credentialType } from '@agentflow/shared/credentials';
import { safeFetch, type SafeFetchPolicy } from '../../net/safeFetch.js';
import { sleep } from '../../runs/failures.js';
import type { OpenedCredential } from '../../credentials/index.js';
import { ConnectorAuthError, ConnectorBusyError, ConnectorRequestError } from './errors.js';
import type { ConnectorExecutor, RequestAuth, TokenRefresher } from './types.js';

/** 429/503 answers waited out within one attempt before the step's own retry takes over. */
export const MAX_WAITS = 3;
/** The longest single wait a Retry-After may ask for; longer: the step fails as transient and the engine's backoff applies. */
export const MAX_RETRY_AFTER_MS = 30_000;
const DEFAULT_WAIT_MS = 1000;

export interface ConnectorRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Relative to the connector's base URL ('/crm/v3/objects/deals'), or absolute. */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded (Twilio). */
  form?: Record<string, string | undefined>;
  headers?: Record<string, string>;
}

export interface ConnectorResponse {
  status: number;
  headers: Record<string, string>;
  /** Parsed JSON when the answer is JSON, else the text. */
  data: unknown;
}

export interface ConnectorHttpOptions {
  connector: ConnectorDeclaration;
  executor: ConnectorExecutor;
  baseUrl: string;
  credential: OpenedCredential | null;
  policy: SafeFetchPolicy;
  signal: AbortSignal;
  refresh?: TokenRefresher;
  /** Waits (tests make them instant); default: a timer that stops on the signal. */
  wait?: (ms: number, signal: AbortSignal) => Promise<void>;
  now?: () => number;
}

/** Retry-After as milliseconds: delta-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | undefined, now = Date.now()): number | null {
  if (header === undefined || header.trim() === '') return null;
  const value = header.trim();
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number(value) * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

function parseBody(text: string, contentType: string | undefined): unknown {
  if (text === '') return null;
  if (contentType?.includes('json') || /^\s*[[{]/.test(text)) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

export class ConnectorHttp {
  private credential: OpenedCredential | null;
  private readonly wait: (ms: number, signal: AbortSignal) => Promise<void>;

  constructor(private readonly options: ConnectorHttpOptions) {
    this.credential = options.credential;
    this.wait = options.wait ?? sleep;
  }

  /** The secret values a step redacts from what it records (they may change with a refresh). */
  get secrets(): string[] {
    return this.credential ? Object.values(this.credential.secrets).filter((value) => value.length > 0) : [];
  }

  /** The credential as now opened (after a refresh, the new tokens). */
  get currentCredential(): OpenedCredential | null {
    return this.credential;
  }

  private get isOAuth(): boolean {
    return this.credential !== null && (credentialType(this.credential.type) as { oauth?: unknown }).oauth !== undefined;
  }

  private auth(): RequestAuth {
    if (!this.credential) return {};
    if (this.isOAuth) return { headers: { Authorization: `Bearer ${this.credential.secrets.accessToken ?? ''}` } };
    return this.options.executor.auth?.(this.credential) ?? {};
  }

  private async refresh(): Promise<boolean> {
    if (!this.credential || !this.isOAuth || !this.options.refresh || !this.credential.secrets.refreshToken) return false;
    this.credential = await this.options.refresh(this.credential, this.options.signal);
    return true;
  }

  /** Refreshes an OAuth token that expires within the margin. */
  private async refreshIfExpiring(): Promise<void> {
    const expiresAt = this.credential?.settings.expiresAt;
    if (!this.isOAuth || !expiresAt) return;
    const at = Date.parse(expiresAt);
    if (!Number.isNaN(at) && at - (this.options.now?.() ?? Date.now()) <= OAUTH_REFRESH_MARGIN_MS) await this.refresh();
  }

  private url(request: ConnectorRequest, auth: RequestAuth): string {
    const absolute = /^https?:\/\//.test(request.path);
    const url = new URL(absolute ? request.path : `${this.options.baseUrl.replace(/\/+$/, '')}/${request.path.replace(/^\/+/, '')}`);
    for (const [key, value] of Object.entries(request.query ?? {})) if (value !== undefined) url.searchParams.set(key, String(value));
    for (const [key, value] of Object.entries(auth.query ?? {})) url.searchParams.set(key, value);
    return url.toString();
  }

  private detail(status: number, data: unknown): string | null {
    const fromExecutor = this.options.executor.errorMessage?.(status, data);
    if (fromExecutor) return fromExecutor.slice(0, 500);
    if (typeof data === 'string' && data.trim() !== '' && data.length < 300 && !/<html/i.test(data)) return data.trim();
    return null;
  }

  async request(request: ConnectorRequest): Promise<ConnectorResponse> {
    const name = this.options.connector.name;
    await this.refreshIfExpiring();
    let refreshed = false;
    for (let waits = 0; ; ) {
      const auth = this.auth();
      const headers: Record<string, string> = { Accept: 'application/json', ...request.headers, ...auth.headers };
      let body: string | undefined;
      if (request.json !== undefined) {
        body = JSON.stringify(request.json);
        headers['Content-Type'] = 'application/json';
      } else if (request.form) {
        body = new URLSearchParams(Object.entries(request.form).filter((entry): entry is [string, string] => entry[1] !== undefined)).toString();
        headers['Content-Type'] = 'application/x-www-form-urlencoded';
      }
      const response = await safeFetch({ method: request.method, url: this.url(request, auth), headers, ...(body !== undefined ? { body } : {}), signal: this.options.signal }, this.options.policy);
      const data = parseBody(response.body, response.headers['content-type']);
      if (response.status < 400) return { status: response.status, headers: response.headers, data };
      if (response.status === 401 && !refreshed && (await this.refresh())) {
        refreshed = true;
        continue;
      }
      if (response.status === 401 || response.status === 403) {
        if (response.status === 401) throw new ConnectorAuthError(name, this.detail(response.status, data));
        throw new ConnectorRequestError(name, response.status, this.detail(response.status, data));
      }
      if (response.status === 429 || response.status === 503) {
        const asked = retryAfterMs(response.headers['retry-after'], this.options.now?.());
        const ms = asked ?? DEFAULT_WAIT_MS * 2 ** waits;
        if (waits < MAX_WAITS && ms <= MAX_RETRY_AFTER_MS) {
          waits++;
          await this.wait(ms, this.options.signal);
          continue;
        }
        throw new ConnectorBusyError(name, response.status, this.detail(response.status, data));
      }
      if (response.status >= 500) throw new ConnectorBusyError(name, response.status, this.detail(response.status, data));
      throw new ConnectorRequestError(name, response.status, this.detail(response.status, data));
    }
  }
}
