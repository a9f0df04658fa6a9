import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, UNDELETABLE_ROLE_IDS, useI18n, useToast, type Permission, type Role } from '@agentflow/shared';
import { createRoleSchema, updateRoleSchema } from '@agentflow/shared/rbac';
import { accessKeys, useAccessClient } from '../api/queries';
import { ConfirmDialog } from '@agentflow/shared/dialog';
import { TextAreaField, TextField } from '@agentflow/shared/ui';
import { apiErrorMessage } from '../components/messages';
import { EditButton, EditorForm, IdField, ListTable, Panel, type Editing } from '../components/Panel';
import { useEditor } from '../components/useEditor';
import { permissionName, roleDescription, roleName } from '../i18n/accessNames';

const FIELD_IDS = { id: 'role-id', name: 'role-name', description: 'role-description', permissions: 'role-permissions' };

/** Built-in roles are the platform's own ('core'). */
export const isBuiltIn = (role: Pick<Role, 'system'>) => role.system === 'core';

type Deleting = { role: Role; stage: 'confirm' | 'force' };

/** Roles: the list, create, edit, and delete with a confirmation (a second one when the role is still assigned). */
export function RolesPage() {
  const { t } = useI18n();
  const client = useAccessClient();
  const roles = useQuery({ queryKey: accessKeys.roles(), queryFn: () => client.listRoles() });
  const permissions = useQuery({ queryKey: accessKeys.permissions(), queryFn: () => client.listPermissions() });
  const [editing, setEditing] = useState<Editing<Role>>(null);
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const permissionNames = new Map((permissions.data ?? []).map((permission) => [permission.id, permissionName(t, permission)]));

  return (
    <Panel
      id="roles"
      title={t('rbac.roles.title')}
      create={{ label: t('rbac.roles.create'), onClick: () => setEditing({ item: null }), disabled: editing?.item === null }}
    >
      {editing ? <RoleForm key={editing.item?.id ?? 'new'} role={editing.item} permissions={permissions.data ?? []} onDone={() => setEditing(null)} /> : null}
      <ListTable read={roles} empty={t('rbac.roles.empty')} testId="roles-table"
        columns={[t('rbac.fields.name'), t('rbac.fields.id'), t('rbac.fields.description'), t('rbac.fields.permissions'), t('rbac.fields.actions')]}
        row={(role) => (
          <tr key={role.id} data-testid="role-row" data-role-id={role.id}>
            <th scope="row">
              {roleName(t, role)}
              {isBuiltIn(role) ? (
                <span className="access-badge" data-testid="built-in">
                  {t('rbac.roles.builtIn')}
                </span>
              ) : null}
            </th>
            <td>
              <code>{role.id}</code>
            </td>
            <td>{roleDescription(t, role)}</td>
            <td>{role.permissions.length ? role.permissions.map((id) => permissionNames.get(id) ?? id).join(', ') : t('rbac.common.none')}</td>
            <td className="access-row-actions">
              <EditButton label={t('rbac.roles.editNamed', { name: roleName(t, role) })} onClick={() => setEditing({ item: role })} />
              <button
                type="button"
                className="button button-ghost"
                onClick={() => setDeleting({ role, stage: 'confirm' })}
                disabled={UNDELETABLE_ROLE_IDS.includes(role.id)}
                title={UNDELETABLE_ROLE_IDS.includes(role.id) ? t('rbac.roles.cannotDelete') : undefined}
                aria-label={t('rbac.roles.deleteNamed', { name: roleName(t, role) })}
              >
                {t('rbac.actions.delete')}
              </button>
            </td>
          </tr>
        )}
      />
      {deleting ? <DeleteRole key={`${deleting.role.id}-${deleting.stage}`} deleting={deleting} onChange={setDeleting} /> : null}
    </Panel>
  );
}

