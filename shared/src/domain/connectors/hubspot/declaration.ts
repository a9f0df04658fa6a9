// HubSpot CRM: contacts, companies and deals (create, update, search) over
// the CRM v3 objects API, and a polling trigger on new or updated deals.
import { z } from 'zod';
import { declareConnector } from '../declaration.js';
import { allOptional, field, out } from '../fields.js';

const record = out.object({
  id: z.string(),
  properties: z.record(z.string(), z.unknown()),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});
const searchResult = out.object({ total: z.number(), results: z.array(record) });
const extra = field.values('Other HubSpot properties by internal name (e.g. "lifecyclestage")').optional();
const query = field.text('Text to search for: an e-mail, a name or a domain (HubSpot full-text search)').optional();
const limit = field.integer('At most this many results (1-100)', 1, 100).optional();

export const HUBSPOT_DEAL_STAGES = ['appointmentscheduled', 'qualifiedtobuy', 'presentationscheduled', 'decisionmakerboughtin', 'contractsent', 'closedwon', 'closedlost'] as const;

const contactFields = {
  email: field.email('The contact’s e-mail address'),
  firstname: field.text('First name').optional(),
  lastname: field.text('Last name').optional(),
  phone: field.text('Phone number').optional(),
  company: field.text('Company name').optional(),
  properties: extra,
};
const companyFields = {
  name: field.text('The company’s name'),
  domain: field.text('Website domain, e.g. example.com').optional(),
  city: field.text('City').optional(),
  industry: field.text('Industry, as one of HubSpot’s own values in capitals, e.g. COMPUTER_SOFTWARE, REAL_ESTATE, LOGISTICS_AND_SUPPLY_CHAIN').optional(),
  properties: extra,
};
const dealFields = {
  dealname: field.text('The deal’s name'),
  amount: field.number('The deal’s amount').optional(),
  dealstage: field.select(HUBSPOT_DEAL_STAGES, 'The pipeline stage of the deal').optional(),
  closedate: field.dateTime('When the deal is expected to close').optional(),
  contactId: field.id('A HubSpot contact id to associate the deal with').optional(),
  properties: extra,
};

export const hubspot = declareConnector({
  id: 'hubspot',
  name: 'HubSpot',
  category: 'crm',
  icon: { color: '#ff7a59', glyph: 'Hs' },
  credentialTypes: ['hubspotOAuth', 'hubspotToken'],
  baseUrl: 'https://api.hubapi.com',
  operations: [
    { id: 'createContact', description: 'Create a contact in HubSpot CRM', params: z.strictObject(contactFields), output: record, mutates: true },
    {
      id: 'updateContact',
      description: 'Change fields of an existing HubSpot contact',
      params: z.strictObject({ contactId: field.id('The HubSpot contact id'), ...allOptional(contactFields) }),
      output: record,
      mutates: true,
    },
    { id: 'searchContacts', description: 'Find HubSpot contacts by e-mail, name or other text', params: z.strictObject({ query, limit }), output: searchResult, mutates: false },
    { id: 'createCompany', description: 'Create a company in HubSpot CRM', params: z.strictObject(companyFields), output: record, mutates: true },
    {
      id: 'updateCompany',
      description: 'Change fields of an existing HubSpot company',
      params: z.strictObject({ companyId: field.id('The HubSpot company id'), ...allOptional(companyFields) }),
      output: record,
      mutates: true,
    },
    { id: 'searchCompanies', description: 'Find HubSpot companies by name, domain or other text', params: z.strictObject({ query, limit }), output: searchResult, mutates: false },
    { id: 'createDeal', description: 'Create a deal in HubSpot CRM, optionally linked to a contact', params: z.strictObject(dealFields), output: record, mutates: true },
    {
      id: 'updateDeal',
      description: 'Change fields of an existing HubSpot deal (its stage, amount, close date)',
      params: z.strictObject({ dealId: field.id('The HubSpot deal id'), ...allOptional(dealFields) }),
      output: record,
      mutates: true,
    },
    { id: 'searchDeals', description: 'Find HubSpot deals by name or other text', params: z.strictObject({ query, limit }), output: searchResult, mutates: false },
  ],
  triggers: [
    {
      id: 'dealChanged',
      description: 'A deal was created or updated in HubSpot',
      params: z.strictObject({ stage: field.select(HUBSPOT_DEAL_STAGES, 'Only deals in this stage').optional() }),
      item: out.object({ id: z.string(), version: z.string().describe('The deal id and its last change: new for every update'), updatedAt: z.string(), properties: z.record(z.string(), z.unknown()) }),
      dedupKey: 'version',
    },
  ],
});
