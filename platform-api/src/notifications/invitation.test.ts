// The workspaces module's way to tell an invited user: a bell entry when they
// keep the in-app channel for invitations, nothing when they turned it off.
import { deleteApp } from 'firebase-admin/app';
import { pino } from 'pino';
import { NOTIFICATIONS_COLLECTION, invitationNotificationId } from '@agentflow/shared/domain';
import { getAdminAuth } from '@agentflow/shared/server';
import { emulatorHosts } from '@agentflow/shared/testing/emulators';
import { clearFirestore, firestoreFor } from '../../testing/harness';
import { createInvitationNotifier } from './index';
import { updateNotificationPreferences } from './preferencesStore';

const projectId = 'demo-agentflow-notify-invitation';
emulatorHosts();
const { app, db } = firestoreFor(projectId);
const auth = getAdminAuth();

beforeAll(() => clearFirestore(projectId));
afterAll(() => deleteApp(app));

const event = { invitationId: 'inv1', workspaceId: 'acme', workspaceName: 'Acme', roleId: 'workspace_editor', invitedByName: 'Alice' };

test('an invited user gets a bell entry unless they turned invitations off in the app; wantsEmail reads their choice', async () => {
  const users = await Promise.all(['kept', 'off'].map((label) => auth.createUser({ email: `${label}-${Date.now()}@example.com`, emailVerified: true })));
  const [kept, off] = users as [(typeof users)[number], (typeof users)[number]];
  await updateNotificationPreferences(db, off.uid, { invitation: { inApp: false, email: false } }, new Date());
  const notifier = createInvitationNotifier({ db, auth, logger: pino({ level: 'silent' }), env: { APP_URL: 'http://app.test' } });
  await notifier.invited(kept.uid, event);
  await notifier.invited(off.uid, event);
  expect((await db.collection(NOTIFICATIONS_COLLECTION).doc(invitationNotificationId(kept.uid, 'inv1')).get()).data()).toMatchObject({ userId: kept.uid, kind: 'invitation', invitationId: 'inv1', workspaceId: 'acme', workspaceName: 'Acme', roleId: 'workspace_editor', invitedByName: 'Alice', read: false });
  expect((await db.collection(NOTIFICATIONS_COLLECTION).doc(invitationNotificationId(off.uid, 'inv1')).get()).exists).toBe(false);
  expect(await notifier.wantsEmail(kept.uid)).toBe(true);
  expect(await notifier.wantsEmail(off.uid)).toBe(false);
  // An unknown user is nobody to tell, and no error.
  await expect(notifier.invited('no-such-user', event)).resolves.toBeUndefined();
});
