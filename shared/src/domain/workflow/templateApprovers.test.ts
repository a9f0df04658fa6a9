// Every approver a template names must be a built-in role: otherwise a user
// who copies the template gets a run that waits for a role nobody can hold.
import { BUILT_IN_ROLES } from '../rbac/defaults';
import { WORKFLOW_TEMPLATES } from './templates';

const builtIn = new Set(BUILT_IN_ROLES.map((role) => role.id));
const approvals = WORKFLOW_TEMPLATES.flatMap((template) =>
  template.nodes.filter((node) => node.type === 'approval').map((node) => [template.id, node.id, (node.params as { approvers: string[] }).approvers] as const),
);

test('the templates have approval steps to check', () => {
  expect(approvals.length).toBeGreaterThanOrEqual(5);
});

test.each(approvals)('%s / %s: every approver is a built-in role', (_template, _node, approvers) => {
  expect(approvers.length).toBeGreaterThan(0);
  for (const approver of approvers) expect(builtIn).toContain(approver);
});

test('the approver roles the templates use exist, grant nothing and are not undeletable', () => {
  const used = new Set(approvals.flatMap(([, , approvers]) => approvers));
  expect([...used].sort()).toEqual(['broker', 'customer_service_lead', 'dispatcher', 'finance_manager', 'sales_manager']);
  for (const id of used) expect(BUILT_IN_ROLES.find((role) => role.id === id)).toMatchObject({ system: 'core', permissions: [] });
});
