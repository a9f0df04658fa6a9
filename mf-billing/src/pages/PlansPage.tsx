import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  BILLING_ERROR_CODES,
  NeedsConnectionNote,
  readDeviceCopy,
  saveDeviceCopy,
  useAuth,
  useI18n,
  usePlatform,
  useSearchParams,
  useToast,
  type BillingInterval,
  type MembershipPackage,
} from '@agentflow/shared';
import { ConfirmDialog } from '@agentflow/shared/dialog';
import { amountFor, BillingActionError, priceIdFor } from '../api/client';
import { openCheckout } from '../api/checkout';
import { billingKeys, useBillingClient } from '../api/queries';
import { actionErrorMessage, isChangeable, OFFLINE_READ, planName, tokensText, useBillingAccount, useErrorToast, useRefreshAccount } from '../components/account';
import { PeriodSwitch } from '../components/PeriodSwitch';
import { RetryAlert } from '../components/ReadStates';
import { BillingOfflineNote } from '../components/BillingOffline';
import { formatMoney } from '../components/messages';
import { useBillingBase } from '../components/useBillingBase';
import { PlanAllowances } from './PlanAllowances';

const INTERVALS: readonly BillingInterval[] = ['month', 'year'];
/** The plans list last read, kept on the device so the plans still show offline (with every action disabled). */
const PLANS_COPY_KIND = 'billing.plans';
const isPlanList = (value: unknown): value is MembershipPackage[] =>
  Array.isArray(value) && value.every((pkg) => typeof (pkg as Partial<MembershipPackage>)?.id === 'string' && Array.isArray((pkg as Partial<MembershipPackage>).features));
const PLANS_OFFLINE_NOTE_ID = 'billing-plans-offline';
const PLANS_NOT_CONFIGURED_ID = 'billing-plans-not-configured';
/** Whether payments are set up changes only with a deployment: asked once per visit. */
const STATUS_STALE_MS = 10 * 60_000;

const isNotConfigured = (error: unknown) => error instanceof BillingActionError && error.code === BILLING_ERROR_CODES.notConfigured;

/** The plan a service's refusal links to (`/billing/plans?plan=basic`): its id, or the role it grants. */
function wantedPlan(list: readonly MembershipPackage[], wanted: string | null): string | null {
  if (!wanted) return null;
  return (list.find((pkg) => pkg.id === wanted) ?? list.find((pkg) => pkg.role === wanted))?.id ?? null;
}

/**
 * /billing/plans: the plans the user may buy, priced per the chosen billing
 * cycle, each with what it allows (PLAN_ENTITLEMENTS). Subscribe opens Stripe
 * Checkout; with a subscription already running, another plan is a plan
 * change instead (no second subscription). `?plan=<id>` (the link of a
 * service's plan refusal) marks that plan as the one that unlocks the feature.
 */
