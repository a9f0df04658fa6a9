// Pipedrive CRM: persons, organizations and deals (create, update, search)
// over the v1 API, and a polling trigger on new deals. Outputs are
// simplified: Pipedrive nests links ({value, name}) and lists of e-mails;
// later steps get flat ids and the primary e-mail and phone.
import { z } from 'zod';
import { declareConnector } from '../declaration.js';
import { allOptional, field, out } from '../fields.js';

const pipedriveId = (description: string) => field.integer(description, 1, Number.MAX_SAFE_INTEGER);
const customFields = field.values('Other Pipedrive fields by their API key (custom fields have a 40-character key)').optional();
const term = field.text('Text to search for (at least 2 characters): a name, an e-mail, a phone number…', 200).min(2, 'must be at least 2 characters');
const limit = field.integer('At most this many results (1-100)', 1, 100).optional();
const exactMatch = field.boolean('Only results matching the text exactly').optional();

const nullableId = z.number().nullable();
const person = out.object({
  id: z.number(),
  name: z.string(),
  email: z.string().nullable().describe('The primary e-mail address'),
  phone: z.string().nullable().describe('The primary phone number'),
  orgId: nullableId,
});
const organization = out.object({ id: z.number(), name: z.string(), address: z.string().nullable() });
const deal = out.object({
  id: z.number(),
  title: z.string(),
  value: z.number().nullable(),
  currency: z.string().nullable(),
  status: z.string().nullable().describe('open, won, lost or deleted'),
  stageId: nullableId,
  personId: nullableId,
  orgId: nullableId,
  addTime: z.string().nullable().describe('When the deal was added (UTC, "YYYY-MM-DD HH:MM:SS")'),
});
const results = <T extends z.ZodType>(item: T) => out.object({ results: z.array(item), more: z.boolean().describe('More results exist than were returned') });

export const PIPEDRIVE_DEAL_STATUSES = ['open', 'won', 'lost'] as const;

const personFields = {
  name: field.text('The person’s full name'),
  email: field.email('E-mail address').optional(),
  phone: field.text('Phone number', 100).optional(),
  orgId: pipedriveId('The id of the organization the person belongs to').optional(),
  customFields,
};
const organizationFields = {
  name: field.text('The organization’s name'),
  address: field.text('Postal address', 1000).optional(),
  customFields,
};
const dealFields = {
  title: field.text('The deal’s title'),
  value: field.number('The deal’s value').optional(),
  currency: field
    .text('Currency code of the value, e.g. EUR (default: the company’s currency)', 3)
    .refine((value) => /^[A-Za-z]{3}$/.test(value), 'must be a 3-letter currency code such as EUR')
    .optional(),
  personId: pipedriveId('The id of the person the deal is with').optional(),
  orgId: pipedriveId('The id of the organization the deal is with').optional(),
  stageId: pipedriveId('The id of the pipeline stage (default: the first stage of the default pipeline)').optional(),
  status: field.select(PIPEDRIVE_DEAL_STATUSES, 'open, won or lost').optional(),
  expectedCloseDate: field
    .text('Expected close date, YYYY-MM-DD', 10)
    .refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)), 'must be a date such as 2026-12-31')
    .optional(),
  customFields,
};

export const pipedrive = declareConnector({
  id: 'pipedrive',
  name: 'Pipedrive',
  category: 'crm',
  icon: { color: '#017737', glyph: 'Pd' },
  credentialTypes: ['pipedriveToken'],
  baseUrl: 'https://api.pipedrive.com/v1',
  operations: [
    { id: 'createPerson', description: 'Create a person (a contact) in Pipedrive', params: z.strictObject(personFields), output: person, mutates: true },
    {
      id: 'updatePerson',
      description: 'Change fields of an existing Pipedrive person',
      params: z.strictObject({ personId: pipedriveId('The Pipedrive person id'), ...allOptional(personFields) }),
      output: person,
      mutates: true,
    },
    { id: 'searchPersons', description: 'Find Pipedrive persons by name, e-mail or phone', params: z.strictObject({ term, exactMatch, limit }), output: results(person), mutates: false },
    { id: 'createOrganization', description: 'Create an organization (a company) in Pipedrive', params: z.strictObject(organizationFields), output: organization, mutates: true },
    {
      id: 'updateOrganization',
      description: 'Change fields of an existing Pipedrive organization',
      params: z.strictObject({ orgId: pipedriveId('The Pipedrive organization id'), ...allOptional(organizationFields) }),
      output: organization,
      mutates: true,
    },
    { id: 'searchOrganizations', description: 'Find Pipedrive organizations by name or address', params: z.strictObject({ term, exactMatch, limit }), output: results(organization), mutates: false },
    { id: 'createDeal', description: 'Create a deal in Pipedrive, optionally with a person and an organization', params: z.strictObject(dealFields), output: deal, mutates: true },
    {
      id: 'updateDeal',
      description: 'Change fields of an existing Pipedrive deal (its stage, value, status)',
      params: z.strictObject({ dealId: pipedriveId('The Pipedrive deal id'), ...allOptional(dealFields) }),
      output: deal,
      mutates: true,
    },
    { id: 'searchDeals', description: 'Find Pipedrive deals by title', params: z.strictObject({ term, exactMatch, limit }), output: results(deal), mutates: false },
  ],
  triggers: [
    {
      id: 'newDeal',
      description: 'A deal was added in Pipedrive',
      params: z.strictObject({}),
      item: deal,
      dedupKey: 'id',
    },
  ],
});
