// Request schemas of the workspace endpoints: platform-api validates with them
// (a failure is a 400 naming the field) and forms may reuse them before sending.
import { z } from 'zod';
import { PERSONAL_WORKSPACE, SHARE_ROLE_IDS, WORKSPACE_ROLE_IDS } from '../rbac/workspaces.js';
import { WORKSPACE_DESCRIPTION_MAX, WORKSPACE_NAME_MAX } from './seats.js';

/** The roles an invitation or a role change may give: every workspace role but the owner (there is one owner, who pays). */
export const ASSIGNABLE_WORKSPACE_ROLE_IDS = WORKSPACE_ROLE_IDS.filter((id) => id !== 'workspace_owner');

const email = z
  .string({ error: 'must be a string' })
  .trim()
  .max(254, 'must be at most 254 characters')
  .pipe(z.email('must be an e-mail address'))
  .transform((value) => value.toLowerCase());

const workspaceRoleId = z.enum(WORKSPACE_ROLE_IDS, { error: `must be one of ${WORKSPACE_ROLE_IDS.join(', ')}` });

export const createWorkspaceSchema = z
  .object({
    name: z.string({ error: 'must be a string' }).trim().min(1, 'is required').max(WORKSPACE_NAME_MAX, `must be at most ${WORKSPACE_NAME_MAX} characters`),
    description: z.string({ error: 'must be a string' }).trim().max(WORKSPACE_DESCRIPTION_MAX, `must be at most ${WORKSPACE_DESCRIPTION_MAX} characters`).default(''),
  })
  .strict();

/** The owner role is refused by the route with its own code (owner_role_not_assignable), so the enum takes every role. */
export const changeMemberRoleSchema = z.object({ roleId: workspaceRoleId }).strict();

export const inviteMemberSchema = z.object({ email, roleId: workspaceRoleId }).strict();

export const shareWorkflowSchema = z.object({ email, roleId: z.enum(SHARE_ROLE_IDS, { error: `must be one of ${SHARE_ROLE_IDS.join(', ')}` }) }).strict();

/** 'personal' or an organization id (a lower-case slug or a Firestore auto id). */
export const moveWorkflowSchema = z
  .object({
    workspaceId: z
      .string({ error: 'must be a string' })
      .trim()
      .min(1, 'is required')
      .max(128, 'must be at most 128 characters')
      .regex(/^[A-Za-z0-9_-]+$/, `must be "${PERSONAL_WORKSPACE}" or a workspace id`),
  })
  .strict();

/** PATCH WORKSPACES_API.settings: at least one setting, nothing else. */
export const updateWorkspaceSettingsSchema = z
  .object({ approvalLinksRequireSignIn: z.boolean({ error: 'must be true or false' }).optional() })
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: 'is required', path: ['approvalLinksRequireSignIn'] });
