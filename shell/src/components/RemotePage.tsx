import { useEffect, useState, type ComponentType } from 'react';
import { useI18n } from '@agentflow/shared';
import { loadRemotePage } from '../remotes/remoteLoader';
import { ErrorBoundary } from './ErrorBoundary';

type LoadState = { status: 'loading' } | { status: 'ready'; Page: ComponentType } | { status: 'failed'; error: Error };

function RemoteLoader({ remote, exposed, attempt }: { remote: string; exposed: string; attempt: number }) {
  const { t } = useI18n();
  const [state, setState] = useState<LoadState>({ status: 'loading' });

  useEffect(() => {
    let cancelled = false;
    setState({ status: 'loading' });
    loadRemotePage(remote, exposed).then(
      (Page) => !cancelled && setState({ status: 'ready', Page }),
      (error: unknown) =>
        !cancelled && setState({ status: 'failed', error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      cancelled = true;
    };
    // attempt: Try Again remounts this loader with a new count, loading afresh.
  }, [remote, exposed, attempt]);

  if (state.status === 'failed') throw state.error; // handled by the boundary
  if (state.status === 'loading') {
    return (
      <div className="page-loading" role="status" aria-live="polite">
        {t('common.loading')}
      </div>
    );
  }
  return <state.Page />;
}

/** A route's page, federated from a remote, inside its own error boundary. */
export function RemotePage({ remote, exposed }: { remote: string; exposed: string }) {
  return (
    <ErrorBoundary>{(attempt) => <RemoteLoader key={attempt} remote={remote} exposed={exposed} attempt={attempt} />}</ErrorBoundary>
  );
}
