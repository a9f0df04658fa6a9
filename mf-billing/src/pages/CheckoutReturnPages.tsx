import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useI18n, useMembership } from '@agentflow/shared';
import { billingKeys, useBillingClient } from '../api/queries';
import { planName, tokensText, useErrorToast } from '../components/account';
import { useBillingBase } from '../components/useBillingBase';

/** How often, and how many times, the success page asks whether Stripe's webhook has landed. */
export const SUCCESS_POLL_MS = 1000;
export const SUCCESS_POLL_ATTEMPTS = 20;

/**
 * /billing/success?session_id=…: Stripe sends the buyer back here. The plan
 * only changes when billing-api has processed Stripe's webhook, so the page
 * reads the membership again every second (briefly) until a subscription is
 * active, then refreshes the header's membership and names the plan.
 */
export function CheckoutSuccessPage() {
  const { t, language } = useI18n();
  const client = useBillingClient();
  const queryClient = useQueryClient();
  const { refresh } = useMembership();
  const base = useBillingBase();
  const [attempts, setAttempts] = useState(0);
  const polling = attempts < SUCCESS_POLL_ATTEMPTS;
  useEffect(() => {
    document.title = `${t('common.appName')} · ${t('billing.success.title')}`;
  }, [t]);
  // Whatever was cached before checkout is stale now.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: billingKeys.account() });
  }, [queryClient]);

  const details = useQuery({
    queryKey: billingKeys.details(),
    queryFn: async () => {
      setAttempts((count) => count + 1);
      return client.membershipDetails();
    },
    // React Query takes these options afresh on every render and recomputes the interval then,
    // so a change of `polling` (the last attempt, or Check again) starts or stops the timer.
    refetchInterval: (query) => (polling && !query.state.data?.activeSubscription ? SUCCESS_POLL_MS : false),
    staleTime: 0,
  });
  useErrorToast(details.error);
  const landed = details.data?.activeSubscription ? details.data : null;

  // The header's token count and role come from the membership provider.
  useEffect(() => {
    if (landed) void refresh();
  }, [landed, refresh]);

  const plan = landed?.packageDetails ?? null;
  return (
    <section className="card billing-return" aria-labelledby="billing-success-title" data-testid="checkout-success">
      <h2 id="billing-success-title">{t('billing.success.title')}</h2>
      <p>{t('billing.success.body')}</p>
      {landed && plan ? (
        <p className="billing-plan" role="status" data-testid="checkout-success-plan" data-plan={plan.id}>
          {t('billing.success.active', { plan: planName(t, plan), tokens: tokensText(t, language, plan) })}
        </p>
      ) : polling ? (
        <p className="muted" role="status" aria-busy="true" data-testid="checkout-success-pending">
          {t('billing.success.activating')}
        </p>
      ) : (
        <div className="form-alert billing-error" role="status" data-testid="checkout-success-slow">
          <span>{t('billing.success.slow')}</span>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              setAttempts(0);
              void details.refetch();
            }}
          >
            {t('billing.success.checkAgain')}
          </button>
        </div>
      )}
      <div className="billing-actions">
        <Link className="button button-primary" to={base || '/'}>
          {t('billing.success.toBilling')}
        </Link>
        <Link className="button button-secondary" to={`${base}/usage`}>
          {t('billing.success.toUsage')}
        </Link>
      </div>
    </section>
  );
}

/** /billing/cancel: the buyer left Checkout without paying. */
export function CheckoutCancelPage() {
  const { t } = useI18n();
  const base = useBillingBase();
  useEffect(() => {
    document.title = `${t('common.appName')} · ${t('billing.canceledCheckout.title')}`;
  }, [t]);
  return (
    <section className="card billing-return" aria-labelledby="billing-cancel-title" data-testid="checkout-cancel">
      <h2 id="billing-cancel-title">{t('billing.canceledCheckout.title')}</h2>
      <p>{t('billing.canceledCheckout.body')}</p>
      <div className="billing-actions">
        <Link className="button button-primary" to={`${base}/plans`}>
          {t('billing.canceledCheckout.backToPlans')}
        </Link>
      </div>
    </section>
  );
}
