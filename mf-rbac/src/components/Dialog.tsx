import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useI18n } from '@agentflow/shared';

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog: focus moves into it (to `initialFocus`, else its first
 * control) and stays there, Escape or the backdrop closes it, and focus goes
 * back to what was focused before.
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
  const titleId = useId();
  const descriptionId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const node = panel.current;
    const preferred = node?.querySelector<HTMLElement>('[data-autofocus]') ?? node?.querySelector<HTMLElement>(FOCUSABLE);
    (preferred ?? node)?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      close.current();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const controls = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = controls[0];
    const last = controls[controls.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div className="access-dialog-backdrop" onMouseDown={(event) => event.target === event.currentTarget && close.current()}>
      <div
        ref={panel}
        className="access-dialog card"
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        data-testid={testId}
      >
        <h2 id={titleId}>{title}</h2>
        {description ? (
          <div id={descriptionId} className="access-dialog-description">
            {description}
          </div>
        ) : null}
        {children}
      </div>
    </div>,
    document.body,
  );
}

/** Asks before something that cannot be undone; Cancel has the focus. */
export function ConfirmDialog({
  title,
  description,
  confirmLabel,
  busy = false,
  error,
  onConfirm,
  onCancel,
  testId = 'confirm-dialog',
}: {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
  testId?: string;
}) {
  const { t } = useI18n();
  return (
    <Dialog role="alertdialog" title={title} description={description} onClose={onCancel} testId={testId}>
      {error ? (
        <div className="form-alert" role="alert">
          {error}
        </div>
      ) : null}
      <div className="access-dialog-actions">
        <button type="button" className="button button-ghost" onClick={onCancel} data-autofocus>
          {t('rbac.actions.cancel')}
        </button>
        <button type="button" className="button button-danger" onClick={onConfirm} disabled={busy} aria-busy={busy}>
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
