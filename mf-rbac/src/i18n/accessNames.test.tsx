import { screen, within } from '@testing-library/react';
import { AUDIT_ACTIONS, PERMISSION_ACTIONS } from '@agentflow/shared';
import { BUILT_IN_ROLES, CORE_PERMISSIONS, MANAGE_ALL_PERMISSION } from '@agentflow/shared/rbac';
import { auditEntry, createFakeAccessServer } from '../testing/fakeAccessServer';
import { openSection, renderConsole, restoreFetch } from '../testing/renderConsole';
import { en } from './en';

afterEach(restoreFetch);

const BUILT_IN_PERMISSIONS = [MANAGE_ALL_PERMISSION, ...CORE_PERMISSIONS];

describe('the names catalog covers what the service stores', () => {
  test('every built-in role and permission, by id, with the service’s English as the English text', () => {
    expect(Object.keys(en.rbac.names.roles).sort()).toEqual(BUILT_IN_ROLES.map((role) => role.id).sort());
    expect(Object.keys(en.rbac.names.permissions).sort()).toEqual(BUILT_IN_PERMISSIONS.map((permission) => permission.id).sort());
    for (const role of BUILT_IN_ROLES) expect(en.rbac.names.roles[role.id as keyof typeof en.rbac.names.roles]).toEqual({ name: role.name, description: role.description });
    for (const permission of BUILT_IN_PERMISSIONS) {
      expect(en.rbac.names.permissions[permission.id as keyof typeof en.rbac.names.permissions]).toEqual({ name: permission.name, description: permission.description });
    }
  });

  test('every audit action and permission action', () => {
    expect(Object.keys(en.rbac.names.auditActions).sort()).toEqual([...AUDIT_ACTIONS].sort());
    expect(Object.keys(en.rbac.names.permissionActions).sort()).toEqual([...PERMISSION_ACTIONS].sort());
  });
});

const roleRow = (id: string) => screen.getAllByTestId('role-row').find((candidate) => candidate.getAttribute('data-role-id') === id) as HTMLElement;

describe('in German', () => {
  test('built-in roles show their German name, description and permissions; a role someone made, or renamed, its stored text', async () => {
    const server = createFakeAccessServer();
    server.state.roles = server.state.roles.map((role) => (role.id === 'broker' ? { ...role, name: 'Immobilienmakler (Team Nord)' } : role));
    await openSection('roles', 'roles-table', { server, language: 'de' });
    const admin = within(roleRow('admin')).getByRole('rowheader');
    expect(admin).toHaveTextContent('Administrator');
    expect(roleRow('admin')).toHaveTextContent('Verwaltet alles mit vollem Zugriff');
    expect(roleRow('admin')).toHaveTextContent('Alles verwalten');
    expect(roleRow('guest')).toHaveTextContent('Workflow-Vorlagen lesen, Pakete lesen');
    expect(roleRow('sales_manager')).toHaveTextContent('Vertriebsleitung');
    expect(roleRow('sales_manager')).not.toHaveTextContent('Sales manager');
    expect(roleRow('broker')).toHaveTextContent('Immobilienmakler (Team Nord)');
    expect(roleRow('editor')).toHaveTextContent('Editor');
    expect(within(roleRow('admin')).getByRole('button', { name: 'Rolle Administrator bearbeiten' })).toBeInTheDocument();
  });

  test('permissions and their actions in German', async () => {
    await openSection('permissions', 'permissions-table', { language: 'de' });
    const table = screen.getByTestId('permissions-table');
    expect(table).toHaveTextContent('Prüfprotokoll lesen');
    expect(table).toHaveTextContent('Das Prüfprotokoll der Zugriffsverwaltung lesen');
    expect(table).toHaveTextContent('Verwalten');
    expect(table).not.toHaveTextContent('Read the audit log');
  });

  test('audit actions and target types in German, in the filter too', async () => {
    const server = createFakeAccessServer();
    server.state.audit = [auditEntry(0), auditEntry(1, { action: 'DELETE_CREDENTIAL', targetType: 'credential' })];
    renderConsole('/admin/access/audit', { server, language: 'de' });
    const rows = await screen.findAllByTestId('audit-row');
    expect(rows[0]).toHaveTextContent('Rolle zugewiesen');
    expect(rows[1]).toHaveTextContent('Zugangsdaten gelöscht');
    expect(rows[1]).toHaveTextContent('Zugangsdaten:');
    expect(screen.getByRole('option', { name: 'Rolle entzogen' })).toHaveValue('REVOKE_ROLE');
    expect(screen.queryByText('ASSIGN_ROLE')).not.toBeInTheDocument();
  });

  test('a refusal is told in German by its code, without the service’s English', async () => {
    const server = createFakeAccessServer();
    server.fail('GET', '/api/access/audit', 403, 'Forbidden: you need read_audit_log');
    renderConsole('/admin/access/audit', { server, language: 'de' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Das dürfen Sie nicht.');
    expect(alert).not.toHaveTextContent('Forbidden');
  });
});
