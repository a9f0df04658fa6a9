import { useBillingAccount } from './account';
import { Invoices, UpcomingInvoiceCard } from './Invoices';
import { PaymentMethods } from './PaymentMethods';
import { SubscriptionCard } from './SubscriptionCard';

/** The overview's Stripe part, for a signed-in user: subscription, upcoming invoice, payment methods, invoices. */
export default function AccountSections() {
  const { customerId, loading } = useBillingAccount();
  return (
    <>
      <SubscriptionCard />
      {loading ? null : (
        <>
          <UpcomingInvoiceCard customerId={customerId} />
          <PaymentMethods customerId={customerId} />
          <Invoices customerId={customerId} />
        </>
      )}
    </>
  );
}
