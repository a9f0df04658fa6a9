import { NeedsConnectionNote, useI18n } from '@agentflow/shared';
import { useBillingAccount } from './account';
import { Invoices, UpcomingInvoiceCard } from './Invoices';
import { PaymentMethods } from './PaymentMethods';
import { SubscriptionCard } from './SubscriptionCard';

/** The overview's Stripe part, for a signed-in user: subscription, upcoming invoice, payment methods, invoices. */
export default function AccountSections() {
  const { t } = useI18n();
  const { customerId, loading, offline } = useBillingAccount();
  return (
    <>
      <SubscriptionCard />
      {offline ? (
        // Cards and invoices live at Stripe: nothing of them is kept on the device.
        <section className="card" aria-labelledby="billing-offline-more-title" data-testid="billing-offline-more">
          <h2 id="billing-offline-more-title">{t('billing.offline.moreTitle')}</h2>
          <NeedsConnectionNote />
        </section>
      ) : loading ? null : (
        <>
          <UpcomingInvoiceCard customerId={customerId} />
          <PaymentMethods customerId={customerId} />
          <Invoices customerId={customerId} />
        </>
      )}
    </>
  );
}
