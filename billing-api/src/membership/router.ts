// billing-api's membership, token and team endpoints (MEMBERSHIP_API in
// @agentflow/shared). Every route needs a verified ID token; the user always
// comes from the token, never from the body or the query.
import { Router, type Request, type RequestHandler } from 'express';
import type { Auth } from 'firebase-admin/auth';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import type { Logger } from 'pino';
import { z } from 'zod';
import {
  BROWSER_FEATURES,
  FEATURE_COSTS,
  IDEMPOTENCY_KEY_PATTERN,
  MEMBERSHIP_API,
  MEMBERSHIP_COLLECTIONS,
  PLAN_GRANTING_STATUSES,
  activePackageForRole,
  badRequest,
  debit,
  isMeteredFeature,
  isPackageEligible,
  isUsagePeriod,
  isValidTimeZone,
  packageFromData,
  parseIso,
  parseOr400,
  pickInitialLanguage,
  planAllowance,
  readMembership,
  readMembershipWithHeldTokens,
  requireAuth,
  serviceErrors,
  subscriptionStatusIn,
  summaryResetDate,
  usageEntryFromData,
  usageHistory,
  usageHistoryStart,
  usedTokens,
  type ConsumeResponse,
  type MembershipDetails,
  type MembershipPackage,
  type PackageList,
  type RecentUsageResponse,
  type Subscription,
  type SubscriptionStatus,
  type SupportedLanguage,
  type TokenHistoryResponse,
  type TokenSummaryResponse,
  type UsagePeriod,
} from '@agentflow/shared/server';
import { mountTeam } from './team.js';

export const RECENT_USAGE_DEFAULT = 20;
export const RECENT_USAGE_MAX = 50;

export interface MembershipRouterOptions {
  auth: Auth;
  db: Firestore;
  logger: Logger;
  /** The ledger's clock (tests move it). */
  now?: () => Date;
}

export function subscriptionFromData(id: string, data: Record<string, unknown>): Subscription {
  return {
    id,
    userId: typeof data.userId === 'string' ? data.userId : '',
    packageId: typeof data.packageId === 'string' ? data.packageId : '',
    status: (typeof data.status === 'string' ? data.status : 'incomplete') as Subscription['status'],
    stripeSubscriptionId: typeof data.stripeSubscriptionId === 'string' ? data.stripeSubscriptionId : null,
    stripeCustomerId: typeof data.stripeCustomerId === 'string' ? data.stripeCustomerId : null,
    priceId: typeof data.priceId === 'string' ? data.priceId : null,
    interval: data.interval === 'year' ? 'year' : 'month',
    currentPeriodStart: parseIso(data.currentPeriodStart),
    currentPeriodEnd: parseIso(data.currentPeriodEnd),
    cancelAtPeriodEnd: data.cancelAtPeriodEnd === true,
    createdAt: parseIso(data.createdAt),
    updatedAt: parseIso(data.updatedAt),
  };
}

const newestFirst = (a: Subscription, b: Subscription) => (b.createdAt ?? '').localeCompare(a.createdAt ?? '');

export const consumeSchema = z.strictObject({
  feature: z.string({ error: 'must be a string' }).min(1, { error: 'is undefined or empty.' }),
  amount: z.number({ error: 'must be a number' }).int({ error: 'must be an integer' }).positive({ error: 'must be positive' }),
  idempotencyKey: z.string({ error: 'must be a string' }).regex(IDEMPOTENCY_KEY_PATTERN, { error: 'must be 1–128 characters of letters, digits, _ - . :' }),
});

/** The first language of an Accept-Language header (by q), as tags. */
export function acceptLanguageTags(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q ? Number(q) : 1, index };
    })
    .filter((item) => item.tag && item.tag !== '*' && item.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((item) => item.tag);
}

