import { useQuery } from '@tanstack/react-query';
import { useI18n } from '@agentflow/shared';
import { billingKeys, useBillingClient } from '../api/queries';
import { actionErrorMessage, useErrorToast } from './account';
import { formatDate, formatMoney } from './messages';

/** The customer's invoices: number, date, amount (in the page's language), status, and the hosted page and PDF in a new tab. */
export function Invoices({ customerId }: { customerId: string | null }) {
  const { t, language } = useI18n();
  const client = useBillingClient();
  const invoices = useQuery({
    queryKey: billingKeys.invoices(customerId ?? ''),
    queryFn: () => client.invoices(customerId ?? ''),
    enabled: customerId !== null,
  });
  useErrorToast(invoices.error);
  const list = customerId === null ? [] : (invoices.data ?? []);
  return (
    <section className="card" aria-labelledby="billing-invoices-title" data-testid="invoices">
      <h2 id="billing-invoices-title">{t('billing.invoices.title')}</h2>
      {invoices.isError ? (
        <div className="form-alert billing-error" role="alert">
          <span>{actionErrorMessage(t, invoices.error)}</span>
          <button type="button" className="button button-secondary" onClick={() => void invoices.refetch()}>
            {t('billing.errors.retry')}
          </button>
        </div>
      ) : customerId !== null && invoices.isPending ? (
        <div role="status" aria-busy="true" data-testid="invoices-loading">
          <span className="visually-hidden">{t('billing.invoices.loading')}</span>
          <div className="billing-skeleton billing-skeleton-line" aria-hidden="true" />
          <div className="billing-skeleton billing-skeleton-line" aria-hidden="true" />
        </div>
      ) : list.length === 0 ? (
        <p className="muted" data-testid="invoices-empty">
          {t('billing.invoices.empty')}
        </p>
      ) : (
        <div className="table-scroll">
          <table className="billing-table" data-testid="invoice-table">
            <caption>{t('billing.invoices.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('billing.invoices.number')}</th>
                <th scope="col">{t('billing.invoices.date')}</th>
                <th scope="col" className="number">
                  {t('billing.invoices.amount')}
                </th>
                <th scope="col">{t('billing.invoices.status')}</th>
                <th scope="col">{t('billing.invoices.links')}</th>
              </tr>
            </thead>
            <tbody>
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
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** The next charge Stripe has planned; nothing at all when there is none. */
export function UpcomingInvoiceCard({ customerId }: { customerId: string | null }) {
  const { t, language } = useI18n();
  const client = useBillingClient();
  const upcoming = useQuery({
    queryKey: billingKeys.upcoming(customerId ?? ''),
    queryFn: () => client.upcomingInvoice(customerId ?? ''),
    enabled: customerId !== null,
  });
  useErrorToast(upcoming.error);
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
