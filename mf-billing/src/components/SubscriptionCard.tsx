import { useId, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, NeedsConnectionNote, useI18n, useToast, type BillingInterval, type MembershipPackage, type Subscription } from '@agentflow/shared';
import { ConfirmDialog } from '@agentflow/shared/dialog';
import { loggedActionError, priceIdFor } from '../api/client';
import { openPortal } from '../api/checkout';
import { billingKeys, useBillingClient } from '../api/queries';
import { actionErrorMessage, isChangeable, planName, tokensText, useBillingAccount, useErrorToast, useRefreshAccount } from './account';
import { BillingOfflineNote } from './BillingOffline';
import { formatDate } from './messages';
import { useBillingBase } from './useBillingBase';

/** Explains the disabled billing actions while billing-api cannot be reached. */
const OFFLINE_NOTE_ID = 'billing-subscription-offline';

/** The overview's subscription card: plan, status, period; change plan or cycle, cancel, and the Stripe portal. */
export function SubscriptionCard() {
  const { t, language } = useI18n();
  const account = useBillingAccount({ toastErrors: true });
  const base = useBillingBase();
  const { subscription, plan } = account;

  return (
    <section className="card" aria-labelledby="billing-subscription-title" data-testid="subscription">
      <h2 id="billing-subscription-title">{t('billing.subscription.title')}</h2>
      {account.offline ? <BillingOfflineNote savedAt={account.savedAt} /> : null}
      {account.offline && !(subscription && plan) ? (
        // Offline: the last known plan (the membership saved on this device), never "no paid subscription".
        account.role && account.savedAt ? (
          <p className="billing-plan" data-testid="subscription-last-plan">
            {t('billing.offline.lastPlan', { plan: t(`billing.roles.${account.role}`, { defaultValue: account.role }) })}
          </p>
        ) : null
      ) : account.loading ? (
        <div role="status" aria-busy="true" data-testid="subscription-loading">
          <span className="visually-hidden">{t('billing.subscription.loading')}</span>
          <div className="billing-skeleton billing-skeleton-line" aria-hidden="true" />
          <div className="billing-skeleton billing-skeleton-line short" aria-hidden="true" />
        </div>
      ) : subscription && plan ? (
        <>
          <p className="billing-plan" data-testid="subscription-plan">
            {t('billing.subscription.planLine', { plan: planName(t, plan), tokens: tokensText(t, language, plan) })}
          </p>
          <dl className="billing-facts">
            <div>
              <dt>{t('billing.subscription.status')}</dt>
              <dd data-testid="subscription-status" data-status={subscription.status}>
                {t(`billing.subscription.statuses.${subscription.status}`, { defaultValue: subscription.status })}
                {subscription.cancelAtPeriodEnd ? (
                  <span className="billing-badge" data-testid="subscription-cancels">
                    {t('billing.subscription.cancelsAtPeriodEnd')}
                  </span>
                ) : null}
              </dd>
            </div>
            <div>
              <dt className="visually-hidden">{t('billing.plans.billingCycle')}</dt>
              <dd data-testid="subscription-interval" data-interval={subscription.interval}>
                {t(subscription.interval === 'year' ? 'billing.subscription.billedYearly' : 'billing.subscription.billedMonthly')}
              </dd>
            </div>
            {subscription.currentPeriodEnd ? (
              <div>
                <dt className="visually-hidden">{t('billing.invoices.date')}</dt>
                <dd data-testid="subscription-period-end">
                  {subscription.cancelAtPeriodEnd
                    ? t('billing.subscription.cancelsOn', { date: formatDate(subscription.currentPeriodEnd, language) })
                    : t('billing.subscription.periodEnd', { date: formatDate(subscription.currentPeriodEnd, language) })}
                </dd>
              </div>
            ) : null}
          </dl>
          {isChangeable(subscription) ? <SubscriptionActions subscription={subscription} plan={plan} customerId={account.customerId} offline={account.offline} /> : null}
          {account.customerId ? <ManageBilling customerId={account.customerId} offline={account.offline} /> : null}
          {account.offline ? <NeedsConnectionNote id={OFFLINE_NOTE_ID} /> : null}
        </>
      ) : (
        <>
          <p className="muted" data-testid="subscription-none">
            {t('billing.subscription.noSubscription')}
          </p>
          <div className="billing-actions">
            <Link className="button button-primary" to={`${base}/plans`}>
              {t('billing.subscription.seePlans')}
            </Link>
            {account.customerId ? <ManageBilling customerId={account.customerId} /> : null}
          </div>
        </>
      )}
    </section>
  );
}

function ManageBilling({ customerId, offline = false }: { customerId: string; offline?: boolean }) {
  const { t } = useI18n();
  const { toast } = useToast();
  const client = useBillingClient();
  const base = useBillingBase();
  const portal = useMutation({
    mutationFn: async () => {
      const { url } = await client.createPortalSession({ customerId, returnUrl: `${window.location.origin}${base}` });
      openPortal(url);
    },
    onError: (error) => toast({ title: actionErrorMessage(t, error), variant: 'destructive' }),
  });
  const leaving = portal.isPending || portal.isSuccess;
  return (
    <button
      type="button"
      className="button button-secondary"
      onClick={() => portal.mutate()}
      disabled={leaving || offline}
      aria-busy={leaving}
      aria-describedby={offline ? OFFLINE_NOTE_ID : undefined}
      data-testid="manage-billing"
    >
      {t('billing.subscription.manage')}
    </button>
  );
}

