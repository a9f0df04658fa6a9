import { connectorStepParamsSchema, pollTriggerParamsSchema } from '../nodeParams.js';
import { pipedrive } from './declaration.js';

const op = (id: string) => pipedrive.operations.find((o) => o.id === id)!;
const firstIssue = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
  const issue = result.error!.issues[0]!;
  return `${issue.path.join('.')} ${issue.message}`;
};

describe('Pipedrive declaration', () => {
  it('has the CRM set: persons, organizations and deals, each created, updated and searched', () => {
    expect(pipedrive.operations.map((o) => o.id)).toEqual([
      'createPerson',
      'updatePerson',
      'searchPersons',
      'createOrganization',
      'updateOrganization',
      'searchOrganizations',
      'createDeal',
      'updateDeal',
      'searchDeals',
    ]);
    expect(pipedrive.operations.filter((o) => o.mutates).map((o) => o.id)).toEqual(['createPerson', 'updatePerson', 'createOrganization', 'updateOrganization', 'createDeal', 'updateDeal']);
  });

  it('accepts valid values, coercing ids and amounts from a form’s text', () => {
    expect(op('createDeal').params.parse({ title: 'Fleet', value: '1200.50', currency: 'EUR', personId: '7', stageId: 2, status: 'open', expectedCloseDate: '2026-12-31' })).toMatchObject({
      value: 1200.5,
      personId: 7,
    });
    expect(op('createPerson').params.safeParse({ name: 'Ada', email: 'ada@example.com', customFields: { a1b2: 'VIP' } }).success).toBe(true);
    expect(op('updateDeal').params.safeParse({ dealId: 3 }).success).toBe(true);
  });

  it('names the field that is wrong', () => {
    expect(firstIssue(op('createPerson').params.safeParse({ email: 'ada@example.com' }))).toBe('name is required');
    expect(firstIssue(op('createPerson').params.safeParse({ name: 'Ada', email: 'ada' }))).toBe('email must be an e-mail address');
    expect(firstIssue(op('createDeal').params.safeParse({ title: 'X', currency: 'EURO' }))).toBe('currency must be at most 3 characters');
    expect(firstIssue(op('createDeal').params.safeParse({ title: 'X', currency: 'E1' }))).toBe('currency must be a 3-letter currency code such as EUR');
    expect(firstIssue(op('createDeal').params.safeParse({ title: 'X', status: 'pending' }))).toBe('status must be one of open, won, lost');
    expect(firstIssue(op('createDeal').params.safeParse({ title: 'X', expectedCloseDate: '31.12.2026' }))).toBe('expectedCloseDate must be a date such as 2026-12-31');
    expect(firstIssue(op('createDeal').params.safeParse({ title: 'X', personId: 0 }))).toBe('personId must be at least 1');
    expect(firstIssue(op('updatePerson').params.safeParse({ name: 'Ada' }))).toBe('personId must be a whole number');
    expect(firstIssue(op('searchDeals').params.safeParse({ term: 'a' }))).toBe('term must be at least 2 characters');
    expect(firstIssue(op('searchDeals').params.safeParse({ term: 'ab', limit: 500 }))).toBe('limit must be at most 100');
  });

  it('declares simplified outputs', () => {
    const deal = { id: 1, title: 'Fleet', value: 10, currency: 'EUR', status: 'open', stageId: 1, personId: null, orgId: 2, addTime: '2026-11-26 10:00:00' };
    expect(op('createDeal').output.safeParse(deal).success).toBe(true);
    expect(op('searchDeals').output.safeParse({ results: [deal], more: false }).success).toBe(true);
    expect(op('createDeal').output.safeParse({ ...deal, id: '1' }).success).toBe(false);
    expect(op('createPerson').output.safeParse({ id: 1, name: 'Ada', email: null, phone: null, orgId: null }).success).toBe(true);
    expect(op('createPerson').output.safeParse({ id: 1, name: 'Ada', email: [{ value: 'a@b.c' }], phone: null, orgId: null }).success).toBe(false);
    expect(op('searchOrganizations').output.safeParse({ results: [{ id: 1, name: 'Acme', address: null }] }).success).toBe(false);
  });

  it('has a newDeal polling trigger keyed by the deal id, usable as a poll node', () => {
    expect(pipedrive.triggers.map((t) => [t.id, t.dedupKey])).toEqual([['newDeal', 'id']]);
    expect(pollTriggerParamsSchema.safeParse({ connector: 'pipedrive', trigger: 'newDeal', credentialId: 'cred1' }).success).toBe(true);
    expect(firstIssue(connectorStepParamsSchema.safeParse({ connector: 'pipedrive', operation: 'createDeal', credentialId: 'cred1', params: { value: 3 } }))).toBe('params.title is required');
  });
});
