// Test code only: accounts for the team suites. Accepting an invitation needs
// a verified e-mail, which the harness's accounts lack; these helpers mark it
// verified in the Auth emulator and sign in again for a token that says so.
import { emulatorHosts } from '@agentflow/shared/testing/emulators';
import { MEMBERSHIP_COLLECTIONS, setMembershipRole, type MembershipRole } from '@agentflow/shared/server';
import type { BillingHarness, TestUser } from '../../testing/harness';

/** The harness creates every account with this password. */
const PASSWORD = 'correct-horse-42';

export async function freshToken(email: string): Promise<string> {
  const { auth } = emulatorHosts();
  const response = await fetch(`http://${auth}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, returnSecureToken: true }),
  });
  const body = (await response.json()) as { idToken?: string; error?: { message: string } };
  if (!response.ok || !body.idToken) throw new Error(`Emulator sign-in failed: ${body.error?.message ?? response.status}`);
  return body.idToken;
}

/** A new account whose e-mail is verified, optionally on a plan. */
export async function verifiedUser(h: BillingHarness, label: string, role?: MembershipRole): Promise<TestUser> {
  const user = await h.createUser(label);
  await h.auth.updateUser(user.uid, { emailVerified: true });
  if (role) await setMembershipRole(h.db, user.uid, role);
  return { ...user, idToken: await freshToken(user.email) };
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
