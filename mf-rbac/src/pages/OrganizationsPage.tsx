import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useI18n, type Organization } from '@agentflow/shared';
import { createOrganizationSchema, updateOrganizationSchema } from '@agentflow/shared/rbac';
import { accessKeys, useAccessClient } from '../api/queries';
import { TextAreaField, TextField } from '@agentflow/shared/ui';
import { formatTime } from '../components/messages';
import { EditButton, EditorForm, ListStates, ListTable, Panel, type Editing } from '../components/Panel';
import { useEditor } from '../components/useEditor';
import { roleName } from '../i18n/accessNames';

const FIELD_IDS = { name: 'organization-name', description: 'organization-description' };

/** Organizations: the list, create, edit, and who belongs to each (holds a role in it). */
export function OrganizationsPage() {
  const { t, language } = useI18n();
  const client = useAccessClient();
  const organizations = useQuery({ queryKey: accessKeys.organizations(), queryFn: () => client.listOrganizations() });
  const [editing, setEditing] = useState<Editing<Organization>>(null);
  const [membersOf, setMembersOf] = useState<Organization | null>(null);

  return (
    <Panel
      id="organizations"
      title={t('rbac.organizations.title')}
      create={{ label: t('rbac.organizations.create'), onClick: () => setEditing({ item: null }), disabled: editing?.item === null }}
    >
      {editing ? <OrganizationForm key={editing.item?.id ?? 'new'} organization={editing.item} onDone={() => setEditing(null)} /> : null}
      <ListTable read={organizations} empty={t('rbac.organizations.empty')} testId="organizations-table"
        columns={[t('rbac.fields.name'), t('rbac.fields.id'), t('rbac.fields.description'), t('rbac.organizations.createdAt'), t('rbac.fields.actions')]}
        row={(organization) => (
          <tr key={organization.id} data-testid="organization-row" data-organization-id={organization.id}>
            <th scope="row">{organization.name}</th>
            <td>
              <code>{organization.id}</code>
            </td>
            <td>{organization.description}</td>
            <td>{formatTime(organization.createdAt, language)}</td>
            <td className="access-row-actions">
              <EditButton label={t('rbac.organizations.editNamed', { name: organization.name })} onClick={() => setEditing({ item: organization })} />
              <button
                type="button"
                className="button button-ghost"
                aria-expanded={membersOf?.id === organization.id}
                onClick={() => setMembersOf((current) => (current?.id === organization.id ? null : organization))}
                aria-label={t('rbac.organizations.membersNamed', { name: organization.name })}
              >
                {t('rbac.organizations.members')}
              </button>
            </td>
          </tr>
        )}
      />
      {membersOf ? <Members key={membersOf.id} organization={membersOf} /> : null}
    </Panel>
  );
}

function Members({ organization }: { organization: Organization }) {
  const { t } = useI18n();
  const client = useAccessClient();
  const members = useQuery({ queryKey: accessKeys.members(organization.id), queryFn: () => client.organizationMembers(organization.id) });
  const roles = useQuery({ queryKey: accessKeys.roles(), queryFn: () => client.listRoles() });
  const roleNames = new Map((roles.data ?? []).map((role) => [role.id, roleName(t, role)]));
  return (
    <section className="card access-members" aria-labelledby="members-title" data-testid="organization-members">
      <h3 id="members-title">{t('rbac.organizations.membersOf', { name: organization.name })}</h3>
      <ListStates error={members.error} pending={members.isPending} items={members.data} empty={t('rbac.organizations.noMembers')}>
        {(list) => (
          <ul className="access-list">
            {list.map((member) => (
              <li key={member.user.uid} data-testid="member-row">
                <strong>{member.user.email ?? member.user.uid}</strong>
                <span className="muted">{member.assignments.map((assignment) => roleNames.get(assignment.roleId) ?? assignment.roleId).join(', ')}</span>
              </li>
            ))}
          </ul>
        )}
      </ListStates>
    </section>
  );
}

function OrganizationForm({ organization, onDone }: { organization: Organization | null; onDone: () => void }) {
  const { t } = useI18n();
  const client = useAccessClient();
  const { values, change, errors, save } = useEditor({
    fieldIds: FIELD_IDS,
    initial: { name: organization?.name ?? '', description: organization?.description ?? '' },
    send: (fields, submit) =>
      organization ? submit(updateOrganizationSchema, fields, (data) => client.updateOrganization(organization.id, data)) : submit(createOrganizationSchema, fields, (data) => client.createOrganization(data)),
    savedKey: organization ? 'rbac.organizations.updated' : 'rbac.organizations.created',
    refresh: [accessKeys.organizations()],
    onDone,
  });

  return (
    <EditorForm id="organization" title={organization ? t('rbac.organizations.editTitle', { name: organization.name }) : t('rbac.organizations.createTitle')} save={save} onCancel={onDone}>
      <TextField id={FIELD_IDS.name} label={t('rbac.organizations.fields.name')} value={values.name} autoComplete="organization" onChange={(event) => change('name', event.target.value)} error={errors.name} />
      <TextAreaField id={FIELD_IDS.description} label={t('rbac.fields.description')} value={values.description} onChange={(event) => change('description', event.target.value)} error={errors.description} />
    </EditorForm>
  );
}
