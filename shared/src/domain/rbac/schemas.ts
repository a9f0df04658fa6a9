// Request schemas of platform-api's access endpoints (entry
// '@agentflow/shared/rbac'): the service validates with them and the console
// validates its forms with the same rules before sending.
import { z } from 'zod';
import { AUDIT_ACTIONS, PERMISSION_ACTIONS } from './model.js';

/** Ids are lower-case slugs: they appear in URLs, rules and audit entries. */
const requiredString = () => z.string({ error: (issue) => (issue.input === undefined ? 'is undefined or empty.' : 'must be a string') });

export const idSchema = requiredString()
  .trim()
  .min(1, 'is undefined or empty.')
  .max(64, 'must be at most 64 characters')
  .regex(/^[a-z0-9][a-z0-9_-]*$/, 'may contain only lower-case letters, digits, "_" and "-", starting with a letter or digit');

const name = z.string({ error: 'must be a string' }).trim().min(1, 'is required').max(80, 'must be at most 80 characters');
// Updates send only what changes, so the shared field shapes carry no defaults;
// creation adds them.
const description = z.string({ error: 'must be a string' }).trim().max(500, 'must be at most 500 characters');
const system = z.string().trim().min(1).max(40).regex(/^[a-z0-9_-]+$/);

export const googleEquivalentSchema = z.object({ workspace: z.string().trim().max(80), cloudIAM: z.string().trim().max(80) }).strict();

const roleFields = {
  name,
  description,
  system,
  permissions: z.array(idSchema).max(200),
  googleEquivalent: googleEquivalentSchema,
};
export const createRoleSchema = z
  .object({
    id: idSchema,
    name: roleFields.name,
    description: roleFields.description.default(''),
    system: roleFields.system.default('custom'),
    permissions: roleFields.permissions.default([]),
    googleEquivalent: roleFields.googleEquivalent.optional(),
  })
  .strict();
export const updateRoleSchema = z.object(roleFields).partial().strict();

const permissionFields = {
  name,
  description,
  resource: z.string().trim().min(1, 'is required').max(64).regex(/^(\*|[A-Za-z][A-Za-z0-9_.-]*)$/, "must be a resource name or '*'"),
  action: z.enum(PERMISSION_ACTIONS, { error: `must be one of ${PERMISSION_ACTIONS.join(', ')}` }),
  system,
};
export const createPermissionSchema = z
  .object({ id: idSchema, ...permissionFields, description: description.default(''), system: system.default('custom') })
  .strict();
export const updatePermissionSchema = z.object(permissionFields).partial().strict();

export const createOrganizationSchema = z.object({ name, description: description.default('') }).strict();
export const updateOrganizationSchema = z.object({ name, description }).partial().strict();

export const assignmentSchema = z
  .object({
    userId: requiredString().trim().min(1, 'is undefined or empty.').max(128),
    roleId: idSchema,
    organizationId: z.string().trim().min(1).max(128).nullish(),
  })
  .strict();

export const auditQuerySchema = z
  .object({
    action: z.enum(AUDIT_ACTIONS).optional(),
    actor: z.string().trim().min(1).max(128).optional(),
    target: z.string().trim().min(1).max(128).optional(),
    organizationId: z.string().trim().min(1).max(128).optional(),
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    cursor: z.string().trim().min(1).max(256).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(25),
  })
  .strict();

export const userSearchSchema = z.object({ emailPrefix: z.string().trim().min(1, 'is required').max(254) }).strict();

export type CreateRoleInput = z.infer<typeof createRoleSchema>;
export type UpdateRoleInput = z.infer<typeof updateRoleSchema>;
export type CreatePermissionInput = z.infer<typeof createPermissionSchema>;
export type UpdatePermissionInput = z.infer<typeof updatePermissionSchema>;
export type CreateOrganizationInput = z.infer<typeof createOrganizationSchema>;
export type AssignmentInput = z.infer<typeof assignmentSchema>;
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** The services' one describer (validation/issues.ts), here too for callers of this entry. */
export { describeIssue } from '../validation/issues.js';

// The whole model too, so services need only this entry.
export * from './index.js';
// Workspace roles and decisions: services and tests read them here with the rest of the access model.
export * from './workspaces.js';
export * from './defaults.js';
