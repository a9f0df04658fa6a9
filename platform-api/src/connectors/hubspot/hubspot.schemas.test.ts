// The HubSpot declaration's param and output schemas: what a step's form,
// design-time checks and the engine accept, and the messages that name the
// field when they refuse.
import { connectorOf, connectorOperationOf, connectorTriggerOf } from '@agentflow/shared/workflow';
import type { z } from 'zod';

const hubspot = connectorOf('hubspot')!;
const operation = (id: string) => connectorOperationOf(hubspot, id)!;

/** The first issue as the runtime reports it: "<path> <message>". */
function refusal(schema: z.ZodType, value: unknown): string {
  const result = schema.safeParse(value);
  if (result.success) throw new Error(`expected ${JSON.stringify(value)} to be refused`);
  const issue = result.error.issues[0]!;
  return `${issue.path.join('.')} ${issue.message}`;
}

describe('HubSpot declaration', () => {
  it('declares the nine operations and the dealChanged trigger with both credential types', () => {
    expect(hubspot.operations.map((op) => op.id)).toEqual([
      'createContact',
      'updateContact',
      'searchContacts',
      'createCompany',
      'updateCompany',
      'searchCompanies',
      'createDeal',
      'updateDeal',
      'searchDeals',
    ]);
    expect(hubspot.operations.filter((op) => op.mutates).map((op) => op.id)).toEqual(['createContact', 'updateContact', 'createCompany', 'updateCompany', 'createDeal', 'updateDeal']);
    expect(hubspot.credentialTypes).toEqual(['hubspotOAuth', 'hubspotToken']);
    expect(connectorTriggerOf(hubspot, 'dealChanged')?.dedupKey).toBe('version');
  });

  describe('contacts', () => {
    it('accepts a contact with an e-mail, names and free properties, trimming text', () => {
      const parsed = operation('createContact').params.parse({ email: ' ada@example.com ', firstname: 'Ada', properties: { lifecyclestage: 'lead', hs_lead_status: null } });
      expect(parsed).toEqual({ email: 'ada@example.com', firstname: 'Ada', properties: { lifecyclestage: 'lead', hs_lead_status: null } });
    });

    it('refuses a contact without an e-mail, with a bad one, or with an unknown param, naming the field', () => {
      const params = operation('createContact').params;
      expect(refusal(params, { firstname: 'Ada' })).toBe('email is required');
      expect(refusal(params, { email: 'not an address' })).toBe('email must be an e-mail address');
      expect(refusal(params, { email: 'ada@example.com', nickname: 'A' })).toMatch(/nickname/);
      expect(refusal(params, { email: 'ada@example.com', firstname: '' })).toBe('firstname is required');
      expect(refusal(params, { email: 'ada@example.com', properties: { note: { nested: true } } })).toMatch(/^properties\.note /);
    });

    it('updates need the contact id and nothing else; search takes an optional query and a limit of 1-100', () => {
      expect(operation('updateContact').params.parse({ contactId: '51', phone: '+1 555 0100' })).toEqual({ contactId: '51', phone: '+1 555 0100' });
      expect(refusal(operation('updateContact').params, { phone: '+1 555 0100' })).toBe('contactId is required');
      expect(operation('searchContacts').params.parse({ query: 'ada', limit: '5' })).toEqual({ query: 'ada', limit: 5 });
      expect(operation('searchContacts').params.parse({})).toEqual({});
      expect(refusal(operation('searchContacts').params, { limit: 0 })).toBe('limit must be at least 1');
      expect(refusal(operation('searchContacts').params, { limit: 101 })).toBe('limit must be at most 100');
      expect(refusal(operation('searchContacts').params, { limit: 2.5 })).toBe('limit must be a whole number');
    });
  });

  describe('companies', () => {
    it('needs a name; update needs the company id', () => {
      expect(operation('createCompany').params.parse({ name: 'Acme', domain: 'acme.example' })).toEqual({ name: 'Acme', domain: 'acme.example' });
      expect(refusal(operation('createCompany').params, { domain: 'acme.example' })).toBe('name is required');
      expect(refusal(operation('createCompany').params, { name: 'x'.repeat(501) })).toBe('name must be at most 500 characters');
      expect(operation('updateCompany').params.parse({ companyId: '7', city: 'Lyon' })).toEqual({ companyId: '7', city: 'Lyon' });
      expect(refusal(operation('updateCompany').params, { companyId: '  ' })).toBe('companyId is required');
    });
  });

  describe('deals', () => {
    it('takes an amount as a number (text from a template is converted), a known stage and an ISO close date', () => {
      const parsed = operation('createDeal').params.parse({ dealname: 'Roof repair', amount: '1250.5', dealstage: 'qualifiedtobuy', closedate: '2026-12-01T10:00:00Z', contactId: '51' });
      expect(parsed).toEqual({ dealname: 'Roof repair', amount: 1250.5, dealstage: 'qualifiedtobuy', closedate: '2026-12-01T10:00:00Z', contactId: '51' });
    });

    it('refuses a deal whose amount, stage or close date is wrong, naming the field', () => {
      const params = operation('createDeal').params;
      expect(refusal(params, { dealname: 'X', amount: 'lots' })).toBe('amount must be a number');
      expect(refusal(params, { dealname: 'X', dealstage: 'won' })).toMatch(/^dealstage must be one of appointmentscheduled, .*closedlost$/);
      expect(refusal(params, { dealname: 'X', closedate: 'next friday' })).toBe('closedate must be a date and time such as 2026-11-26T14:00:00Z');
      expect(refusal(params, { amount: 5 })).toBe('dealname is required');
      expect(refusal(operation('updateDeal').params, { dealstage: 'closedwon' })).toBe('dealId is required');
    });

    it('lets an update change only the stage', () => {
      expect(operation('updateDeal').params.parse({ dealId: '1001', dealstage: 'closedwon' })).toEqual({ dealId: '1001', dealstage: 'closedwon' });
    });
  });

  describe('outputs', () => {
    it('a record has an id and properties, and keeps fields HubSpot adds', () => {
      const record = { id: '1001', properties: { dealname: 'X' }, createdAt: '2026-11-26T10:00:00.000Z', updatedAt: '2026-11-26T10:00:00.000Z', archived: false };
      expect(operation('createDeal').output.parse(record)).toEqual(record);
      expect(refusal(operation('createDeal').output, { properties: {} })).toMatch(/^id /);
      expect(refusal(operation('createDeal').output, { id: 1001, properties: {} })).toMatch(/^id /);
    });

    it('a search result has a total and a list of records', () => {
      const output = operation('searchDeals').output;
      expect(output.parse({ total: 0, results: [] })).toEqual({ total: 0, results: [] });
      expect(refusal(output, { results: [] })).toMatch(/^total /);
      expect(refusal(output, { total: 1, results: [{ properties: {} }] })).toMatch(/^results\.0\.id /);
    });

    it('a dealChanged item carries its version; the stage param is a known stage', () => {
      const trigger = connectorTriggerOf(hubspot, 'dealChanged')!;
      const item = { id: '1001', version: '1001@2026-11-26T10:00:00.000Z', updatedAt: '2026-11-26T10:00:00.000Z', properties: {} };
      expect(trigger.item.parse(item)).toEqual(item);
      expect(refusal(trigger.item, { ...item, version: undefined })).toMatch(/^version /);
      expect(trigger.params.parse({ stage: 'closedwon' })).toEqual({ stage: 'closedwon' });
      expect(refusal(trigger.params, { stage: 'won' })).toMatch(/^stage must be one of /);
    });
  });
});
