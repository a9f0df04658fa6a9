import { useEffect, useState, type ComponentType } from 'react';
import { useI18n } from '@agentflow/shared';
import { loadRemotePage } from '../remotes/remoteLoader';
import { ErrorBoundary } from './ErrorBoundary';

type LoadState = { status: 'loading' } | { status: 'ready'; Page: ComponentType } | { status: 'failed'; error: Error };

function RemoteLoader({ remote, exposed }: { remote: string; exposed: string }) {
  const { t } = useI18n();
  const [state, setState] = useState<LoadState>({ status: 'loading' });

  // A loader loads one page once: RemotePage remounts it (key) for another page or another attempt.
  useEffect(() => {
    let cancelled = false;
    loadRemotePage(remote, exposed).then(
      (Page) => !cancelled && setState({ status: 'ready', Page }),
      (error: unknown) =>
        !cancelled && setState({ status: 'failed', error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      cancelled = true;
    };
  }, [remote, exposed]);

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
    // Keyed by page and attempt: Try Again (a new attempt) or another remote page mounts a fresh loader,
    // which starts in 'loading' (never showing the previous page while the next one loads).
    <ErrorBoundary>{(attempt) => <RemoteLoader key={`${attempt}:${remote}/${exposed}`} remote={remote} exposed={exposed} />}</ErrorBoundary>
  );
}
