// Helpers for the offline tests: a signed-in user with a premium plan and a
// workflow of their own (written with the Admin SDK, as the services would),
// the service worker in control, and going offline "for real": the browser
// without network and the remotes' servers down.
import type { BrowserContext, Page } from 'playwright-core';
import { getAdminAuth, getAdminDb } from '@agentflow/shared/server';
import { templateById } from '@agentflow/shared/workflow';
import { remoteUrl, startRemote, stopRemote } from './stack';

let counter = 0;
const REMOTES_USED = ['mf_home', 'mf_workflows', 'mf_billing', 'mf_rbac'];

export interface OfflineUser {
  uid: string;
  email: string;
  password: string;
  displayName: string;
  workflowId: string;
}

/** A new account with a private copy of the sales follow-up template (version 1, and its snapshot). */
export async function createUserWithWorkflow(displayName: string): Promise<OfflineUser> {
  const email = `offline-${Date.now()}-${counter++}@example.com`;
  const password = 'correct-horse-42';
  const { uid } = await getAdminAuth().createUser({ email, password, displayName });
  const template = templateById('tpl-sales-follow-up-email');
  if (!template) throw new Error('template tpl-sales-follow-up-email is missing');
  const db = getAdminDb();
  const reference = db.collection('workflows').doc();
  const nodes = JSON.parse(JSON.stringify(template.nodes)) as unknown[];
  const edges = JSON.parse(JSON.stringify(template.edges)) as unknown[];
  const name = `Field visit follow-up ${counter}`;
  await reference.set({
    ownerId: uid,
    organizationId: null,
    name,
    description: template.description,
    category: template.category,
    industry: template.industry,
    tags: template.tags,
    visibility: 'private',
    version: 1,
    nodes,
    edges,
    // Dates become Firestore timestamps, as the server's own would be.
    createdAt: new Date(),
    updatedAt: new Date(),
  });
  await reference.collection('versions').doc('1').set({ version: 1, name, nodes, edges, savedBy: uid, savedByName: displayName, savedAt: new Date() });
  return { uid, email, password, displayName, workflowId: reference.id };
}

/**
 * Makes the user a Premium subscriber as billing-api records one (membership
 * role and an active subscription document; no Stripe customer, so the page
 * asks Stripe for nothing). Call after the first sign-in created the membership.
 */
export async function makePremium(uid: string): Promise<void> {
  const db = getAdminDb();
  await db.collection('userMemberships').doc(uid).set({ role: 'premium', tokensRemaining: 1000, subscriptionId: `sub-doc-${uid}` }, { merge: true });
  await db
    .collection('subscriptions')
    .doc(`sub-doc-${uid}`)
    .set({
      userId: uid,
      packageId: 'premium',
      status: 'active',
      stripeSubscriptionId: `sub_offline_${uid}`,
      stripeCustomerId: null,
      priceId: null,
      interval: 'month',
      currentPeriodStart: new Date(Date.now() - 86_400_000).toISOString(),
      currentPeriodEnd: new Date(Date.now() + 29 * 86_400_000).toISOString(),
      cancelAtPeriodEnd: false,
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    });
}

/** Signs in through the sign-in page and waits until the header names the user. */
export async function signInThroughPage(page: Page, user: Pick<OfflineUser, 'email' | 'password' | 'displayName'>, url: string): Promise<void> {
  await page.goto(url);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.locator('form').getByRole('button', { name: 'Sign in', exact: true }).click();
  // 'attached': on phones the status sits in the collapsed menu.
  await page.getByTestId('user-status').filter({ hasText: `Signed in as ${user.displayName}` }).waitFor({ state: 'attached' });
}

/** Waits until the service worker is installed (its warm-up done) and controls the page. */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
  });
}

/** No network for the browser, and the remotes' servers down (as from a basement). */
export async function goOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  for (const remote of REMOTES_USED) await stopRemote(remote);
}

const answers = async (url: string) => {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
};

/** Starts every remote that does not answer (never a second server on a port). */
export async function restoreRemotes(): Promise<void> {
  for (const remote of REMOTES_USED) {
    if (!(await answers(remoteUrl(remote, '/mf-manifest.json')))) await startRemote(remote);
  }
}

export async function goOnline(context: BrowserContext): Promise<void> {
  await restoreRemotes();
  await context.setOffline(false);
}