function DeleteRole({ deleting, onChange }: { deleting: Deleting; onChange: (next: Deleting | null) => void }) {
  const { t } = useI18n();
  const client = useAccessClient();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const { role, stage } = deleting;
  const force = stage === 'force';
  /** The first attempt found the role still assigned: ask again before deleting it with its assignments. */
  const inUse = (error: unknown) => !force && error instanceof ApiError && error.status === 409;
  const remove = useMutation({
    mutationFn: () => client.deleteRole(role.id, force),
    onSuccess: async () => {
      onChange(null);
      toast({ title: t('rbac.roles.deleted', { name: roleName(t, role) }), variant: 'success' });
      await Promise.all([queryClient.invalidateQueries({ queryKey: accessKeys.roles() }), queryClient.invalidateQueries({ queryKey: accessKeys.allAssignments() })]);
    },
    onError: (error) => {
      if (inUse(error)) onChange({ role, stage: 'force' });
    },
  });
  const error = remove.error && !inUse(remove.error) ? apiErrorMessage(t, remove.error) : null;

  // The second confirmation says the role is still assigned and deletes it with its assignments.
  return (
    <ConfirmDialog
      testId={force ? 'force-delete-dialog' : undefined}
      title={t(force ? 'rbac.roles.inUseTitle' : 'rbac.roles.deleteTitle', { name: roleName(t, role) })}
      description={
        force ? (
          <p>{t('rbac.roles.inUseBody')}</p>
        ) : (
          <p>{t('rbac.roles.deleteBody')}</p>
        )
      }
      confirmLabel={t(force ? 'rbac.roles.forceDelete' : 'rbac.actions.delete')}
      busy={remove.isPending}
      error={error}
      onConfirm={() => remove.mutate()}
      cancelLabel={t('rbac.actions.cancel')}
      onCancel={() => onChange(null)}
    />
  );
}

/** Create a role (with its id) or edit one (everything but its id). */
function RoleForm({ role, permissions, onDone }: { role: Role | null; permissions: Permission[]; onDone: () => void }) {
  const { t } = useI18n();
  const client = useAccessClient();
  const [chosen, setChosen] = useState<string[]>(role?.permissions ?? []);
  const { values, change, errors, clear, save } = useEditor({
    fieldIds: FIELD_IDS,
    initial: { id: role?.id ?? '', name: role?.name ?? '', description: role?.description ?? '' },
    send: ({ id, name, description }, submit) => {
      const fields = { name, description, permissions: chosen };
      // An update sends only what the form edits: the parse also fills absent fields with
      // their defaults (system 'custom'), which would turn a built-in role custom.
      return role
        ? submit(updateRoleSchema, fields, (data) => client.updateRole(role.id, { name: data.name, description: data.description, permissions: data.permissions }))
        : submit(createRoleSchema, { id, ...fields }, (data) => client.createRole(data));
    },
    savedKey: role ? 'rbac.roles.updated' : 'rbac.roles.created',
    refresh: [accessKeys.roles()],
    onDone,
  });
  const toggle = (id: string, on: boolean) => {
    setChosen((current) => (on ? [...current, id] : current.filter((candidate) => candidate !== id)));
    clear('permissions');
  };

  return (
    <EditorForm id="role" title={role ? t('rbac.roles.editTitle', { name: roleName(t, role) }) : t('rbac.roles.createTitle')} save={save} onCancel={onDone}>
      <IdField id={FIELD_IDS.id} label={t('rbac.roles.fields.id')} editing={Boolean(role)} value={values.id} onChange={(value) => change('id', value)} error={errors.id} />
      <TextField id={FIELD_IDS.name} label={t('rbac.roles.fields.name')} value={values.name} autoComplete="off" onChange={(event) => change('name', event.target.value)} error={errors.name} />
      <TextAreaField
        id={FIELD_IDS.description}
        label={t('rbac.fields.description')}
        value={values.description}
        onChange={(event) => change('description', event.target.value)}
        error={errors.description}
      />
      <fieldset className="access-checklist" id={FIELD_IDS.permissions} aria-describedby={errors.permissions ? `${FIELD_IDS.permissions}-error` : undefined}>
        <legend>{t('rbac.fields.permissions')}</legend>
        {permissions.length === 0 ? <p className="muted">{t('rbac.permissions.empty')}</p> : null}
        {permissions.map((permission) => (
          <label key={permission.id} className="access-check">
            <input
              type="checkbox"
              data-testid={`role-permission-${permission.id}`}
              checked={chosen.includes(permission.id)}
              onChange={(event) => toggle(permission.id, event.target.checked)}
            />
            <span>
              {permissionName(t, permission)} <code>{permission.id}</code>
            </span>
          </label>
        ))}
        {errors.permissions ? (
          <p className="field-error" id={`${FIELD_IDS.permissions}-error`}>
            {errors.permissions}
          </p>
        ) : null}
      </fieldset>
    </EditorForm>
  );
}
