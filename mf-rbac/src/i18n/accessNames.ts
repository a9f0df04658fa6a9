// Built-in roles and permissions, audit actions, target types and permission
// actions in the reader's language. The service stores them in English; the
// console translates them by their stable ids (rbac.names.* in the console's
// catalogs) while their stored text is still the built-in English one. A role
// or permission someone created, or a built-in one an administrator renamed,
// shows its stored text.
import type { I18nContextValue } from '@agentflow/shared';
import { en } from './en';

type Translate = I18nContextValue['t'];
type Named = { id: string; name: string; description?: string };

const NAMES = en.rbac.names;
const has = (record: object, key: string) => Object.prototype.hasOwnProperty.call(record, key);
type BuiltIn = Record<string, { name: string; description: string }>;

/** The translation of a built-in's field while its stored text is the English default; else the stored text. */
function builtIn(t: Translate, kind: 'roles' | 'permissions', id: string, field: 'name' | 'description', stored: string | undefined): string {
  const defaults = NAMES[kind] as BuiltIn;
  const english = has(defaults, id) ? defaults[id]![field] : undefined;
  return english !== undefined && stored?.trim().toLowerCase() === english.toLowerCase() ? t(`rbac.names.${kind}.${id}.${field}`) : (stored ?? '');
}

export const roleName = (t: Translate, role: Pick<Named, 'id' | 'name'>) => builtIn(t, 'roles', role.id, 'name', role.name);
export const roleDescription = (t: Translate, role: Pick<Named, 'id' | 'description'>) => builtIn(t, 'roles', role.id, 'description', role.description);
export const permissionName = (t: Translate, permission: Pick<Named, 'id' | 'name'>) => builtIn(t, 'permissions', permission.id, 'name', permission.name);
export const permissionDescription = (t: Translate, permission: Pick<Named, 'id' | 'description'>) => builtIn(t, 'permissions', permission.id, 'description', permission.description);

/** An audit action code (ASSIGN_ROLE…) in words; an unknown code as it is. */
export function auditActionName(t: Translate, action: string): string {
  return has(NAMES.auditActions, action) ? t(`rbac.names.auditActions.${action}`) : action;
}

/** An audit entry's target type (role, userRole…) in words; an unknown type as it is. */
export function targetTypeName(t: Translate, targetType: string): string {
  return has(NAMES.targetTypes, targetType) ? t(`rbac.names.targetTypes.${targetType}`) : targetType;
}

/** A permission's action (read, manage…) in words; an unknown action as it is. */
export function permissionActionName(t: Translate, action: string): string {
  return has(NAMES.permissionActions, action) ? t(`rbac.names.permissionActions.${action}`) : action;
}
