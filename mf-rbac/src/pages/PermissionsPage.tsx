import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PERMISSION_ACTIONS, useI18n, type Permission } from '@agentflow/shared';
import { createPermissionSchema, updatePermissionSchema } from '@agentflow/shared/rbac';
import { accessKeys, useAccessClient } from '../api/queries';
import { SelectField, TextAreaField, TextField } from '@agentflow/shared/ui';
import { EditButton, EditorForm, IdField, ListTable, Panel, type Editing } from '../components/Panel';
import { useEditor } from '../components/useEditor';
import { permissionActionName, permissionDescription, permissionName } from '../i18n/accessNames';

const FIELD_IDS = {
  id: 'permission-id',
  name: 'permission-name',
  description: 'permission-description',
  resource: 'permission-resource',
  action: 'permission-action',
  system: 'permission-system',
};

/** Permissions: the list (filtered by system on the server), create and edit. */
export function PermissionsPage() {
  const { t } = useI18n();
  const client = useAccessClient();
  const filterId = useId();
  const [system, setSystem] = useState('');
  const all = useQuery({ queryKey: accessKeys.permissions(), queryFn: () => client.listPermissions() });
  const filtered = useQuery({
    queryKey: accessKeys.permissions(system),
    queryFn: () => client.listPermissions(system),
    enabled: system !== '',
  });
  const shown = system ? filtered : all;
  const systems = [...new Set((all.data ?? []).map((permission) => permission.system))].sort();
  const [editing, setEditing] = useState<Editing<Permission>>(null);

  return (
    <Panel
      id="permissions"
      title={t('rbac.permissions.title')}
      create={{ label: t('rbac.permissions.create'), onClick: () => setEditing({ item: null }), disabled: editing?.item === null }}
    >
      {editing ? <PermissionForm key={editing.item?.id ?? 'new'} permission={editing.item} onDone={() => setEditing(null)} /> : null}
      <div className="access-toolbar">
        <SelectField id={filterId} label={t('rbac.permissions.filterSystem')} value={system} onChange={(event) => setSystem(event.target.value)}>
          <option value="">{t('rbac.permissions.allSystems')}</option>
          {systems.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </SelectField>
      </div>
      <ListTable read={shown} empty={t('rbac.permissions.empty')} testId="permissions-table"
        columns={[
          t('rbac.fields.name'),
          t('rbac.fields.id'),
          t('rbac.permissions.fields.resource'),
          t('rbac.permissions.fields.action'),
          t('rbac.fields.system'),
          t('rbac.fields.description'),
          t('rbac.fields.actions'),
        ]}
        row={(permission) => (
          <tr key={permission.id} data-testid="permission-row" data-permission-id={permission.id}>
            <th scope="row">{permissionName(t, permission)}</th>
            <td>
              <code>{permission.id}</code>
            </td>
            <td>
              <code>{permission.resource}</code>
            </td>
            <td>{permissionActionName(t, permission.action)}</td>
            <td>{permission.system}</td>
            <td>{permissionDescription(t, permission)}</td>
            <td className="access-row-actions">
              <EditButton label={t('rbac.permissions.editNamed', { name: permissionName(t, permission) })} onClick={() => setEditing({ item: permission })} />
            </td>
          </tr>
        )}
      />
    </Panel>
  );
}

function PermissionForm({ permission, onDone }: { permission: Permission | null; onDone: () => void }) {
  const { t } = useI18n();
  const client = useAccessClient();
  const { values, change, errors, save } = useEditor({
    fieldIds: FIELD_IDS,
    initial: {
      id: permission?.id ?? '',
      name: permission?.name ?? '',
      description: permission?.description ?? '',
      resource: permission?.resource ?? '',
      action: permission?.action ?? 'read',
      system: permission?.system ?? 'custom',
    },
    send: ({ id, ...fields }, submit) =>
      permission
        ? submit(updatePermissionSchema, fields, (data) => client.updatePermission(permission.id, data))
        : submit(createPermissionSchema, { id, ...fields }, (data) => client.createPermission(data)),
    savedKey: permission ? 'rbac.permissions.updated' : 'rbac.permissions.created',
    refresh: [accessKeys.allPermissions(), accessKeys.roles()],
    onDone,
  });

  return (
    <EditorForm id="permission" title={permission ? t('rbac.permissions.editTitle', { name: permissionName(t, permission) }) : t('rbac.permissions.createTitle')} save={save} onCancel={onDone}>
      <IdField id={FIELD_IDS.id} label={t('rbac.permissions.fields.id')} editing={Boolean(permission)} value={values.id} onChange={(value) => change('id', value)} error={errors.id} />
      <TextField id={FIELD_IDS.name} label={t('rbac.permissions.fields.name')} value={values.name} autoComplete="off" onChange={(event) => change('name', event.target.value)} error={errors.name} />
      <TextAreaField id={FIELD_IDS.description} label={t('rbac.fields.description')} value={values.description} onChange={(event) => change('description', event.target.value)} error={errors.description} />
      <div className="access-form-row">
        <TextField
          id={FIELD_IDS.resource}
          label={t('rbac.permissions.fields.resource')}
          hint={t('rbac.hints.resource')}
          value={values.resource}
          autoComplete="off"
          onChange={(event) => change('resource', event.target.value)}
          error={errors.resource}
        />
        <SelectField id={FIELD_IDS.action} label={t('rbac.permissions.fields.action')} value={values.action} onChange={(event) => change('action', event.target.value)} error={errors.action}>
          {PERMISSION_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {permissionActionName(t, action)}
            </option>
          ))}
        </SelectField>
        <TextField id={FIELD_IDS.system} label={t('rbac.fields.system')} value={values.system} autoComplete="off" onChange={(event) => change('system', event.target.value)} error={errors.system} />
      </div>
    </EditorForm>
  );
}
