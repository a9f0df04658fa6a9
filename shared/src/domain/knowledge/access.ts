// Who may do what with a knowledge base, decided once for the service and the
// page: it belongs to a workspace like a workflow does, and the workspace's
// roles decide with the workflow permissions (a knowledge base is part of
// building workflows: those who edit workflows manage it; those who may see
// the workspace's workflows may search it). A personal workspace is its owner's.
import { can, type Grant } from '../rbac/access.js';
import { PERMISSIONS } from '../rbac/model.js';

export type KnowledgeNeed = 'view' | 'manage';

export const KNOWLEDGE_PERMISSIONS: Readonly<Record<KnowledgeNeed, string>> = {
  view: PERMISSIONS.viewWorkflows,
  manage: PERMISSIONS.editWorkflows,
};

export interface KnowledgeWorkspace {
  ownerId: string;
  organizationId: string | null;
}

export function mayUseKnowledge(grants: readonly Grant[], userId: string, workspace: KnowledgeWorkspace, need: KnowledgeNeed): boolean {
  if (!workspace.organizationId) return workspace.ownerId === userId;
  // Managing implies viewing.
  return can(grants, KNOWLEDGE_PERMISSIONS[need], workspace.organizationId) || (need === 'view' && can(grants, KNOWLEDGE_PERMISSIONS.manage, workspace.organizationId));
}