export function PlansPage() {
  const { t } = useI18n();
  const client = useBillingClient();
  const { user } = useAuth();
  const uid = user?.uid ?? null;
  const account = useBillingAccount({ toastErrors: true });
  const plans = useQuery({ queryKey: billingKeys.plans(), queryFn: () => client.eligiblePackages(), ...OFFLINE_READ });
  useErrorToast(account.offline ? null : plans.error);
  useEffect(() => {
    if (uid && plans.data && !account.offline) saveDeviceCopy(PLANS_COPY_KIND, uid, plans.data);
  }, [uid, plans.data, account.offline]);
  // Offline: the list saved on this device (or nothing), every action disabled.
  const saved = useMemo(() => (account.offline && uid ? readDeviceCopy(PLANS_COPY_KIND, uid, isPlanList) : null), [account.offline, uid]);
  const list = account.offline ? (saved?.value ?? []) : (plans.data ?? []);
  const [chosen, setChosen] = useState<BillingInterval | null>(null);
  // Until the user picks, show the cycle they already pay by.
  const interval = chosen ?? account.subscription?.interval ?? 'month';
  // Known up front from the service, or learnt from a refused action.
  const status = useQuery({ queryKey: billingKeys.status(), queryFn: () => client.status(), staleTime: STATUS_STALE_MS, enabled: !account.offline });
  const [refusedAsNotConfigured, setNotConfigured] = useState(false);
  const notConfigured = refusedAsNotConfigured || status.data?.configured === false;
  useEffect(() => {
    document.title = `${t('common.appName')} · ${t('billing.plans.title')}`;
  }, [t]);

  const currentId = account.subscription?.packageId ?? list.find((pkg) => pkg.role === account.role)?.id ?? null;
  const [params] = useSearchParams();
  const unlockingId = wantedPlan(list, params.get('plan'));

  return (
    <section className="card" aria-labelledby="billing-plans-title">
      <div className="billing-history-header">
        <h2 id="billing-plans-title">{t('billing.plans.title')}</h2>
        <PeriodSwitch
          legend={t('billing.plans.billingCycle')}
          options={INTERVALS}
          value={interval}
          label={(value) => t(value === 'year' ? 'billing.plans.yearly' : 'billing.plans.monthly')}
          onChange={setChosen}
          testId="plans-interval"
        />
      </div>
      <p className="muted">{t('billing.plans.intro')}</p>
      <p className="muted billing-plans-metered">{t('billing.plans.metered')}</p>
      {account.offline ? (
        <>
          <BillingOfflineNote savedAt={saved?.savedAt ?? null} what="plans" />
          <NeedsConnectionNote id={PLANS_OFFLINE_NOTE_ID} className="billing-offline-actions" />
        </>
      ) : null}
      {notConfigured ? (
        <div className="form-alert billing-notice" role="alert" id={PLANS_NOT_CONFIGURED_ID} data-testid="plans-not-configured">
          <strong>{t('billing.plans.notConfiguredTitle')}</strong>
          <span>{t(`billing.errorCodes.${BILLING_ERROR_CODES.notConfigured}`)}</span>
        </div>
      ) : null}
      {account.offline ? null : plans.isError ? (
        <RetryAlert message={actionErrorMessage(t, plans.error)} onRetry={() => void plans.refetch()} />
      ) : plans.isPending || account.loading ? (
        <PlanSkeletons />
      ) : list.length === 0 ? (
        <p className="muted" data-testid="plans-empty">
          {t('billing.plans.empty')}
        </p>
      ) : null}
      {list.length > 0 && (account.offline || !(plans.isPending || account.loading)) ? (
        <ul className="billing-plans" aria-label={t('billing.plans.listLabel')} data-testid="plans" data-interval={interval}>
          {list.map((pkg) => (
            <PlanCard
              key={pkg.id}
              pkg={pkg}
              interval={interval}
              current={pkg.id === currentId}
              unlocks={pkg.id === unlockingId && pkg.id !== currentId}
              switching={isChangeable(account.subscription)}
              customerId={account.customerId}
              onNotConfigured={setNotConfigured}
              offline={account.offline}
              notConfigured={notConfigured}
            />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function PlanSkeletons() {
  const { t } = useI18n();
  return (
    <div className="billing-plans" role="status" aria-busy="true" data-testid="plans-loading">
      <span className="visually-hidden">{t('billing.plans.loading')}</span>
      {[0, 1, 2].map((index) => (
        <div key={index} className="billing-plan-card billing-skeleton" aria-hidden="true" />
      ))}
    </div>
  );
}

function PlanCard({
  pkg,
  interval,
  current,
  unlocks,
  switching,
  customerId,
  onNotConfigured,
  offline,
  notConfigured,
}: {
  pkg: MembershipPackage;
  interval: BillingInterval;
  current: boolean;
  /** The plan a refusal linked to (`?plan=`): marked, and scrolled into view. */
  unlocks: boolean;
  /** A subscription is running: another plan is a change, not a second checkout. */
  switching: boolean;
  customerId: string | null;
  onNotConfigured: (refused: boolean) => void;
  /** billing-api cannot be reached: Subscribe and Switch are disabled, the note at the top says why. */
  offline: boolean;
  /** Payments are not set up on this deployment: the same, with the notice at the top. */
  notConfigured: boolean;
}) {
  const { t, language } = useI18n();
  const { user } = useAuth();
  const { config } = usePlatform();
  const { toast } = useToast();
  const client = useBillingClient();
  const refreshAccount = useRefreshAccount();
  const base = useBillingBase();
  const [confirming, setConfirming] = useState(false);
  const amount = amountFor(pkg, interval);
  const free = pkg.priceMonthly === 0 && pkg.priceYearly === 0;
  const titleId = useId();
  const card = useRef<HTMLLIElement>(null);
  useEffect(() => {
    // jsdom and old browsers have no scrollIntoView.
    if (unlocks) card.current?.scrollIntoView?.({ block: 'center' });
  }, [unlocks]);

  const subscribe = useMutation({
    mutationFn: async () => {
      onNotConfigured(false);
      const origin = window.location.origin;
      const session = await client.createCheckoutSession({
        userId: user?.uid ?? '',
        priceId: priceIdFor(pkg, interval) ?? '',
        packageId: pkg.id,
        successUrl: `${origin}${base}/success?session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${origin}${base}/cancel`,
        stripeCustomerId: customerId,
      });
      await openCheckout(session, config.stripePublishableKey);
    },
    onError: (error) => {
      if (isNotConfigured(error)) onNotConfigured(true);
      toast({ title: actionErrorMessage(t, error), variant: 'destructive' });
    },
  });
  const change = useMutation({
    mutationFn: () => client.changePackage({ packageId: pkg.id }),
    onSuccess: async () => {
      setConfirming(false);
      toast({ title: t('billing.subscription.planChanged', { plan: planName(t, pkg) }), variant: 'success' });
      await refreshAccount();
    },
    onError: (error) => {
      // The subscription ended meanwhile: a paid plan starts with Checkout, where Stripe collects the payment.
      if (error instanceof BillingActionError && error.code === BILLING_ERROR_CODES.checkoutRequired) {
        setConfirming(false);
        subscribe.mutate();
        return;
      }
      if (isNotConfigured(error)) onNotConfigured(true);
      toast({ title: actionErrorMessage(t, error), variant: 'destructive' });
    },
  });
  // Checkout succeeded: the page is leaving for Stripe, keep the button busy.
  const leaving = subscribe.isPending || subscribe.isSuccess;

  return (
    <li
      ref={card}
      className={['billing-plan-card', current ? 'current' : '', unlocks ? 'unlocks' : ''].filter(Boolean).join(' ')}
      data-testid={`plan-${pkg.id}`}
      data-current={current}
      data-unlocks={unlocks}
      aria-labelledby={titleId}
    >
      <h3 id={titleId}>
        {planName(t, pkg)}
        {current ? <span className="billing-badge billing-badge-current">{t('billing.plans.current')}</span> : null}
        {unlocks ? (
          <span className="billing-badge billing-badge-unlocks" data-testid="plan-unlocks">
            {t('billing.plans.unlocks')}
          </span>
        ) : null}
      </h3>
      <p className="billing-plan-price" data-testid={`plan-${pkg.id}-price`}>
        {free
          ? t('billing.plans.free')
          : amount > 0
            ? t(interval === 'year' ? 'billing.plans.perYear' : 'billing.plans.perMonth', { price: formatMoney(amount, pkg.currency, language) })
            : t('billing.plans.notOffered')}
      </p>
      <p className="billing-plan-tokens" data-testid={`plan-${pkg.id}-tokens`}>
        {tokensText(t, language, pkg)}
      </p>
      <PlanAllowances pkg={pkg} />
      {current || free || amount === 0 ? null : switching ? (
        <button
          type="button"
          className="button button-secondary"
          onClick={() => setConfirming(true)}
          disabled={change.isPending || offline || notConfigured}
          aria-describedby={offline ? PLANS_OFFLINE_NOTE_ID : notConfigured ? PLANS_NOT_CONFIGURED_ID : undefined}
        >
          {t('billing.plans.switchTo')}
          <span className="visually-hidden"> {planName(t, pkg)}</span>
        </button>
      ) : (
        <button
          type="button"
          className="button button-primary"
          aria-label={t('billing.plans.subscribeTo', { plan: planName(t, pkg) })}
          onClick={() => subscribe.mutate()}
          disabled={leaving || offline || notConfigured}
          aria-describedby={offline ? PLANS_OFFLINE_NOTE_ID : notConfigured ? PLANS_NOT_CONFIGURED_ID : undefined}
          aria-busy={leaving}
        >
          {leaving ? t('billing.plans.redirecting') : t('billing.plans.subscribe')}
        </button>
      )}
      {confirming ? (
        <ConfirmDialog
          title={t('billing.subscription.changePlanTitle', { plan: planName(t, pkg) })}
          description={t('billing.subscription.changePlanBody', { plan: planName(t, pkg), tokens: tokensText(t, language, pkg) })}
          confirmLabel={t('billing.subscription.changePlanConfirm')}
          cancelLabel={t('billing.team.cancel')}
          busy={change.isPending}
          onConfirm={() => change.mutate()}
          onCancel={() => setConfirming(false)}
          testId="plan-change-dialog"
        />
      ) : null}
    </li>
  );
}
