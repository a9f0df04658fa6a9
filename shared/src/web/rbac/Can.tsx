import type { ReactNode } from 'react';
import { useRBAC } from '../federation/contexts.js';

export interface CanProps {
  /** The permission id the children need. */
  permission: string;
  /**
   * Ask about one organization: global assignments and those in this
   * organization count (manage_all grants all). Without it, only the user's
   * global permissions count (useRBAC().hasPermission).
   */
  organizationId?: string | null;
  /** Count an assignment in any organization too (what a console tab shown to organization admins needs). */
  anyOrganization?: boolean;
  /** Rendered instead of the children when the user may not (default: nothing). Also shown while loading. */
  fallback?: ReactNode;
  children: ReactNode;
}

/** Renders its children only when the user holds the permission; nothing (or `fallback`) otherwise and while loading. */
export function Can({ permission, organizationId, anyOrganization = false, fallback = null, children }: CanProps) {
  const rbac = useRBAC();
  const allowed =
    organizationId !== undefined
      ? rbac.can(permission, organizationId)
      : anyOrganization
        ? rbac.hasPermissionAnywhere(permission)
        : rbac.hasPermission(permission);
  return <>{allowed ? children : fallback}</>;
}
