import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PERMISSIONS, useI18n, useRBAC, useToast, type Organization, type UserRole, type UserSummary } from '@agentflow/shared';
import { assignmentSchema, userSearchSchema } from '@agentflow/shared/rbac';
import { accessKeys, useAccessClient } from '../api/queries';
import { SelectField, TextField } from '@agentflow/shared/ui';
import { formatTime } from '../components/messages';
import { ApiErrorAlert, ListStates, ListTable, Panel } from '../components/Panel';
import { useSchemaForm } from '../components/useSchemaForm';
import { roleName } from '../i18n/accessNames';

const SEARCH_IDS = { emailPrefix: 'user-search' };
const ASSIGN_IDS = { roleId: 'assign-role', organizationId: 'assign-organization', userId: 'assign-role' };

/** Users: find someone by the start of their e-mail, see their assignments, assign a role (globally or in an organization) and revoke one. */
export function UsersPage() {
  const { t } = useI18n();
  const client = useAccessClient();
  const { errors, validate, clear } = useSchemaForm(SEARCH_IDS);
  const [input, setInput] = useState('');
  const [prefix, setPrefix] = useState<string | null>(null);
  const [selected, setSelected] = useState<UserSummary | null>(null);
  const users = useQuery({
    queryKey: accessKeys.users(prefix ?? ''),
    queryFn: () => client.searchUsers(prefix ?? ''),
    enabled: prefix !== null,
  });

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = validate(userSearchSchema, { emailPrefix: input });
    if (data) setPrefix(data.emailPrefix);
  };

  return (
    <Panel id="users" title={t('rbac.users.title')}>
      <form className="access-search" role="search" noValidate onSubmit={onSearch}>
        <TextField
          id={SEARCH_IDS.emailPrefix}
          label={t('rbac.users.search')}
          type="search"
          inputMode="email"
          autoComplete="off"
          value={input}
          onChange={(event) => {
            setInput(event.target.value);
            clear('emailPrefix');
          }}
          error={errors.emailPrefix}
        />
        <button type="submit" className="button button-primary">
          {t('rbac.users.searchButton')}
        </button>
      </form>
      <ListStates error={users.error} pending={prefix !== null && users.isPending} items={users.data} empty={t('rbac.users.noResults', { prefix })} emptyStatus>
        {(list) => (
          <ul className="access-list" data-testid="user-results" aria-label={t('rbac.users.results')}>
            {list.map((user) => (
              <li key={user.uid} data-testid="user-result" data-user-id={user.uid} aria-current={selected?.uid === user.uid ? 'true' : undefined}>
                <span>
                  <strong>{user.email ?? user.uid}</strong>
                  {user.displayName ? <span className="muted"> · {user.displayName}</span> : null}
                </span>
                <button type="button" className="button button-secondary" onClick={() => setSelected(user)} aria-label={t('rbac.users.selectNamed', { email: user.email ?? user.uid })}>
                  {t('rbac.users.select')}
                </button>
              </li>
            ))}
          </ul>
        )}
      </ListStates>
      {selected ? <UserAccess key={selected.uid} user={selected} /> : null}
    </Panel>
  );
}

function useOrganizations() {
  const client = useAccessClient();
  return useQuery({ queryKey: accessKeys.organizations(), queryFn: () => client.listOrganizations() });
}

function UserAccess({ user }: { user: UserSummary }) {
  const { t, language } = useI18n();
  const client = useAccessClient();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const rbac = useRBAC();
  const assignments = useQuery({ queryKey: accessKeys.userAssignments(user.uid), queryFn: () => client.userAssignments(user.uid) });
  const roles = useQuery({ queryKey: accessKeys.roles(), queryFn: () => client.listRoles() });
  const organizations = useOrganizations();
  const roleNames = new Map((roles.data ?? []).map((role) => [role.id, roleName(t, role)]));
  const organizationNames = new Map((organizations.data ?? []).map((organization) => [organization.id, organization.name]));
  const email = user.email ?? user.uid;
  const organizationLabel = (id: string | null | undefined) => (id ? (organizationNames.get(id) ?? id) : t('rbac.users.everywhere'));

  const afterChange = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: accessKeys.userAssignments(user.uid) }),
      queryClient.invalidateQueries({ queryKey: accessKeys.organizations() }),
      queryClient.invalidateQueries({ queryKey: accessKeys.allAudit() }),
    ]);

  const revoke = useMutation({
    mutationFn: (assignment: UserRole) => rbac.revokeRole({ userId: user.uid, roleId: assignment.roleId, organizationId: assignment.organizationId ?? null }),
    onSuccess: async (_result, assignment) => {
      toast({ title: t('rbac.users.revoked', { role: roleNames.get(assignment.roleId) ?? assignment.roleId, email }), variant: 'success' });
      await afterChange();
    },
  });

  return (
    <section className="card access-user" aria-labelledby="user-access-title" data-testid="user-access" data-user-id={user.uid}>
      <h3 id="user-access-title">{t('rbac.users.accessOf', { email })}</h3>
      <ApiErrorAlert error={revoke.error} />
      <ListTable read={assignments} empty={t('rbac.users.noAssignments')} testId="assignments-table"
        columns={[t('rbac.fields.role'), t('rbac.fields.organization'), t('rbac.users.assignedBy'), t('rbac.users.assignedAt'), t('rbac.fields.actions')]}
        row={(assignment) => (
          <tr
            key={assignment.id ?? `${assignment.roleId}-${assignment.organizationId ?? ''}`}
            data-testid="assignment-row"
            data-role-id={assignment.roleId}
            data-organization-id={assignment.organizationId ?? ''}
          >
            <th scope="row">{roleNames.get(assignment.roleId) ?? assignment.roleId}</th>
            <td>{organizationLabel(assignment.organizationId)}</td>
            <td>{assignment.assignedBy}</td>
            <td>{formatTime(assignment.assignedAt, language)}</td>
            <td className="access-row-actions">
              <button type="button" className="button button-ghost" disabled={revoke.isPending} onClick={() => revoke.mutate(assignment)} data-testid="revoke-button">
                {t('rbac.users.revoke')}
              </button>
            </td>
          </tr>
        )}
      />
      <AssignForm user={user} organizations={organizations.data ?? []} afterChange={afterChange} />
    </section>
  );
}

