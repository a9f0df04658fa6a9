// The OAuth round trip seen from the app: before leaving for the provider,
// which page, node or agent tool asked (sessionStorage: it survives the
// redirect, not the tab); on the way back, the ?connected=<id> or
// ?oauthError=<code> the callback added, read once and removed from the URL.
import { useEffect, useEffectEvent } from 'react';
import { useSearchParams } from '@agentflow/shared';
import { OAUTH_RESULT_PARAMS } from '@agentflow/shared/workflow';
import { browser, type ConnectorsClient } from './api';

const KEY = 'agentflow.connectorSignIn';

export interface PendingSignIn {
  /** The app path the sign-in returns to. */
  returnTo: string;
  credentialType: string;
  /** The builder's node that asked (its account picker takes the new credential). */
  nodeId?: string;
  /** An agent's app tool that asked: the node, and the tool's index in tools.connectors. */
  toolIndex?: number;
}

export function rememberSignIn(pending: PendingSignIn): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(pending));
  } catch {
    /* storage refused (private mode): the credential is still made, just not picked */
  }
}

/** The sign-in this tab started, once (it is forgotten as it is read). */
export function takeSignIn(): PendingSignIn | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    const parsed = raw ? (JSON.parse(raw) as unknown) : null;
    return parsed && typeof parsed === 'object' && typeof (parsed as PendingSignIn).returnTo === 'string' ? (parsed as PendingSignIn) : null;
  } catch {
    return null;
  }
}

/** The current path with the sign-in's own result params left out (where to come back to). */
export function returnPathOf(location: { pathname: string; search: string }): string {
  const params = new URLSearchParams(location.search);
  params.delete(OAUTH_RESULT_PARAMS.connected);
  params.delete(OAUTH_RESULT_PARAMS.error);
  const query = params.toString();
  return `${location.pathname}${query ? `?${query}` : ''}`;
}

/** Starts a sign-in: asks platform-api for the provider's address and goes there (same window). */
export async function startSignIn(client: ConnectorsClient, body: { credentialType: string; name: string }, pending: PendingSignIn): Promise<void> {
  const { authorizationUrl } = await client.oauthStart({ ...body, returnTo: pending.returnTo });
  rememberSignIn(pending);
  browser.go(authorizationUrl);
}

export type SignInResult = { kind: 'connected'; credentialId: string; pending: PendingSignIn | null } | { kind: 'error'; code: string; pending: PendingSignIn | null };

/** Calls `onResult` once when the page was opened with a sign-in's result, then drops it from the URL. */
export function useSignInResult(onResult: (result: SignInResult) => void): void {
  const [params, setParams] = useSearchParams();
  const connected = params.get(OAUTH_RESULT_PARAMS.connected);
  const error = params.get(OAUTH_RESULT_PARAMS.error);
  const handle = useEffectEvent(onResult);
  useEffect(() => {
    if (!connected && !error) return;
    const pending = takeSignIn();
    handle(connected ? { kind: 'connected', credentialId: connected, pending } : { kind: 'error', code: error ?? '', pending });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(OAUTH_RESULT_PARAMS.connected);
        next.delete(OAUTH_RESULT_PARAMS.error);
        return next;
      },
      { replace: true },
    );
  }, [connected, error, setParams]);
}
