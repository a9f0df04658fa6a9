// Test code only: an in-memory CatalogueSource whose reads can be made to
// fail, and whose calls are jest mocks to observe.
import { jest } from '@jest/globals';
import type { Workflow } from '@agentflow/shared/workflow';
import type { CatalogueSource, CatalogueUser, NewWorkflow } from '../api/catalogue';

export function testWorkflow(overrides: Partial<Workflow> & Pick<Workflow, 'id' | 'name'>): Workflow {
  return {
    ownerId: 'user-1',
    organizationId: null,
    description: '',
    category: 'automation',
    industry: 'general',
    tags: [],
    visibility: 'private',
    version: 1,
    nodes: [],
    edges: [],
    createdAt: null,
    updatedAt: null,
    ...overrides,
  };
}

export const FAKE_TEMPLATES: Workflow[] = [
  testWorkflow({
    id: 'tpl-lead',
    ownerId: 'system',
    visibility: 'template',
    name: 'Inbound lead qualification',
    description: 'Scores every inbound lead against your ideal customer profile.',
    category: 'ai',
    industry: 'sales',
    tags: ['lead scoring', 'CRM'],
    nodes: [
      { id: 'trigger', type: 'trigger.manual', name: 'Start', position: { x: 0, y: 0 }, params: {} },
      { id: 'out', type: 'output', name: 'Done', position: { x: 0, y: 100 }, params: {} },
    ],
    edges: [{ id: 'e1', source: 'trigger', target: 'out' }],
  }),
  testWorkflow({
    id: 'tpl-delay',
    ownerId: 'system',
    visibility: 'template',
    name: 'Shipment delay triage',
    description: 'Classifies carrier delay events and drafts the customer notice.',
    category: 'communication',
    industry: 'logistics',
    tags: ['carrier', 'notificación'],
  }),
  testWorkflow({
    id: 'tpl-dispatch',
    ownerId: 'system',
    visibility: 'template',
    name: 'Technician dispatch',
    description: 'Turns a work order into a scheduled visit.',
    category: 'automation',
    industry: 'field-services',
    tags: ['work order'],
  }),
  testWorkflow({
    id: 'tpl-listing',
    ownerId: 'system',
    visibility: 'template',
    name: 'Listing description',
    description: 'Writes a property listing from the agent’s notes: café, terrace and garden.',
    category: 'ai',
    industry: 'real-estate',
    tags: ['listing'],
  }),
];

export const FAKE_MINE: Workflow[] = [
  testWorkflow({ id: 'wf-mine-1', name: 'Weekly pipeline review', description: 'Summarises the pipeline every Monday.', category: 'analytics', industry: 'sales', tags: ['pipeline'] }),
  testWorkflow({ id: 'wf-mine-2', name: 'Invoice reminders', description: 'Sends friendly reminders.', category: 'communication', industry: 'general' }),
];

export const FAKE_ORGANIZATION: Workflow[] = [
  testWorkflow({ id: 'wf-org-1', ownerId: 'user-2', visibility: 'organization', organizationId: 'org-1', name: 'Team onboarding', category: 'productivity', industry: 'general' }),
];

export interface FakeCatalogueOptions {
  templates?: Workflow[];
  mine?: Workflow[];
  organization?: Workflow[];
  organizationIds?: string[];
  /** Workflows shared with the user one by one (listSharedWithMe). */
  shared?: Workflow[];
  /** Reads of these collections reject until set back to false. */
  fail?: { templates?: boolean; mine?: boolean; organization?: boolean; create?: boolean; update?: boolean };
  /** The id createFromTemplate resolves with. */
  createdId?: string;
}

