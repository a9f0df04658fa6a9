// The install modal (Radix Dialog). InstallPromptProvider loads this module
// lazily, so neither it nor Radix is part of the first view. Every way of
// closing it without installing (Maybe Later, the X, Escape, a click outside)
// calls onDismiss; Install Now calls onInstall.
import * as Dialog from '@radix-ui/react-dialog';
import { useI18n } from '@agentflow/shared';
import type { DevicePlatform } from './platform';

export interface InstallModalProps {
  open: boolean;
  platform: DevicePlatform;
  /** The browser's install prompt is up: Install Now is disabled until it answers. */
  busy?: boolean;
  onInstall: () => void;
  onDismiss: () => void;
}

export function InstallModal({ open, platform, busy = false, onInstall, onDismiss }: InstallModalProps) {
  const { t } = useI18n();
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onDismiss();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="install-modal-overlay" />
        <Dialog.Content className="install-modal" data-testid="install-modal" data-platform={platform}>
          <Dialog.Close className="install-modal-close" aria-label={t('install.close')}>
            <span aria-hidden="true">×</span>
          </Dialog.Close>
          <Dialog.Title className="install-modal-title">{t('install.title')}</Dialog.Title>
          <Dialog.Description asChild>
            <ul className="install-modal-benefits">
              <li>{t('install.benefitOffline')}</li>
              <li>{t('install.benefitVoice')}</li>
              <li>{t('install.benefitInstant')}</li>
            </ul>
          </Dialog.Description>
          {platform === 'ios' && <p className="install-modal-hint">{t('install.iosHint')}</p>}
          <div className="install-modal-actions">
            <button type="button" className="button button-primary" onClick={onInstall} disabled={busy} aria-busy={busy || undefined}>
              {t('install.installNow')}
            </button>
            <button type="button" className="button button-secondary" onClick={onDismiss}>
              {t('install.maybeLater')}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
