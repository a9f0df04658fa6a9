// How a billing card shows a read: the failure with Retry, a loading status,
// the empty text, else the content. One place, so every card says the same.
import type { ReactNode } from 'react';
import { useI18n, type I18nContextValue } from '@agentflow/shared';

/** A failed read, translated, with a Retry button. */
export function RetryAlert({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useI18n();
  return (
    <div className="form-alert billing-error" role="alert">
      <span>{message}</span>
      <button type="button" className="button button-secondary" onClick={onRetry}>
        {t('billing.errors.retry')}
      </button>
    </div>
  );
}

/** A failed action, translated, as an alert; nothing while there is none. */
export function ErrorAlert({ message }: { message: string | null }) {
  return message ? (
    <div className="form-alert" role="alert">
      {message}
    </div>
  ) : null;
}

/** Grey lines where a list will be, announced as loading (`label`) to screen readers. */
export function SkeletonLines({ testId, label, lines }: { testId: string; label: string; lines: number }) {
  return (
    <div role="status" aria-busy="true" data-testid={testId}>
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: lines }, (_, index) => (
        <div key={index} className="billing-skeleton billing-skeleton-line" aria-hidden="true" />
      ))}
    </div>
  );
}

/** What ReadStates needs of a React Query list read. */
interface ListRead<T> {
  isError: boolean;
  error: unknown;
  isPending: boolean;
  data: readonly T[] | undefined;
  refetch: () => unknown;
}

/**
 * A list read in a card: its failure (`message` translates it) with Retry;
 * while `pending` (the read's own flag unless given), `loading` (a text
 * becomes a status line); no items, the `empty` text (`emptyTestId`); else
 * `children` with the items.
 */
export function ReadStates<T>({
  read,
  message,
  pending = read.isPending,
  loading,
  empty,
  emptyTestId,
  children,
}: {
  read: ListRead<T>;
  message: (t: I18nContextValue['t'], error: unknown) => string;
  pending?: boolean;
  loading: ReactNode;
  empty: ReactNode;
  emptyTestId?: string;
  children: (items: readonly T[]) => ReactNode;
}) {
  const { t } = useI18n();
  const items = read.data ?? [];
  if (read.isError) return <RetryAlert message={message(t, read.error)} onRetry={() => void read.refetch()} />;
  if (pending)
    return typeof loading === 'string' ? (
      <p className="muted" role="status">
        {loading}
      </p>
    ) : (
      loading
    );
  if (items.length === 0)
    return (
      <p className="muted" data-testid={emptyTestId}>
        {empty}
      </p>
    );
  return children(items);
}
