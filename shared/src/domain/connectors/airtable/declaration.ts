// Airtable: records of a table created, changed and found (Web API v0).
// A table is named by its name or its id (tbl…); a base by its id (app…).
import { z } from 'zod';
import { declareConnector } from '../declaration.js';
import { field, out } from '../fields.js';

/** Airtable's own limit per list request is 100. */
export const AIRTABLE_MAX_RECORDS = 100;

const record = out.object({
  id: z.string(),
  createdTime: z.string(),
  fields: z.record(z.string(), z.unknown()),
});

const where = {
  baseId: field.id('The Airtable base id (starts with "app", in the base’s URL)'),
  table: field.text('The table’s name or id (starts with "tbl")', 200),
};

export const airtable = declareConnector({
  id: 'airtable',
  name: 'Airtable',
  category: 'database',
  icon: { color: '#18BFFF', glyph: 'At' },
  credentialTypes: ['airtableToken'],
  baseUrl: 'https://api.airtable.com/v0',
  operations: [
    {
      id: 'createRecord',
      description: 'Create a record in an Airtable table',
      params: z.strictObject({ ...where, fields: field.values('The record’s cell values by field name') }),
      output: record,
      mutates: true,
    },
    {
      id: 'updateRecord',
      description: 'Change cell values of an existing Airtable record (the other fields stay as they are)',
      params: z.strictObject({ ...where, recordId: field.id('The record id (starts with "rec")'), fields: field.values('The cell values to change, by field name') }),
      output: record,
      mutates: true,
    },
    {
      id: 'findRecords',
      description: 'Find records of an Airtable table, optionally those matching a formula',
      params: z.strictObject({
        ...where,
        filterByFormula: field.text('An Airtable formula a record must make true, e.g. {Status} = "New"', 2000).optional(),
        view: field.text('Only records of this view, in its order (name or id)', 200).optional(),
        maxRecords: field.integer(`At most this many records (1-${AIRTABLE_MAX_RECORDS})`, 1, AIRTABLE_MAX_RECORDS).optional(),
      }),
      output: out.object({ records: z.array(record) }),
      mutates: false,
    },
  ],
  triggers: [],
});
