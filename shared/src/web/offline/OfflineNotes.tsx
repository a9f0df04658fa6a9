// The two offline notes every screen uses, so they read the same everywhere:
// "saved on this device, as of <time>" on data read from a local copy, and
// "this needs a connection" beside actions disabled while offline.
import type { ReactNode } from 'react';
import { useI18n } from '../federation/contexts.js';

/** An ISO time as the reader's date and time ('5 Mar 2025, 14:05'); the raw text when it is not a date. */
export function formatSavedAt(savedAt: string, language: string): string {
  const date = new Date(savedAt);
  if (Number.isNaN(date.getTime())) return savedAt;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/**
 * Marks what is shown as read from this device: "Saved on this device, as of
 * <time>", after `children` (what happened) and before `actions` (Try again).
 */
export function SavedOnDeviceNote({
  savedAt,
  children,
  actions,
  testId = 'saved-on-device',
  className,
}: {
  savedAt: string;
  children?: ReactNode;
  actions?: ReactNode;
  testId?: string;
  className?: string;
}) {
  const { t, language } = useI18n();
  return (
    <div className={className ? `saved-on-device ${className}` : 'saved-on-device'} role="status" data-testid={testId} data-saved-at={savedAt}>
      {children}
      <p>{t('offline.savedAsOf', { time: formatSavedAt(savedAt, language) })}</p>
      {actions}
    </div>
  );
}

/** Says why the actions beside it are disabled; give it an id and point the actions' aria-describedby at it. */
export function NeedsConnectionNote({ id, testId = 'needs-connection', className }: { id?: string; testId?: string; className?: string }) {
  const { t } = useI18n();
  return (
    <p id={id} className={className ? `needs-connection ${className}` : 'needs-connection'} role="note" data-testid={testId}>
      {t('offline.needsConnection')}
    </p>
  );
}