function SubscriptionActions({ subscription, plan, customerId, offline }: { subscription: Subscription; plan: MembershipPackage; customerId: string | null; offline: boolean }) {
  const { t, language } = useI18n();
  const { toast } = useToast();
  const client = useBillingClient();
  const refreshAccount = useRefreshAccount();
  const planSelect = useId();
  const plans = useQuery({ queryKey: billingKeys.plans(), queryFn: () => client.eligiblePackages(), enabled: !offline });
  useErrorToast(offline ? null : plans.error);
  const describedBy = offline ? OFFLINE_NOTE_ID : undefined;
  const others = (plans.data ?? []).filter((pkg) => pkg.id !== plan.id && pkg.priceMonthly > 0);
  const [target, setTarget] = useState<string>('');
  const [confirm, setConfirm] = useState<'plan' | 'cancel' | null>(null);
  const targetPlan = others.find((pkg) => pkg.id === target) ?? null;
  const otherInterval: BillingInterval = subscription.interval === 'year' ? 'month' : 'year';
  const otherPrice = priceIdFor(plan, otherInterval);

  const fail = (error: unknown) => toast({ title: actionErrorMessage(t, error), variant: 'destructive' });
  const changePlan = useMutation({
    mutationFn: (pkg: MembershipPackage) => client.changePackage({ packageId: pkg.id }),
    onSuccess: async (_answer, pkg) => {
      setConfirm(null);
      setTarget('');
      toast({ title: t('billing.subscription.planChanged', { plan: planName(t, pkg) }), variant: 'success' });
      await refreshAccount();
    },
    onError: fail,
  });
  const changeCycle = useMutation({
    mutationFn: async () => {
      // The button is disabled without a price; the ids come from billing-api itself.
      if (!otherPrice || !subscription.stripeSubscriptionId || !customerId) throw loggedActionError('changeBillingCycle', 0, null);
      await client.changeBillingCycle({ subscriptionId: subscription.stripeSubscriptionId, newPriceId: otherPrice, customerId });
    },
    onSuccess: async () => {
      toast({
        title: t('billing.subscription.cycleChanged', { cycle: t(otherInterval === 'year' ? 'billing.subscription.cycleYearly' : 'billing.subscription.cycleMonthly') }),
        variant: 'success',
      });
      await refreshAccount();
    },
    onError: fail,
  });
  const cancel = useMutation({
    mutationFn: () => client.cancelSubscription(subscription.stripeSubscriptionId),
    onSuccess: async () => {
      setConfirm(null);
      toast({ title: t('billing.subscription.canceled', { date: formatDate(subscription.currentPeriodEnd, language) }), variant: 'success' });
      await refreshAccount();
    },
    onError: fail,
  });

  return (
    <>
      <div className="billing-actions">
        <button
          type="button"
          className="button button-secondary"
          onClick={() => changeCycle.mutate()}
          disabled={changeCycle.isPending || !otherPrice || offline}
          aria-describedby={describedBy}
          aria-busy={changeCycle.isPending}
          title={otherPrice ? undefined : t('billing.subscription.noPriceForCycle')}
          data-testid="change-cycle"
        >
          {t(otherInterval === 'year' ? 'billing.subscription.switchToYearly' : 'billing.subscription.switchToMonthly')}
        </button>
        <button type="button" className="button button-ghost" onClick={() => setConfirm('cancel')} disabled={offline} aria-describedby={describedBy} data-testid="cancel-subscription">
          {t('billing.subscription.cancel')}
        </button>
      </div>
      {others.length > 0 ? (
        <form
          className="billing-change-plan"
          onSubmit={(event) => {
            event.preventDefault();
            if (targetPlan) setConfirm('plan');
          }}
        >
          <div className="form-field">
            <label htmlFor={planSelect}>{t('billing.subscription.newPlan')}</label>
            <select id={planSelect} value={target} onChange={(event) => setTarget(event.target.value)}>
              <option value="" disabled>
                {t('billing.subscription.changePlan')}
              </option>
              {others.map((pkg) => (
                <option key={pkg.id} value={pkg.id}>
                  {planName(t, pkg)} · {tokensText(t, language, pkg)}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button button-secondary" disabled={!targetPlan || changePlan.isPending} data-testid="change-plan">
            {t('billing.subscription.changePlanButton')}
          </button>
        </form>
      ) : null}
      {confirm === 'plan' && targetPlan ? (
        <ConfirmDialog
          title={t('billing.subscription.changePlanTitle', { plan: planName(t, targetPlan) })}
          description={t('billing.subscription.changePlanBody', { plan: planName(t, targetPlan), tokens: tokensText(t, language, targetPlan) })}
          confirmLabel={t('billing.subscription.changePlanConfirm')}
          cancelLabel={t('billing.team.cancel')}
          busy={changePlan.isPending}
          onConfirm={() => changePlan.mutate(targetPlan)}
          onCancel={() => setConfirm(null)}
          testId="plan-change-dialog"
        />
      ) : null}
      {confirm === 'cancel' ? (
        <ConfirmDialog
          title={t('billing.subscription.cancelTitle')}
          description={t('billing.subscription.cancelBody')}
          confirmLabel={t('billing.subscription.cancelConfirm')}
          cancelLabel={t('billing.subscription.keep')}
          busy={cancel.isPending}
          onConfirm={() => cancel.mutate()}
          onCancel={() => setConfirm(null)}
          testId="cancel-subscription-dialog"
        />
      ) : null}
    </>
  );
}
