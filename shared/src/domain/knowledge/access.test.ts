import { PERMISSIONS } from '../rbac/model';
import { mayUseKnowledge } from './access';

const grant = (permissions: string[], organizationId: string | null = 'acme') => ({ roleId: 'r', organizationId, permissions });

test.each([
  ['the owner of a personal workspace manages it', [], 'ada', { ownerId: 'ada', organizationId: null }, 'manage', true],
  ['nobody else sees a personal workspace’s, whatever their grants', [grant([PERMISSIONS.manageAll], null)], 'bob', { ownerId: 'ada', organizationId: null }, 'view', false],
  ['an editor of the organization manages', [grant([PERMISSIONS.editWorkflows])], 'bob', { ownerId: 'ada', organizationId: 'acme' }, 'manage', true],
  ['an editor also views', [grant([PERMISSIONS.editWorkflows])], 'bob', { ownerId: 'ada', organizationId: 'acme' }, 'view', true],
  ['a viewer views', [grant([PERMISSIONS.viewWorkflows])], 'bob', { ownerId: 'ada', organizationId: 'acme' }, 'view', true],
  ['a viewer does not manage', [grant([PERMISSIONS.viewWorkflows])], 'bob', { ownerId: 'ada', organizationId: 'acme' }, 'manage', false],
  ['a role in another organization counts for nothing', [grant([PERMISSIONS.editWorkflows], 'globex')], 'bob', { ownerId: 'ada', organizationId: 'acme' }, 'view', false],
  ['a global administrator manages an organization’s', [grant([PERMISSIONS.manageAll], null)], 'root', { ownerId: 'ada', organizationId: 'acme' }, 'manage', true],
] as const)('%s', (_name, grants, userId, workspace, need, expected) => {
  expect(mayUseKnowledge(grants, userId, workspace, need)).toBe(expected);
});
