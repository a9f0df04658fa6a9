// What the billing pages say when billing-api cannot be reached (offline):
// that it cannot be reached right now, and, when this device has the last
// answer, that what shows is that answer and from when. Never "you have no
// paid subscription": offline says nothing about what the user pays for.
import { SavedOnDeviceNote, useI18n } from '@agentflow/shared';

/** `what`: the account (the last known plan) or the plans list. */
export function BillingOfflineNote({ savedAt, what = 'account' }: { savedAt: string | null; what?: 'account' | 'plans' }) {
  const { t } = useI18n();
  if (savedAt) {
    return (
      <SavedOnDeviceNote savedAt={savedAt} testId="billing-offline">
        <p>{t(what === 'plans' ? 'billing.offline.plans' : 'billing.offline.unreachable')}</p>
      </SavedOnDeviceNote>
    );
  }
  return (
    <div className="saved-on-device" role="status" data-testid="billing-offline">
      <p>{t('billing.offline.noCopy')}</p>
    </div>
  );
}
