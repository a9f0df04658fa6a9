import { useI18n } from '@agentflow/shared';
import { DataTable } from '@agentflow/shared/ui';
import { billingKeys, useBillingClient } from '../api/queries';
import { actionErrorMessage, useCustomerQuery } from './account';
import { formatDate, formatMoney } from './messages';
import { ReadStates, SkeletonLines } from './ReadStates';

/** The customer's invoices: number, date, amount (in the page's language), status, and the hosted page and PDF in a new tab. */
export function Invoices({ customerId }: { customerId: string | null }) {
  const { t, language } = useI18n();
  const client = useBillingClient();
  const invoices = useCustomerQuery(customerId, billingKeys.invoices, (id) => client.invoices(id));
  return (
    <section className="card" aria-labelledby="billing-invoices-title" data-testid="invoices">
      <h2 id="billing-invoices-title">{t('billing.invoices.title')}</h2>
      {/* Without a Stripe customer there is nothing to wait for: the list is empty. */}
      <ReadStates read={invoices} message={actionErrorMessage} pending={customerId !== null && invoices.isPending} loading={<SkeletonLines testId="invoices-loading" label={t('billing.invoices.loading')} lines={2} />} empty={t('billing.invoices.empty')} emptyTestId="invoices-empty">
        {(list) => (
          <DataTable
            className="billing-table"
            testId="invoice-table"
            caption={t('billing.invoices.caption')}
            columns={[t('billing.invoices.number'), t('billing.invoices.date'), { label: t('billing.invoices.amount'), className: 'number' }, t('billing.invoices.status'), t('billing.invoices.links')]}
          >
            {list.map((invoice) => {
              const number = invoice.number ?? t('billing.invoices.noNumber');
              return (
                <tr key={invoice.id} data-testid={`invoice-${invoice.id}`}>
                  <th scope="row">{number}</th>
                  <td>{formatDate(invoice.date, language)}</td>
                  <td className="number">{formatMoney(invoice.amount, invoice.currency, language)}</td>
                  <td>{invoice.status ? t(`billing.invoices.statuses.${invoice.status}`, { defaultValue: invoice.status }) : '—'}</td>
                  <td className="billing-links">
                    {invoice.hostedInvoiceUrl ? (
                      <a href={invoice.hostedInvoiceUrl} target="_blank" rel="noopener noreferrer" aria-label={t('billing.invoices.viewLabel', { number })}>
                        {t('billing.invoices.view')}
                      </a>
                    ) : null}
                    {invoice.invoicePdf ? (
                      <a href={invoice.invoicePdf} target="_blank" rel="noopener noreferrer" aria-label={t('billing.invoices.pdfLabel', { number })}>
                        {t('billing.invoices.pdf')}
                      </a>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </DataTable>
        )}
      </ReadStates>
    </section>
  );
}

/** The next charge Stripe has planned; nothing at all when there is none. */
export function UpcomingInvoiceCard({ customerId }: { customerId: string | null }) {
  const { t, language } = useI18n();
  const client = useBillingClient();
  const upcoming = useCustomerQuery(customerId, billingKeys.upcoming, (id) => client.upcomingInvoice(id));
  const invoice = upcoming.data;
  if (!customerId || !invoice) return null;
  return (
    <section className="card" aria-labelledby="billing-upcoming-title" data-testid="upcoming-invoice">
      <h2 id="billing-upcoming-title">{t('billing.upcoming.title')}</h2>
      <p className="billing-plan">
        {t('billing.upcoming.amount', { amount: formatMoney(invoice.amountDue, invoice.currency, language) })}
        {invoice.nextPaymentAttempt ? <> {t('billing.upcoming.on', { date: formatDate(invoice.nextPaymentAttempt, language) })}</> : null}
      </p>
      {invoice.periodStart && invoice.periodEnd ? (
        <p className="muted">{t('billing.upcoming.period', { start: formatDate(invoice.periodStart, language), end: formatDate(invoice.periodEnd, language) })}</p>
      ) : null}
    </section>
  );
}