export function createMembershipRouter(options: MembershipRouterOptions): Router {
  const { auth, db, logger } = options;
  const clock = options.now ?? (() => new Date());
  const authed: RequestHandler = requireAuth(auth);
  const router = Router();
  const uidOf = (req: Request): string => req.caller!.uid;

  const subscriptionsOf = async (uid: string): Promise<Subscription[]> => {
    const snapshot = await db.collection(MEMBERSHIP_COLLECTIONS.subscriptions).where('userId', '==', uid).get();
    return snapshot.docs.map((doc) => subscriptionFromData(doc.id, doc.data())).sort(newestFirst);
  };
  const packageById = async (id: string): Promise<MembershipPackage | null> => {
    if (!id || id.includes('/')) return null;
    const snapshot = await db.collection(MEMBERSHIP_COLLECTIONS.packages).doc(id).get();
    return snapshot.exists ? packageFromData(snapshot.id, snapshot.data() ?? {}) : null;
  };
  const currentSubscription = async (uid: string): Promise<{ subscription: Subscription | null; pkg: MembershipPackage | null }> => {
    const subscription = (await subscriptionsOf(uid)).find((each) => subscriptionStatusIn(PLAN_GRANTING_STATUSES, each.status)) ?? null;
    return { subscription, pkg: subscription ? await packageById(subscription.packageId) : null };
  };

  router.get(MEMBERSHIP_API.membership, authed, async (req, res) => {
    const uid = uidOf(req);
    // The balance as the owner sees it: tokens held in platform-api's open blocks and not spent are still theirs.
    const userMembership = await readMembershipWithHeldTokens(db, uid, clock);
    const { subscription, pkg } = await currentSubscription(uid);
    const details: MembershipDetails = {
      userMembership,
      activeSubscription: subscription,
      packageDetails: pkg ?? (await activePackageForRole(db, userMembership.role)),
    };
    res.json(details);
  });

  router.get(MEMBERSHIP_API.subscriptionStatus, authed, async (req, res) => {
    let status: SubscriptionStatus = { isActive: false, subscription: null, package: null };
    try {
      const { subscription, pkg } = await currentSubscription(uidOf(req));
      if (subscription) status = { isActive: true, subscription, package: pkg };
    } catch (error) {
      logger.warn({ err: error }, 'subscription status unavailable; answering inactive');
    }
    res.json(status);
  });

  router.get(MEMBERSHIP_API.subscriptionHistory, authed, async (req, res) => {
    let subscriptions: Subscription[] = [];
    try {
      subscriptions = await subscriptionsOf(uidOf(req));
    } catch (error) {
      logger.warn({ err: error }, 'subscription history unavailable; answering an empty list');
    }
    res.json({ subscriptions });
  });

  router.get(MEMBERSHIP_API.tokenSummary, authed, async (req, res) => {
    const membership = await readMembershipWithHeldTokens(db, uidOf(req), clock);
    const total = planAllowance(membership.role, await activePackageForRole(db, membership.role));
    const summary: TokenSummaryResponse = {
      used: usedTokens(total, membership.tokensRemaining),
      total,
      resetDate: summaryResetDate(new Date(membership.tokensReset)).toISOString(),
    };
    res.json(summary);
  });

  const languageOf = async (req: Request): Promise<SupportedLanguage> => {
    let saved: string | null = null;
    try {
      const profile = await db.collection('users').doc(uidOf(req)).get();
      const language = profile.get('preferences.language');
      if (typeof language === 'string') saved = language;
    } catch (error) {
      logger.warn({ err: error }, 'profile unavailable; using Accept-Language');
    }
    return pickInitialLanguage(saved, acceptLanguageTags(req.get('accept-language')));
  };

  router.get(MEMBERSHIP_API.tokenHistory, authed, async (req, res) => {
    const rawPeriod = req.query.period;
    if (rawPeriod !== undefined && !isUsagePeriod(rawPeriod)) throw badRequest('period must be one of week, month, year');
    const period: UsagePeriod = rawPeriod ?? 'month';
    const rawZone = req.query.timeZone;
    if (rawZone !== undefined && !isValidTimeZone(rawZone)) throw badRequest('timeZone must be an IANA time zone such as UTC or Europe/Madrid');
    const timeZone = rawZone ?? 'UTC';
    let body: TokenHistoryResponse = { history: [] };
    try {
      const now = clock();
      const [language, snapshot] = await Promise.all([
        languageOf(req),
        db
          .collection(MEMBERSHIP_COLLECTIONS.tokenUsage)
          .where('userId', '==', uidOf(req))
          .where('timestamp', '>=', Timestamp.fromDate(usageHistoryStart(period, now)))
          .get(),
      ]);
      const entries = snapshot.docs.map((doc) => usageEntryFromData(doc.id, doc.data()));
      body = { history: usageHistory(entries, period, now, language, timeZone) };
    } catch (error) {
      logger.warn({ err: error }, 'token history unavailable; answering an empty list');
    }
    res.json(body);
  });

  router.get(MEMBERSHIP_API.tokenUsage, authed, async (req, res) => {
    const rawLimit = req.query.limit;
    let limit = RECENT_USAGE_DEFAULT;
    if (rawLimit !== undefined) {
      if (typeof rawLimit !== 'string' || !/^\d{1,6}$/.test(rawLimit) || Number(rawLimit) < 1) throw badRequest(`limit must be an integer from 1 to ${RECENT_USAGE_MAX}`);
      limit = Math.min(Number(rawLimit), RECENT_USAGE_MAX);
    }
    const snapshot = await db
      .collection(MEMBERSHIP_COLLECTIONS.tokenUsage)
      .where('userId', '==', uidOf(req))
      .orderBy('timestamp', 'desc')
      .limit(limit)
      .get();
    const body: RecentUsageResponse = { entries: snapshot.docs.map((doc) => usageEntryFromData(doc.id, doc.data())) };
    res.json(body);
  });

  router.post(MEMBERSHIP_API.consume, authed, async (req, res) => {
    const { feature, amount, idempotencyKey } = parseOr400(consumeSchema, req.body);
    if (!isMeteredFeature(feature) || !BROWSER_FEATURES.includes(feature)) {
      throw badRequest(`feature must be one of ${BROWSER_FEATURES.join(', ')}`);
    }
    const cost = FEATURE_COSTS[feature];
    if (amount !== cost) throw badRequest(`amount must be ${cost} for ${feature}`);
    // The body's key lives in the client namespace: it can never equal (and so pre-empt) a server key.
    const result = await debit(db, { uid: uidOf(req), feature, amount, idempotencyKey, keySpace: 'client', now: clock });
    const body: ConsumeResponse = { tokensRemaining: result.tokensRemaining, applied: result.applied };
    res.json(body);
  });

  router.get(MEMBERSHIP_API.eligiblePackages, authed, async (req, res) => {
    const membership = await readMembership(db, uidOf(req), clock);
    const snapshot = await db.collection(MEMBERSHIP_COLLECTIONS.packages).where('active', '==', true).get();
    const packages = snapshot.docs
      .map((doc) => packageFromData(doc.id, doc.data()))
      .filter((pkg) => isPackageEligible(pkg, membership.role))
      .sort((a, b) => a.priceMonthly - b.priceMonthly || a.id.localeCompare(b.id));
    const body: PackageList = { packages };
    res.json(body);
  });

  mountTeam(router, { auth, db, authed, now: clock });

  router.use(serviceErrors({ store: { name: 'membership', logger } }));
  return router;
}
