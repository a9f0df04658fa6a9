// Who is offered Share…: the one decision (workflowPermits 'share') on the
// user's roles in their workspaces, as platform-api decides it.
import { organizationWorkspace, personalWorkspace } from '@agentflow/shared/testing/fakeWorkspace';
import { mayShareWorkflow } from './ShareButton';

const workspaces = [personalWorkspace(), organizationWorkspace({ id: 'org-a', roleId: 'workspace_admin' }), organizationWorkspace({ id: 'org-e', roleId: 'workspace_editor' })];

test('personal workflows: their owner only, not someone they are shared with (even as editor)', () => {
  expect(mayShareWorkflow({ ownerId: 'u1', organizationId: null, visibility: 'private' }, 'u1', workspaces)).toBe(true);
  expect(mayShareWorkflow({ ownerId: 'u2', organizationId: null, visibility: 'private', sharedWith: { u1: 'workspace_editor' } }, 'u1', workspaces)).toBe(false);
});

test('organization workflows: by the role in that organization (admin yes, editor no, not a member no)', () => {
  expect(mayShareWorkflow({ ownerId: 'u2', organizationId: 'org-a', visibility: 'organization' }, 'u1', workspaces)).toBe(true);
  expect(mayShareWorkflow({ ownerId: 'u1', organizationId: 'org-e', visibility: 'organization' }, 'u1', workspaces)).toBe(false);
  expect(mayShareWorkflow({ ownerId: 'u1', organizationId: 'org-x', visibility: 'organization' }, 'u1', workspaces)).toBe(false);
});

test('templates and signed-out visitors: never', () => {
  expect(mayShareWorkflow({ ownerId: 'u1', organizationId: null, visibility: 'template' }, 'u1', workspaces)).toBe(false);
  expect(mayShareWorkflow({ ownerId: 'u1', organizationId: null, visibility: 'private' }, null, workspaces)).toBe(false);
});
