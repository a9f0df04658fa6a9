import { useCallback, useEffect, useRef, useState } from 'react';
import { useI18n } from '@agentflow/shared';

/** The message to show for a rejected action: the Error's own (the auth provider makes it readable), else a generic one. */
export function failureMessage(cause: unknown, fallback: string): string {
  return cause instanceof Error && cause.message.trim() ? cause.message : fallback;
}

/**
 * Runs one async action at a time for a form: `busy` while it runs (to
 * disable the buttons), `error` holding the message of its last failure.
 * `run` resolves true when the action succeeded and the component is still
 * mounted (so the caller may navigate), false otherwise.
 */
export function useAsyncAction() {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const running = useRef(false);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const run = useCallback(
    async (action: () => Promise<void>): Promise<boolean> => {
      if (running.current) return false; // a second click or Enter while the first is in flight
      running.current = true;
      setBusy(true);
      setError(null);
      try {
        await action();
        return mounted.current;
      } catch (cause) {
        if (mounted.current) setError(failureMessage(cause, t('common.error')));
        return false;
      } finally {
        running.current = false;
        if (mounted.current) setBusy(false);
      }
    },
    [t],
  );

  return { busy, error, run, setError };
}
