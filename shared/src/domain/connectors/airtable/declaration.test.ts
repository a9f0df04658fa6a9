import { connectorStepParamsSchema } from '../nodeParams.js';
import { airtable } from './declaration.js';

const op = (id: string) => airtable.operations.find((o) => o.id === id)!;
const firstIssue = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
  const issue = result.error!.issues[0]!;
  return `${issue.path.join('.')} ${issue.message}`;
};

describe('Airtable declaration', () => {
  it('accepts a record to create and coerces maxRecords from a form’s text', () => {
    expect(op('createRecord').params.safeParse({ baseId: 'appX', table: 'Leads', fields: { Name: 'Ada', Score: 3, Hot: true, Notes: null } }).success).toBe(true);
    expect(op('findRecords').params.parse({ baseId: 'appX', table: 'Leads', maxRecords: '20' })).toEqual({ baseId: 'appX', table: 'Leads', maxRecords: 20 });
  });

  it('names the field that is wrong', () => {
    expect(firstIssue(op('createRecord').params.safeParse({ baseId: 'appX', fields: {} }))).toBe('table is required');
    expect(firstIssue(op('createRecord').params.safeParse({ baseId: 'appX', table: 'Leads', fields: 'Name=Ada' }))).toBe('fields must be named values');
    expect(firstIssue(op('updateRecord').params.safeParse({ baseId: 'appX', table: 'Leads', fields: {} }))).toBe('recordId is required');
    expect(firstIssue(op('findRecords').params.safeParse({ baseId: 'appX', table: 'Leads', maxRecords: 101 }))).toBe('maxRecords must be at most 100');
    expect(firstIssue(op('findRecords').params.safeParse({ baseId: 'appX', table: 'Leads', maxRecords: 0 }))).toBe('maxRecords must be at least 1');
    expect(firstIssue(op('findRecords').params.safeParse({ baseId: 'appX', table: 'Leads', sort: 'Name' }))).toMatch(/sort/);
  });

  it('declares the record outputs later steps map from', () => {
    const record = { id: 'rec1', createdTime: '2026-11-26T10:00:00.000Z', fields: { Name: 'Ada' } };
    expect(op('createRecord').output.safeParse(record).success).toBe(true);
    expect(op('findRecords').output.safeParse({ records: [record] }).success).toBe(true);
    expect(op('updateRecord').output.safeParse({ id: 'rec1', fields: {} }).success).toBe(false);
    expect(op('findRecords').output.safeParse({ records: [{ id: 'rec1' }] }).success).toBe(false);
  });

  it('is a step the workflow model accepts, with a credential', () => {
    const params = { connector: 'airtable', operation: 'createRecord', params: { baseId: 'appX', table: 'Leads', fields: { Name: '{{ input.name }}' } } };
    expect(connectorStepParamsSchema.safeParse({ ...params, credentialId: 'cred1' }).success).toBe(true);
    expect(firstIssue(connectorStepParamsSchema.safeParse(params))).toBe('credentialId is required: connect an account');
  });
});