export type FakeCatalogueSource = CatalogueSource & {
  options: FakeCatalogueOptions;
  listTemplates: jest.Mock<() => Promise<Workflow[]>>;
  listMine: jest.Mock<(uid: string) => Promise<Workflow[]>>;
  listOrganizationIds: jest.Mock<(uid: string) => Promise<string[]>>;
  listOrganization: jest.Mock<(orgIds: string[]) => Promise<Workflow[]>>;
  listOrganizationTrash: jest.Mock<(orgId: string) => Promise<Workflow[]>>;
  listSharedWithMe: jest.Mock<(uid: string) => Promise<Workflow[]>>;
  createFromTemplate: jest.Mock<(template: Workflow, user: CatalogueUser) => Promise<string>>;
  createWorkflow: jest.Mock<(workflow: NewWorkflow, user: CatalogueUser) => Promise<string>>;
  renameWorkflow: jest.Mock<(workflow: Workflow, name: string) => Promise<void>>;
  setTrashed: jest.Mock<(workflow: Workflow, trashed: boolean) => Promise<void>>;
  setActive: jest.Mock<(workflow: Workflow, active: boolean) => Promise<void>>;
  deleteForever: jest.Mock<(workflow: Workflow) => Promise<void>>;
};

export function createFakeCatalogueSource(initial: FakeCatalogueOptions = {}): FakeCatalogueSource {
  const options: FakeCatalogueOptions = { templates: FAKE_TEMPLATES, mine: FAKE_MINE, organization: FAKE_ORGANIZATION, organizationIds: ['org-1'], createdId: 'wf-new', ...initial, fail: { ...initial.fail } };
  const failure = () => Promise.reject(new Error('permission-denied'));
  const update = (id: string, change: Partial<Workflow>) => {
    const changed = (each: Workflow) => (each.id === id ? { ...each, ...change, version: each.version + 1 } : each);
    options.mine = (options.mine ?? []).map(changed);
    options.organization = (options.organization ?? []).map(changed);
  };
  const inOrganizations = (orgIds: string[]) => (options.organization ?? []).filter((workflow) => orgIds.includes(workflow.organizationId ?? ''));
  return {
    options,
    listTemplates: jest.fn(async () => (options.fail?.templates ? failure() : [...(options.templates ?? [])])),
    listMine: jest.fn(async (uid: string) => (options.fail?.mine ? failure() : (options.mine ?? []).filter((workflow) => workflow.ownerId === uid))),
    listOrganizationIds: jest.fn(async () => [...(options.organizationIds ?? [])]),
    listOrganization: jest.fn(async (orgIds: string[]) => (options.fail?.organization ? failure() : inOrganizations(orgIds).filter((workflow) => !workflow.deletedAt))),
    listOrganizationTrash: jest.fn(async (orgId: string) => (options.fail?.organization ? failure() : inOrganizations([orgId]).filter((workflow) => Boolean(workflow.deletedAt)))),
    listSharedWithMe: jest.fn(async (uid: string) => (options.shared ?? []).filter((workflow) => workflow.sharedWith?.[uid] !== undefined)),
    createFromTemplate: jest.fn(async () => (options.fail?.create ? failure() : (options.createdId ?? 'wf-new'))),
    // Writes change `mine` in memory, as Firestore would, so a refetch shows them.
    createWorkflow: jest.fn(async (workflow: NewWorkflow) => {
      if (options.fail?.create) return failure();
      const id = options.createdId ?? 'wf-new';
      options.mine = [...(options.mine ?? []), testWorkflow({ ...workflow, id })];
      return id;
    }),
    renameWorkflow: jest.fn(async (workflow: Workflow, name: string) => (options.fail?.update ? failure() : update(workflow.id, { name }))),
    setTrashed: jest.fn(async (workflow: Workflow, trashed: boolean) =>
      options.fail?.update ? failure() : update(workflow.id, { deletedAt: trashed ? new Date().toISOString() : null }),
    ),
    setActive: jest.fn(async (workflow: Workflow, active: boolean) => (options.fail?.update ? failure() : update(workflow.id, { active }))),
    deleteForever: jest.fn(async (workflow: Workflow) => {
      if (options.fail?.update) return failure();
      options.mine = (options.mine ?? []).filter((each) => each.id !== workflow.id);
      options.organization = (options.organization ?? []).filter((each) => each.id !== workflow.id);
      return undefined;
    }),
  };
}
