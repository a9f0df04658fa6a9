// /v1/workflows (issue 24): the key's workspace's workflows its creator may
// see, paged by an opaque cursor (base64url of the last document id, in id
// order: stable while workflows are added or changed). Templates, the trash
// and other workspaces' workflows are never listed; a workflow the caller
// may not see, or of another workspace, is the same 404 as a missing one.
import type { Request } from 'express';
import { FieldPath, type Firestore } from 'firebase-admin/firestore';
import type { PublicWorkflow } from '@agentflow/shared/api-keys';
import { workflowPermits, type AccessSubject } from '@agentflow/shared/rbac';
import { HttpError } from '@agentflow/shared/server';
import { triggerNodesOf, workflowFromDocument, type Workflow } from '@agentflow/shared/workflow';
import { accessSubjectOf, workflowInWorkspace, type CallerWorkspace } from '../runs/access.js';

/** The workspace a call made with a key acts in: its creator's own, or the key's organization. */
export function keyWorkspace(req: Request): CallerWorkspace {
  const caller = req.caller!;
  return { ownerId: caller.uid, organizationId: caller.apiKey!.organizationId };
}

const encodeCursor = (id: string) => Buffer.from(id, 'utf8').toString('base64url');
function decodeCursor(cursor: string): string {
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^[^/]{1,1500}$/.test(id)) throw new HttpError(400, 'cursor: must be a cursor from a previous page', 'invalid_request', { field: 'cursor' });
  return id;
}

export function publicWorkflow(workflow: Workflow): PublicWorkflow {
  return {
    id: workflow.id,
    name: workflow.name,
    description: workflow.description,
    tags: workflow.tags,
    updatedAt: workflow.updatedAt,
    triggers: triggerNodesOf(workflow).map((node) => ({ nodeId: node.id, type: node.type, name: node.name })),
  };
}

/** Whether the workflow is in the key's workspace (an organization's, or its creator's personal one), not a template or in the trash. */
export function inKeyWorkspace(workflow: Workflow, workspace: CallerWorkspace): boolean {
  return workflow.visibility !== 'template' && !workflow.deletedAt && workflowInWorkspace(workflow, workspace);
}

/** Whether the workflow is in the key's workspace and the creator may see it. */
function listable(workflow: Workflow, workspace: CallerWorkspace, subject: AccessSubject): boolean {
  return inKeyWorkspace(workflow, workspace) && workflowPermits(subject, workflow, 'view');
}

export async function listPublicWorkflows(db: Firestore, req: Request, query: { cursor?: string; limit: number }): Promise<{ workflows: PublicWorkflow[]; nextCursor: string | null }> {
  const workspace = keyWorkspace(req);
  const subject = await accessSubjectOf(db, req.caller!);
  const collection = db.collection('workflows');
  // Single-field equality with the id order: no composite index.
  let page = (workspace.organizationId ? collection.where('organizationId', '==', workspace.organizationId) : collection.where('ownerId', '==', workspace.ownerId)).orderBy(FieldPath.documentId());
  if (query.cursor) page = page.startAfter(decodeCursor(query.cursor));
  const snapshot = await page.limit(query.limit).get();
  const workflows = snapshot.docs.map((doc) => workflowFromDocument(doc.id, doc.data())).filter((workflow) => listable(workflow, workspace, subject));
  // A full page may have more behind it (a page can be short when some rows were not listable).
  const last = snapshot.docs.at(-1);
  return { workflows: workflows.map(publicWorkflow), nextCursor: snapshot.size === query.limit && last ? encodeCursor(last.id) : null };
}

export async function readPublicWorkflow(db: Firestore, req: Request, workflowId: string): Promise<PublicWorkflow> {
  const notFound = new HttpError(404, `Workflow '${workflowId}' not found`, 'not_found');
  if (!/^[^/]{1,1500}$/.test(workflowId)) throw notFound;
  const snapshot = await db.collection('workflows').doc(workflowId).get();
  if (!snapshot.exists) throw notFound;
  const workflow = workflowFromDocument(snapshot.id, snapshot.data() ?? {});
  if (!listable(workflow, keyWorkspace(req), await accessSubjectOf(db, req.caller!))) throw notFound;
  return publicWorkflow(workflow);
}
