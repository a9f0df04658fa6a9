import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useI18n, useToast, type PaymentMethodSummary } from '@agentflow/shared';
import { ConfirmDialog } from '@agentflow/shared/dialog';
import { billingKeys, useBillingClient } from '../api/queries';
import { actionErrorMessage, useCustomerQuery } from './account';
import { ItemAction } from './ItemAction';
import { ReadStates, SkeletonLines } from './ReadStates';

/** Stripe's brand ids ('visa', 'amex') as people write them; unknown ones are capitalised. */
const BRANDS: Record<string, string> = {
  amex: 'American Express',
  diners: 'Diners Club',
  discover: 'Discover',
  jcb: 'JCB',
  mastercard: 'Mastercard',
  unionpay: 'UnionPay',
  visa: 'Visa',
};
export const brandName = (brand: string): string => BRANDS[brand] ?? (brand ? brand.charAt(0).toUpperCase() + brand.slice(1) : '');

/** The Stripe customer's cards: the default one marked, set another as default, delete one (after confirming). */
export function PaymentMethods({ customerId }: { customerId: string | null }) {
  const { t } = useI18n();
  const client = useBillingClient();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [deleting, setDeleting] = useState<PaymentMethodSummary | null>(null);
  const methods = useCustomerQuery(customerId, billingKeys.paymentMethods, (id) => client.paymentMethods(id));
  const cardText = (method: PaymentMethodSummary) => t('billing.paymentMethods.card', { brand: brandName(method.brand), last4: method.last4 });
  const reload = () => queryClient.invalidateQueries({ queryKey: billingKeys.account() });
  const fail = (error: unknown) => toast({ title: actionErrorMessage(t, error), variant: 'destructive' });

  const setDefault = useMutation({
    mutationFn: (method: PaymentMethodSummary) => client.setDefaultPaymentMethod({ customerId: customerId ?? '', paymentMethodId: method.id }),
    onSuccess: async (_answer, method) => {
      toast({ title: t('billing.paymentMethods.defaultChanged', { card: cardText(method) }), variant: 'success' });
      await reload();
    },
    onError: fail,
  });
  const remove = useMutation({
    mutationFn: (method: PaymentMethodSummary) => client.deletePaymentMethod({ paymentMethodId: method.id }),
    onSuccess: async (_answer, method) => {
      setDeleting(null);
      toast({ title: t('billing.paymentMethods.deleted', { card: cardText(method) }), variant: 'success' });
      await reload();
    },
    onError: fail,
  });

  return (
    <section className="card" aria-labelledby="billing-methods-title" data-testid="payment-methods">
      <h2 id="billing-methods-title">{t('billing.paymentMethods.title')}</h2>
      <ReadStates
        read={methods}
        message={actionErrorMessage}
        pending={customerId !== null && methods.isPending}
        loading={<SkeletonLines testId="payment-methods-loading" label={t('billing.paymentMethods.loading')} lines={1} />}
        empty={customerId ? `${t('billing.paymentMethods.empty')} · ${t('billing.paymentMethods.addHint')}` : t('billing.paymentMethods.empty')}
        emptyTestId="payment-methods-empty"
      >
        {(list) => (
          <ul className="billing-methods">
            {list.map((method) => (
              <li key={method.id} className="billing-method" data-testid={`payment-method-${method.id}`} data-default={method.isDefault}>
                <span className="billing-method-card">
                  <strong>{cardText(method)}</strong>
                  <span className="muted"> {t('billing.paymentMethods.expires', { month: String(method.expMonth).padStart(2, '0'), year: method.expYear })}</span>
                  {method.isDefault ? <span className="billing-badge billing-badge-current">{t('billing.paymentMethods.default')}</span> : null}
                </span>
                <span className="billing-method-actions">
                  {method.isDefault ? null : (
                    <ItemAction label={t('billing.paymentMethods.setDefault')} item={cardText(method)} variant="secondary" disabled={setDefault.isPending} onClick={() => setDefault.mutate(method)} />
                  )}
                  <ItemAction label={t('billing.paymentMethods.delete')} item={cardText(method)} reset={remove.reset} onClick={() => setDeleting(method)} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </ReadStates>
      {deleting ? (
        <ConfirmDialog
          title={t('billing.paymentMethods.deleteTitle', { card: cardText(deleting) })}
          description={t('billing.paymentMethods.deleteBody')}
          confirmLabel={t('billing.paymentMethods.deleteConfirm')}
          cancelLabel={t('billing.paymentMethods.keep')}
          busy={remove.isPending}
          error={remove.isError ? actionErrorMessage(t, remove.error) : null}
          onConfirm={() => remove.mutate(deleting)}
          onCancel={() => setDeleting(null)}
          testId="payment-method-delete-dialog"
        />
      ) : null}
    </section>
  );
}
