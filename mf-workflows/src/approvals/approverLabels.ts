// How a named approver reads: a built-in role by its translated name (the
// service sends English names), a custom role or a person as the service
// labels it.
import type { I18nContextValue } from '@agentflow/shared';
import { BUILT_IN_ROLES } from '@agentflow/shared/rbac';

type Translate = I18nContextValue['t'];

const BUILT_IN_ROLE_IDS: ReadonlySet<string> = new Set(BUILT_IN_ROLES.map((role) => role.id));

export function isBuiltInRole(roleId: string): boolean {
  return BUILT_IN_ROLE_IDS.has(roleId);
}

/** A role's name in the reader's language when it is built in, else `fallback` (its stored name). */
export function roleName(t: Translate, roleId: string, fallback: string): string {
  return isBuiltInRole(roleId) ? t(`approvals.roles.${roleId}`) : fallback || roleId;
}