function AssignForm({ user, organizations, afterChange }: { user: UserSummary; organizations: Organization[]; afterChange: () => Promise<unknown> }) {
  const { t } = useI18n();
  const client = useAccessClient();
  const { toast } = useToast();
  const rbac = useRBAC();
  const roles = useQuery({ queryKey: accessKeys.roles(), queryFn: () => client.listRoles() });
  const { errors, validate, clear } = useSchemaForm(ASSIGN_IDS);
  const [roleId, setRoleId] = useState('');
  const [organizationId, setOrganizationId] = useState('');

  // Only the scopes the signed-in user may assign in: everywhere needs the
  // permission globally; an organization, globally or in that organization.
  const canEverywhere = rbac.hasPermission(PERMISSIONS.assignRoles);
  const known = new Map(organizations.map((organization) => [organization.id, organization.name]));
  for (const assignment of rbac.userRoles) if (assignment.organizationId && !known.has(assignment.organizationId)) known.set(assignment.organizationId, assignment.organizationId);
  const scopes = [...known].filter(([id]) => rbac.can(PERMISSIONS.assignRoles, id));
  const scope = organizationId || (canEverywhere ? '' : (scopes[0]?.[0] ?? ''));

  const assign = useMutation({
    mutationFn: async () => {
      const data = validate(assignmentSchema, { userId: user.uid, roleId, organizationId: scope || null });
      if (!data) return false;
      await rbac.assignRole({ userId: data.userId, roleId: data.roleId, organizationId: data.organizationId ?? null });
      return true;
    },
    onSuccess: async (assigned) => {
      if (!assigned) return;
      const chosen = roles.data?.find((candidate) => candidate.id === roleId);
      const role = chosen ? roleName(t, chosen) : roleId;
      toast({ title: t('rbac.users.assigned', { role, email: user.email ?? user.uid }), variant: 'success' });
      setRoleId('');
      await afterChange();
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!assign.isPending) assign.mutate();
  };

  return (
    <form className="form access-assign" noValidate onSubmit={onSubmit} aria-labelledby="assign-title" data-testid="assign-form">
      <h4 id="assign-title">{t('rbac.users.assignTitle')}</h4>
      <ApiErrorAlert error={assign.error} />
      <div className="access-form-row">
        <SelectField
          id={ASSIGN_IDS.roleId}
          label={t('rbac.fields.role')}
          value={roleId}
          onChange={(event) => {
            setRoleId(event.target.value);
            clear('roleId');
          }}
          error={errors.roleId ?? errors.userId}
        >
          <option value="">{t('rbac.users.chooseRole')}</option>
          {(roles.data ?? []).map((role) => (
            <option key={role.id} value={role.id}>
              {roleName(t, role)}
            </option>
          ))}
        </SelectField>
        <SelectField
          id={ASSIGN_IDS.organizationId}
          label={t('rbac.fields.organization')}
          value={scope}
          onChange={(event) => {
            setOrganizationId(event.target.value);
            clear('organizationId');
          }}
          error={errors.organizationId}
        >
          {canEverywhere ? <option value="">{t('rbac.users.everywhere')}</option> : null}
          {scopes.map(([id, name]) => (
            <option key={id} value={id}>
              {name}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="access-form-actions">
        <button type="submit" className="button button-primary" disabled={assign.isPending} aria-busy={assign.isPending}>
          {t('rbac.users.assign')}
        </button>
      </div>
    </form>
  );
}
