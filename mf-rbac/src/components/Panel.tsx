// The building blocks every console section repeats: the section with its
// heading, a failed call as an alert, a list read's states (as a table, with
// TabGuard's loading status), and the create-or-edit form card. Only the
// sections (loaded on their first visit) import this module.
import type { FormEvent, ReactNode } from 'react';
import { useI18n } from '@agentflow/shared';
import { DataTable, TextField, type Column } from '@agentflow/shared/ui';
import { Loading } from './TabGuard';
import { apiErrorMessage } from './messages';
import './sections.css';

/** The item a section's form edits: `item` null while creating one; the state is null while no form is open. */
export type Editing<T> = { item: T | null } | null;

/** A console section: its heading (`${id}-title`), with a create button beside it when `create` is given, then the content. */
export function Panel({ id, title, create, children }: { id: string; title: string; create?: { label: string; onClick: () => void; disabled: boolean }; children: ReactNode }) {
  return (
    <section className="access-panel" aria-labelledby={`${id}-title`}>
      <div className="access-panel-header">
        <h2 id={`${id}-title`}>{title}</h2>
        {create ? (
          <button type="button" className="button button-primary" onClick={create.onClick} disabled={create.disabled}>
            {create.label}
          </button>
        ) : null}
      </div>
      {children}
    </section>
  );
}

/** A row's Edit button; `label` names the row for screen readers ('Edit role Editor'). */
export function EditButton({ label, onClick }: { label: string; onClick: () => void }) {
  const { t } = useI18n();
  return (
    <button type="button" className="button button-ghost" onClick={onClick} aria-label={label}>
      {t('rbac.actions.edit')}
    </button>
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

/** A list query as ListTable reads it (React Query's result, or the same fields). */
export interface ListRead<T> {
  error: unknown;
  isPending: boolean;
  data?: readonly T[] | undefined;
}

/** A list read shown as the console's table: its states (see ListStates) around an access table with one `row` per item. */
export function ListTable<T>({
  read,
  empty,
  emptyStatus,
  testId,
  columns,
  row,
}: {
  read: ListRead<T>;
  empty: string;
  emptyStatus?: boolean;
  testId: string;
  columns: readonly Column[];
  row: (item: T, index: number) => ReactNode;
}) {
  return (
    <ListStates error={read.error} pending={read.isPending} items={read.data} empty={empty} emptyStatus={emptyStatus}>
      {(list) => (
        <DataTable className="access-table" testId={testId} columns={columns}>
          {list.map(row)}
        </DataTable>
      )}
    </ListStates>
  );
}

/** The id field of a create-or-edit form: typed when creating (its format as the hint), read-only when editing. */
export function IdField({ id, label, editing, value, onChange, error }: { id: string; label: string; editing: boolean; value: string; onChange: (value: string) => void; error: string | undefined }) {
  const { t } = useI18n();
  return (
    <TextField
      id={id}
      label={label}
      hint={editing ? undefined : t('rbac.hints.id')}
      value={value}
      readOnly={editing}
      autoComplete="off"
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
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
