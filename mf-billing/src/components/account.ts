// The signed-in user's billing account as the pages need it: the membership
// details, the subscription to show (the active one, else a canceled one still
// inside its paid period), the Stripe customer id; and turning failures into
// translated toasts.
import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BILLING_ERROR_CODE_LIST, useAuth, useI18n, useMembership, useToast, type I18nContextValue, type MembershipPackage, type Subscription } from '@agentflow/shared';
import { BillingActionError } from '../api/client';
import { billingKeys, useBillingClient } from '../api/queries';
import { apiErrorMessage } from './messages';

type Translate = I18nContextValue['t'];

/** The service's own text when it sent one, else the action's fallback in the page's language. */
export function actionErrorMessage(t: Translate, error: unknown): string {
  if (error instanceof BillingActionError) {
    // A code the page knows reads in the user's language; other server texts as sent.
    if (error.code && (BILLING_ERROR_CODE_LIST as readonly string[]).includes(error.code)) return t(`billing.errorCodes.${error.code}`);
    return error.serverMessage ?? t(`billing.fallbacks.${error.action}`);
  }
  return apiErrorMessage(t, error);
}

/** Shows each new failure once as an error toast. */
export function useErrorToast(error: unknown): void {
  const { t } = useI18n();
  const { toast } = useToast();
  const shown = useRef<unknown>(null);
  useEffect(() => {
    if (!error || shown.current === error) return;
    shown.current = error;
    toast({ title: actionErrorMessage(t, error), variant: 'destructive' });
  }, [error, t, toast]);
}

/** A subscription worth showing: the active one, or one that still runs until its period ends. */
export function currentSubscription(active: Subscription | null | undefined, history: readonly Subscription[] | undefined, now = Date.now()): Subscription | null {
  if (active) return active;
  return (
    history?.find(
      (subscription) =>
        subscription.status !== 'incomplete' &&
        subscription.status !== 'incomplete_expired' &&
        subscription.currentPeriodEnd !== null &&
        Date.parse(subscription.currentPeriodEnd) > now,
    ) ?? null
  );
}

/** A subscription the user can still change (plan, cycle, cancel) rather than buy again. */
export const isChangeable = (subscription: Subscription | null): subscription is Subscription =>
  subscription !== null && !subscription.cancelAtPeriodEnd && ['active', 'trialing', 'past_due'].includes(subscription.status);

/** `toastErrors`: the one component per page that reports a failed read. */
export function useBillingAccount({ toastErrors = false }: { toastErrors?: boolean } = {}) {
  const client = useBillingClient();
  const { user } = useAuth();
  const { membership } = useMembership();
  const enabled = Boolean(user);
  const details = useQuery({ queryKey: billingKeys.details(), queryFn: () => client.membershipDetails(), enabled });
  const history = useQuery({ queryKey: billingKeys.subscriptions(), queryFn: () => client.subscriptionHistory(), enabled });
  useErrorToast(toastErrors ? (details.error ?? history.error) : null);
  const subscription = currentSubscription(details.data?.activeSubscription, history.data);
  const customerId = details.data?.userMembership.stripeCustomerId ?? membership?.stripeCustomerId ?? null;
  return {
    details,
    history,
    subscription,
    /** The plan of the subscription (or of the user's role), as billing-api answered it. */
    plan: details.data?.packageDetails ?? null,
    customerId,
    role: details.data?.userMembership.role ?? membership?.role ?? null,
    loading: enabled && (details.isPending || history.isPending),
  };
}

/** After any Stripe change: read the account and the membership (role, tokens) again. */
export function useRefreshAccount() {
  const queryClient = useQueryClient();
  const { refresh } = useMembership();
  return async () => {
    await Promise.all([queryClient.invalidateQueries({ queryKey: billingKeys.account() }), refresh()]);
  };
}

/** A plan's allowance, e.g. '1,000 tokens a month'. */
export function tokensText(t: Translate, language: string, pkg: Pick<MembershipPackage, 'tokensPerMonth'>): string {
  return t('billing.plans.tokensPerMonth', { tokens: new Intl.NumberFormat(language).format(pkg.tokensPerMonth) });
}

/** A plan's name in the page's language (the names follow the roles they grant). */
export function planName(t: Translate, pkg: Pick<MembershipPackage, 'role' | 'name'>): string {
  return t(`billing.roles.${pkg.role}`, { defaultValue: pkg.name });
}
