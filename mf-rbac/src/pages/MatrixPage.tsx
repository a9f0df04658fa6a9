import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_ROLE_ID, useI18n, useToast, type Role } from '@agentflow/shared';
import { accessKeys, useAccessClient } from '../api/queries';
import { apiErrorMessage } from '../components/messages';
import { Loading } from '../components/TabGuard';
import { ApiErrorAlert, Panel } from '../components/Panel';
import { DataTable } from '@agentflow/shared/ui';
import { permissionName, roleName } from '../i18n/accessNames';

interface Toggle {
  role: Role;
  permissionId: string;
  granted: boolean;
}

/**
 * Which role holds which permission, as checkboxes: a toggle sends the role's
 * new permission list at once (shown right away, undone if the service refuses).
 * The admin role is not edited here: it holds manage_all, which is everything.
 */
export function MatrixPage() {
  const { t } = useI18n();
  const client = useAccessClient();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const roles = useQuery({ queryKey: accessKeys.roles(), queryFn: () => client.listRoles() });
  const permissions = useQuery({ queryKey: accessKeys.permissions(), queryFn: () => client.listPermissions() });
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const cell = (roleId: string, permissionId: string) => `${roleId}\u0000${permissionId}`;

  const toggle = useMutation({
    mutationFn: ({ role, permissionId, granted }: Toggle) => {
      const next = granted ? [...new Set([...role.permissions, permissionId])] : role.permissions.filter((id) => id !== permissionId);
      return client.updateRole(role.id, { permissions: next });
    },
    onMutate: async ({ role, permissionId, granted }) => {
      setPending((current) => new Set(current).add(cell(role.id, permissionId)));
      await queryClient.cancelQueries({ queryKey: accessKeys.roles() });
      const previous = queryClient.getQueryData<Role[]>(accessKeys.roles());
      queryClient.setQueryData<Role[]>(accessKeys.roles(), (list) =>
        list?.map((candidate) =>
          candidate.id === role.id
            ? { ...candidate, permissions: granted ? [...new Set([...candidate.permissions, permissionId])] : candidate.permissions.filter((id) => id !== permissionId) }
            : candidate,
        ),
      );
      return { previous };
    },
    onError: (error, _toggle, context) => {
      if (context?.previous) queryClient.setQueryData(accessKeys.roles(), context.previous);
      toast({ title: t('rbac.matrix.failed'), description: apiErrorMessage(t, error), variant: 'destructive' });
    },
    onSettled: async (_data, _error, { role, permissionId }) => {
      setPending((current) => {
        const next = new Set(current);
        next.delete(cell(role.id, permissionId));
        return next;
      });
      await queryClient.invalidateQueries({ queryKey: accessKeys.roles() });
    },
  });

  const error = roles.error ?? permissions.error;
  if (error) return <ApiErrorAlert error={error} />;
  if (!roles.data || !permissions.data) return <Loading />;
  const roleList = roles.data;

  return (
    <Panel id="matrix" title={t('rbac.matrix.title')}>
      <p className="muted">{t('rbac.matrix.intro')}</p>
      {roleList.length === 0 || permissions.data.length === 0 ? (
        <p className="muted">{t('rbac.matrix.empty')}</p>
      ) : (
        <DataTable className="access-table access-matrix" testId="permission-matrix" caption={t('rbac.matrix.caption')} hideCaption columns={[t('rbac.fields.permission'), ...roleList.map((role) => roleName(t, role))]}>
          {permissions.data.map((permission) => (
            <tr key={permission.id}>
              <th scope="row">
                {permissionName(t, permission)}
                <code className="access-matrix-id">{permission.id}</code>
              </th>
              {roleList.map((role) => {
                const locked = role.id === ADMIN_ROLE_ID;
                const busy = pending.has(cell(role.id, permission.id));
                return (
                  <td key={role.id} className="access-matrix-cell">
                    <input
                      type="checkbox"
                      aria-label={`${roleName(t, role)}: ${permissionName(t, permission)}`}
                      checked={role.permissions.includes(permission.id)}
                      disabled={locked || busy}
                      title={locked ? t('rbac.matrix.adminLocked') : undefined}
                      onChange={(event) => toggle.mutate({ role, permissionId: permission.id, granted: event.target.checked })}
                    />
                  </td>
                );
              })}
            </tr>
          ))}
        </DataTable>
      )}
    </Panel>
  );
}
