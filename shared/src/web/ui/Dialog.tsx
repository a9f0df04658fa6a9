// Modal dialogs for the remotes, on Radix Dialog (entry '@agentflow/shared/dialog',
// bundled by each remote that uses it, never part of the first view).
import { useEffect, useRef, type ReactNode } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';

/**
 * A modal dialog that is open while rendered: focus moves in (to the element
 * marked `data-autofocus`, else the first control) and stays there, Escape or
 * a click outside calls onClose, and focus returns to what had it before.
 */
export function Dialog({
  title,
  description,
  role = 'dialog',
  onClose,
  children,
  testId,
}: {
  title: string;
  description?: ReactNode;
  role?: 'dialog' | 'alertdialog';
  onClose: () => void;
  children: ReactNode;
  testId?: string;
}) {
  // Captured on the first render, before Radix moves focus into the dialog.
  const opener = useRef(typeof document !== 'undefined' && document.activeElement instanceof HTMLElement ? document.activeElement : null);
  const content = useRef<HTMLDivElement>(null);
  // These dialogs close by unmounting: give focus back at once (Radix's own
  // return runs a tick later and is redirected to the same element below).
  useEffect(() => {
    const previous = opener.current;
    return () => {
      if (previous?.isConnected) previous.focus();
    };
  }, []);
  return (
    <RadixDialog.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-backdrop" />
        <RadixDialog.Content
          ref={content}
          role={role}
          className="dialog card"
          data-testid={testId}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={(event) => {
            const preferred = content.current?.querySelector<HTMLElement>('[data-autofocus]');
            if (!preferred) return;
            event.preventDefault();
            preferred.focus();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (opener.current?.isConnected) opener.current.focus();
          }}
        >
          <RadixDialog.Title>{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description asChild>
              <div className="dialog-description">{description}</div>
            </RadixDialog.Description>
          ) : null}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/**
 * The foot of a dialog: its failure (if any) as an alert, then Cancel and the
 * one action, which is disabled and says `busyLabel` while it runs. In a form
 * the action submits it; with `onSubmit` it is a plain button that calls it.
 */
export function DialogActions({
  error,
  cancelLabel,
  onCancel,
  submitLabel,
  busyLabel,
  busy = false,
  disabled = false,
  onSubmit,
  tone = 'primary',
  focusCancel = false,
  submitTestId,
}: {
  error?: string | null;
  cancelLabel: string;
  onCancel: () => void;
  submitLabel: string;
  /** Shown on the action while busy; else it keeps `submitLabel`. */
  busyLabel?: string;
  busy?: boolean;
  /** Not possible yet (beyond busy), for example while a required field is blank. */
  disabled?: boolean;
  /** Outside a form: what the action does. */
  onSubmit?: () => void;
  /** 'danger' for what cannot be undone. */
  tone?: 'primary' | 'danger';
  /** Cancel takes the focus when the dialog opens (before something that cannot be undone). */
  focusCancel?: boolean;
  submitTestId?: string;
}) {
  return (
    <>
      {error ? (
        <p className="form-alert" role="alert">
          {error}
        </p>
      ) : null}
      <div className="dialog-actions">
        <button type="button" className="button button-ghost" onClick={onCancel} data-autofocus={focusCancel || undefined}>
          {cancelLabel}
        </button>
        <button
          type={onSubmit ? 'button' : 'submit'}
          className={`button button-${tone}`}
          onClick={onSubmit}
          disabled={busy || disabled}
          aria-busy={busy || undefined}
          data-testid={submitTestId}
        >
          {busy && busyLabel ? busyLabel : submitLabel}
        </button>
      </div>
    </>
  );
}

/** Asks before something that cannot be undone; Cancel has the focus. */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  cancelLabel,
  busy = false,
  error,
  onConfirm,
  onCancel,
  testId = 'confirm-dialog',
}: {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  busy?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
  testId?: string;
}) {
  return (
    <Dialog role="alertdialog" title={title} description={description} onClose={onCancel} testId={testId}>
      <DialogActions error={error} cancelLabel={cancelLabel} onCancel={onCancel} submitLabel={confirmLabel} busy={busy} onSubmit={onConfirm} tone="danger" focusCancel />
    </Dialog>
  );
}
