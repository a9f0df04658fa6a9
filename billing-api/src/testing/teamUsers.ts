// Test code only: accounts for the team suites. Accepting an invitation needs
// a verified e-mail, which the harness's accounts lack; these helpers mark it
// verified in the Auth emulator and sign in again for a token that says so.
import { MEMBERSHIP_COLLECTIONS, setMembershipRole, type PlanRole } from '@agentflow/shared/server';
import { signIn } from '@agentflow/shared/testing/serviceHarness';
import type { BillingHarness, TestUser } from '../../testing/harness';

/** A new account whose e-mail is verified, optionally on a plan. */
export async function verifiedUser(h: BillingHarness, label: string, role?: PlanRole): Promise<TestUser> {
  const user = await h.createUser(label);
  await h.auth.updateUser(user.uid, { emailVerified: true });
  if (role) await setMembershipRole(h.db, user.uid, role);
  return { ...user, idToken: await signIn(user.email) };
}

/** Everything stored about a user's plan and tokens: their membership and their usage entries. */
export async function planState(h: BillingHarness, uid: string): Promise<{ membership: Record<string, unknown> | null; usage: string[] }> {
  const membership = await h.db.collection(MEMBERSHIP_COLLECTIONS.memberships).doc(uid).get();
  const usage = await h.db.collection(MEMBERSHIP_COLLECTIONS.tokenUsage).where('userId', '==', uid).get();
  return { membership: membership.exists ? (membership.data() ?? null) : null, usage: usage.docs.map((doc) => doc.id).sort() };
}

export async function roleOf(h: BillingHarness, uid: string): Promise<unknown> {
  return (await h.db.collection(MEMBERSHIP_COLLECTIONS.memberships).doc(uid).get()).get('role');
}
