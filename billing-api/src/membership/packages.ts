// The plans billing-api offers by default, created at service start when
// missing (never overwriting a plan someone changed).
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { MEMBERSHIP_COLLECTIONS, type MembershipPackage } from '@agentflow/shared/server';

export const DEFAULT_PACKAGES: readonly MembershipPackage[] = [
  {
    id: 'free',
    name: 'Free',
    description: 'Try Agentflow: 10 tokens a month.',
    role: 'free',
    requiredRole: 'free',
    tokensPerMonth: 10,
    priceMonthly: 0,
    priceYearly: 0,
    currency: 'usd',
    stripePriceId: null,
    stripePriceIdMonthly: null,
    stripePriceIdYearly: null,
    interval: 'month',
    features: ['voice_command', 'workflow_run'],
    active: true,
  },
  {
    id: 'basic',
    name: 'Basic',
    description: 'For individuals: 100 tokens a month.',
    role: 'basic',
    requiredRole: 'free',
    tokensPerMonth: 100,
    priceMonthly: 900,
    priceYearly: 9000,
    currency: 'usd',
    stripePriceId: null,
    stripePriceIdMonthly: null,
    stripePriceIdYearly: null,
    interval: 'month',
    features: ['voice_command', 'workflow_run', 'template_copy'],
    active: true,
  },
  {
    id: 'premium',
    name: 'Premium',
    description: 'For professionals: 1,000 tokens a month and agents.',
    role: 'premium',
    requiredRole: 'free',
    tokensPerMonth: 1000,
    priceMonthly: 2900,
    priceYearly: 29000,
    currency: 'usd',
    stripePriceId: null,
    stripePriceIdMonthly: null,
    stripePriceIdYearly: null,
    interval: 'month',
    features: ['voice_command', 'workflow_run', 'template_copy', 'agent'],
    active: true,
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    description: 'For teams: 10,000 tokens a month, agents and team members.',
    role: 'enterprise',
    requiredRole: 'free',
    tokensPerMonth: 10000,
    priceMonthly: 9900,
    priceYearly: 99000,
    currency: 'usd',
    stripePriceId: null,
    stripePriceIdMonthly: null,
    stripePriceIdYearly: null,
    interval: 'month',
    features: ['voice_command', 'workflow_run', 'template_copy', 'agent', 'team'],
    active: true,
  },
];

/** Creates each default package that does not exist yet, in one transaction; returns the ids it created. */
export async function ensureDefaultPackages(db: Firestore, packages: readonly MembershipPackage[] = DEFAULT_PACKAGES): Promise<string[]> {
  const collection = db.collection(MEMBERSHIP_COLLECTIONS.packages);
  return db.runTransaction(async (tx) => {
    const refs = packages.map((pkg) => collection.doc(pkg.id));
    const snapshots = refs.length > 0 ? await tx.getAll(...refs) : [];
    const created: string[] = [];
    snapshots.forEach((snapshot, index) => {
      const pkg = packages[index];
      if (snapshot.exists || !pkg) return;
      const { id, ...fields } = pkg;
      tx.create(snapshot.ref, { ...fields, createdAt: FieldValue.serverTimestamp(), updatedAt: FieldValue.serverTimestamp() });
      created.push(id);
    });
    return created;
  });
}
