// What the browser's access provider falls back on; kept apart from the
// built-in role definitions (defaults.ts), which only services and tests need.
import { GUEST_ROLE_ID, PERMISSIONS, type Permission, type Role } from './model.js';

/** What signed-out visitors may do: read the public catalogue. */
export const GUEST_ROLE: Role = {
  id: GUEST_ROLE_ID,
  name: 'Guest',
  description: 'Signed-out visitors: read public workflow templates and packages',
  system: 'core',
  permissions: [PERMISSIONS.readWorkflowTemplates, PERMISSIONS.readPackages],
};

/** The fallbacks the browser uses when a read fails (see RBACProvider). */
export const DEFAULT_READ_PERMISSION: Permission = { id: 'default_read', name: 'Read', description: 'Read access', resource: '*', action: 'read', system: 'default' };
export const DEFAULT_ROLE: Role = { id: 'default', name: 'Default', description: 'Default role', system: 'default', permissions: [] };
