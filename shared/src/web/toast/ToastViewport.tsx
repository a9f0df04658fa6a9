import * as Toast from '@radix-ui/react-toast';
import { useI18n } from '../federation/contexts.js';
import { TOAST_DURATION_MS, TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD_PX, type ToastRecord } from './toastStore.js';

/** The Radix region that renders the queue: swipe right to dismiss, F8 to focus. */
export default function ToastViewport({ toasts, onOpenChange }: { toasts: readonly ToastRecord[]; onOpenChange: (id: string, open: boolean) => void }) {
  const { t } = useI18n();
  return (
    <Toast.Provider swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX} duration={TOAST_DURATION_MS} label={t('toast.label')}>
      {toasts.map((toast) => {
        const variant = toast.variant ?? 'default';
        return (
          <Toast.Root
            key={toast.id}
            className={`toast toast-${variant}`}
            data-testid="toast"
            data-variant={variant}
            open={toast.open}
            onOpenChange={(open) => onOpenChange(toast.id, open)}
            duration={toast.duration}
            // Errors interrupt the screen reader; everything else waits its turn.
            type={variant === 'destructive' ? 'foreground' : 'background'}
          >
            <div className="toast-text">
              {toast.title ? <Toast.Title className="toast-title">{toast.title}</Toast.Title> : null}
              {toast.description ? <Toast.Description className="toast-description">{toast.description}</Toast.Description> : null}
            </div>
            {toast.action ? (
              <Toast.Action className="button button-secondary toast-action" altText={toast.action.altText ?? toast.action.label} onClick={toast.action.onClick}>
                {toast.action.label}
              </Toast.Action>
            ) : null}
            <Toast.Close className="toast-close" aria-label={t('toast.dismiss')}>
              <span aria-hidden="true">×</span>
            </Toast.Close>
          </Toast.Root>
        );
      })}
      <Toast.Viewport className="toast-viewport" hotkey={[...TOAST_HOTKEY]} label={t('toast.region')} />
    </Toast.Provider>
  );
}
