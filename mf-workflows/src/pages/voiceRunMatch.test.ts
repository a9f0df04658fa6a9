import { testWorkflow } from '../testing/fakeCatalogueSource';
import { matchVoiceRun, runnableByVoice } from './voiceRunMatch';

const REVIEW = testWorkflow({ id: 'wf-review', name: 'Weekly pipeline review' });
const INVOICE = testWorkflow({ id: 'wf-invoice', name: 'Invoice reminder' });

describe('matchVoiceRun', () => {
  test('the same name (case, accents and spaces aside) first, else the only name containing it', () => {
    expect(matchVoiceRun([REVIEW, INVOICE], 'WEEKLY  pipeline RÉVIEW')).toEqual({ kind: 'one', workflow: REVIEW });
    expect(matchVoiceRun([REVIEW, INVOICE], 'invoice')).toEqual({ kind: 'one', workflow: INVOICE });
    // An exact name wins over names that merely contain it.
    const exact = testWorkflow({ id: 'wf-short', name: 'Invoice' });
    expect(matchVoiceRun([INVOICE, exact], 'invoice')).toEqual({ kind: 'one', workflow: exact });
  });

  test('two names containing it, or two the same: many (sorted by name), never one of them', () => {
    const chase = testWorkflow({ id: 'wf-chase', name: 'Invoice chase' });
    expect(matchVoiceRun([REVIEW, INVOICE, chase], 'invoice')).toEqual({ kind: 'many', workflows: [chase, INVOICE] });
    const twin = testWorkflow({ id: 'wf-twin', name: 'Invoice reminder' });
    expect(matchVoiceRun([INVOICE, twin], 'invoice reminder')).toEqual({ kind: 'many', workflows: [INVOICE, twin] });
  });

  test('nothing asked, or nothing fits: none', () => {
    expect(matchVoiceRun([REVIEW], '   ')).toEqual({ kind: 'none' });
    expect(matchVoiceRun([REVIEW], 'payroll')).toEqual({ kind: 'none' });
    expect(matchVoiceRun([], 'review')).toEqual({ kind: 'none' });
  });
});

describe('runnableByVoice', () => {
  const acme = (overrides: Parameters<typeof testWorkflow>[0]) => testWorkflow({ ownerId: 'owner-1', organizationId: 'org-acme', visibility: 'organization', ...overrides });

  test('personal workspace: my own workflows and those shared with me as runner or editor; not a viewer share, not the trash, each once', () => {
    const mine = testWorkflow({ id: 'mine', name: 'Mine', ownerId: 'user-1' });
    const trashed = testWorkflow({ id: 'trashed', name: 'Old', ownerId: 'user-1', deletedAt: '2026-11-01T00:00:00.000Z' });
    const runner = testWorkflow({ id: 'runner', name: 'Runner', ownerId: 'other', sharedWith: { 'user-1': 'workspace_runner' } });
    const viewer = testWorkflow({ id: 'viewer', name: 'Viewer', ownerId: 'other', sharedWith: { 'user-1': 'workspace_viewer' } });
    const inAcme = acme({ id: 'acme', name: 'Acme' });
    const ids = runnableByVoice('user-1', { organizationId: null, roleId: null }, [[mine, trashed, inAcme], [runner, viewer, runner]]).map((workflow) => workflow.id);
    expect(ids).toEqual(['mine', 'runner']);
  });

  test('an organization workspace: its workflows when the role runs there (runner and up), plus shares; never my personal ones', () => {
    const mine = testWorkflow({ id: 'mine', name: 'Mine', ownerId: 'user-1' });
    const inAcme = acme({ id: 'acme', name: 'Acme' });
    const elsewhere = acme({ id: 'other-org', name: 'Other', organizationId: 'org-other' });
    const shared = acme({ id: 'shared', name: 'Shared', organizationId: 'org-other', sharedWith: { 'user-1': 'workspace_editor' } });
    const ids = (roleId: 'workspace_viewer' | 'workspace_runner' | 'workspace_owner') =>
      runnableByVoice('user-1', { organizationId: 'org-acme', roleId }, [[mine, inAcme, elsewhere], [shared]]).map((workflow) => workflow.id);
    expect(ids('workspace_runner')).toEqual(['acme', 'shared']);
    expect(ids('workspace_owner')).toEqual(['acme', 'shared']);
    expect(ids('workspace_viewer')).toEqual(['shared']);
  });
});
