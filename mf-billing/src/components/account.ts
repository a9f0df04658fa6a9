// The signed-in user's billing account as the pages need it: the membership
// details, the subscription to show (the active one, else a canceled one still
// inside its paid period), the Stripe customer id; and turning failures into
// translated toasts.
import { useEffect, useMemo, useRef } from 'react';
import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import {
  LIVE_SUBSCRIPTION_STATUSES,
  isUnreachable,
  readDeviceCopy,
  saveDeviceCopy,
  subscriptionStatusIn,
  useAuth,
  useI18n,
  useMembership,
  useOnline,
  useToast,
  type I18nContextValue,
  type MembershipDetails,
  type MembershipPackage,
  type Subscription,
} from '@agentflow/shared';
import { BillingActionError } from '../api/client';
import { billingKeys, useBillingClient } from '../api/queries';
import { apiErrorMessage, codedErrorMessage } from './messages';

type Translate = I18nContextValue['t'];

/** The service's own text when it sent one, else the action's fallback in the page's language. */
export function actionErrorMessage(t: Translate, error: unknown): string {
  if (error instanceof BillingActionError) {
    // A code the page knows reads in the user's language; other server texts as sent.
    return codedErrorMessage(t, error) ?? error.serverMessage ?? t(`billing.fallbacks.${error.action}`);
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

/** A read about the Stripe customer: it waits while there is none (customerId null), and each new failure is toasted. */
export function useCustomerQuery<T>(customerId: string | null, queryKey: (customerId: string) => QueryKey, read: (customerId: string) => Promise<T>) {
  const query = useQuery({ queryKey: queryKey(customerId ?? ''), queryFn: () => read(customerId ?? ''), enabled: customerId !== null });
  useErrorToast(query.error);
  return query;
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
  subscription !== null && !subscription.cancelAtPeriodEnd && subscriptionStatusIn(LIVE_SUBSCRIPTION_STATUSES, subscription.status);

/** The last account billing-api gave (membership details and subscriptions), kept on the device for offline use. */
const ACCOUNT_COPY_KIND = 'billing.account';
interface SavedAccount {
  details: MembershipDetails;
  history: Subscription[];
}
const isSavedAccount = (value: unknown): value is SavedAccount => {
  const saved = value as Partial<SavedAccount> | null;
  return Boolean(saved && typeof saved.details?.userMembership?.role === 'string' && Array.isArray(saved.history));
};

/**
 * Reads that have a copy on the device run even offline (failing at once
 * instead of pausing), and run again when the connection returns: React Query
 * turns reconnect refetches off for 'always' unless told.
 */
export const OFFLINE_READ = { networkMode: 'always', refetchOnReconnect: true } as const;

/**
 * `toastErrors`: the one component per page that reports a failed read.
 *
 * Offline (no network, or billing-api unreachable) the reads run anyway and
 * fail at once (React Query would otherwise pause them and leave the
 * skeletons up), and the account is the last one saved on this device:
 * `offline` is true, `savedAt` says when it was saved (null: nothing saved,
 * and then nothing is claimed about a subscription), and nothing is toasted.
 */
export function useBillingAccount({ toastErrors = false }: { toastErrors?: boolean } = {}) {
  const client = useBillingClient();
  const { user } = useAuth();
  const { membership } = useMembership();
  const online = useOnline();
  const uid = user?.uid ?? null;
  const enabled = uid !== null;
  const details = useQuery({ queryKey: billingKeys.details(), queryFn: () => client.membershipDetails(), enabled, ...OFFLINE_READ });
  const history = useQuery({ queryKey: billingKeys.subscriptions(), queryFn: () => client.subscriptionHistory(), enabled, ...OFFLINE_READ });
  const offline = enabled && (!online || isUnreachable(details.error) || isUnreachable(history.error));
  useErrorToast(toastErrors && !offline ? (details.error ?? history.error) : null);

  // Every complete answer is the one to show the next time billing-api cannot be reached.
  useEffect(() => {
    if (uid && details.data && history.data && !offline) saveDeviceCopy(ACCOUNT_COPY_KIND, uid, { details: details.data, history: history.data } satisfies SavedAccount);
  }, [uid, details.data, history.data, offline]);
  const saved = useMemo(() => (offline && uid ? readDeviceCopy(ACCOUNT_COPY_KIND, uid, isSavedAccount) : null), [offline, uid]);

  const shown = offline ? saved?.value : { details: details.data, history: history.data };
  const subscription = currentSubscription(shown?.details?.activeSubscription, shown?.history);
  const customerId = shown?.details?.userMembership.stripeCustomerId ?? membership?.stripeCustomerId ?? null;
  return {
    details,
    history,
    subscription,
    /** The plan of the subscription (or of the user's role), as billing-api answered it. */
    plan: shown?.details?.packageDetails ?? null,
    customerId,
    role: shown?.details?.userMembership.role ?? membership?.role ?? null,
    loading: enabled && !offline && (details.isPending || history.isPending),
    /** billing-api cannot be reached: the account shown is the saved one (if any), and actions wait for a connection. */
    offline,
    /** When the shown account was saved on this device (offline only; null when nothing was saved). */
    savedAt: offline ? (saved?.savedAt ?? null) : null,
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
