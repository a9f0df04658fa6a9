// The building blocks every console section repeats: the section with its
// heading, a failed call as an alert, the loading status, a list read's
// states, and the create-or-edit form card.
import type { FormEvent, ReactNode } from 'react';
import { useI18n } from '@agentflow/shared';
import { apiErrorMessage } from './messages';

export function Loading() {
  const { t } = useI18n();
  return (
    <p className="page-loading" role="status">
      {t('common.loading')}
    </p>
  );
}

/** A console section: its heading (`${id}-title`) with the section's main action beside it, then the content. */
export function Panel({ id, title, action, children }: { id: string; title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section className="access-panel" aria-labelledby={`${id}-title`}>
      <div className="access-panel-header">
        <h2 id={`${id}-title`}>{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}

/** A failed platform-api call, translated, as an alert; nothing while there is none. */
export function ApiErrorAlert({ error }: { error: unknown }) {
  const { t } = useI18n();
  return error ? (
    <div className="form-alert" role="alert">
      {apiErrorMessage(t, error)}
    </div>
  ) : null;
}

/**
 * A list read as the console shows it: its error, a loading status while
 * `pending`, and once `items` are read the `empty` text (a status when
 * `emptyStatus`: the answer to a search) or the list. An error and a list
 * read before it show together.
 */
export function ListStates<T>({
  error,
  pending,
  items,
  empty,
  emptyStatus = false,
  children,
}: {
  error: unknown;
  pending: boolean;
  items: readonly T[] | undefined;
  empty: string;
  emptyStatus?: boolean;
  children: (items: readonly T[]) => ReactNode;
}) {
  return (
    <>
      <ApiErrorAlert error={error} />
      {pending ? <Loading /> : null}
      {items ? (
        items.length === 0 ? (
          <p className="muted" role={emptyStatus ? 'status' : undefined}>
            {empty}
          </p>
        ) : (
          children(items)
        )
      ) : null}
    </>
  );
}

/**
 * A create-or-edit form card (`${id}-form`): its title, the save's failure,
 * the fields, then Save and Cancel. Submitting saves unless a save is running.
 */
export function EditorForm({ id, title, save, onCancel, children }: { id: string; title: string; save: { error: unknown; isPending: boolean; mutate: () => void }; onCancel: () => void; children: ReactNode }) {
  const { t } = useI18n();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!save.isPending) save.mutate();
  };
  return (
    <form className="form card access-form" noValidate onSubmit={onSubmit} aria-labelledby={`${id}-form-title`} data-testid={`${id}-form`}>
      <h3 id={`${id}-form-title`}>{title}</h3>
      <ApiErrorAlert error={save.error} />
      {children}
      <div className="access-form-actions">
        <button type="submit" className="button button-primary" disabled={save.isPending} aria-busy={save.isPending}>
          {t('rbac.actions.save')}
        </button>
        <button type="button" className="button button-ghost" onClick={onCancel}>
          {t('rbac.actions.cancel')}
        </button>
      </div>
    </form>
  );
}
