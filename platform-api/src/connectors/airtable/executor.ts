// Airtable Web API v0: records created (POST), changed (PATCH: only the
// given fields) and listed with an optional formula, following `offset`
// pages until maxRecords. https://airtable.com/developers/web/api/introduction
import type { ConnectorExecutor, OperationContext, OperationHandler } from '../runtime/types.js';

/** Airtable's limit of records per list request (and the declaration's maxRecords). */
const AIRTABLE_MAX_RECORDS = 100;

interface AirtableRecord {
  id: string;
  createdTime: string;
  fields?: Record<string, unknown>;
}

const tablePath = (values: Record<string, unknown>) => `/${encodeURIComponent(String(values.baseId))}/${encodeURIComponent(String(values.table))}`;
const simplify = (record: AirtableRecord) => ({ id: record.id, createdTime: record.createdTime, fields: record.fields ?? {} });

const createRecord: OperationHandler = async ({ http }, values) => {
  const response = await http.request({ method: 'POST', path: tablePath(values), json: { fields: values.fields } });
  return simplify(response.data as AirtableRecord);
};

const updateRecord: OperationHandler = async ({ http }, values) => {
  const response = await http.request({ method: 'PATCH', path: `${tablePath(values)}/${encodeURIComponent(String(values.recordId))}`, json: { fields: values.fields } });
  return simplify(response.data as AirtableRecord);
};

const findRecords: OperationHandler = async ({ http }, values) => {
  const max = (values.maxRecords as number | undefined) ?? AIRTABLE_MAX_RECORDS;
  const records: ReturnType<typeof simplify>[] = [];
  let offset: string | undefined;
  do {
    const response = await http.request({
      method: 'GET',
      path: tablePath(values),
      query: {
        maxRecords: max,
        pageSize: Math.min(max - records.length, AIRTABLE_MAX_RECORDS),
        filterByFormula: values.filterByFormula as string | undefined,
        view: values.view as string | undefined,
        offset,
      },
    });
    const data = response.data as { records?: AirtableRecord[]; offset?: string };
    for (const record of data.records ?? []) if (records.length < max) records.push(simplify(record));
    offset = data.offset;
  } while (offset && records.length < max);
  return { records };
};

/** Airtable's error types in words a user can act on; its messages are added when it gives one. */
const ERROR_WORDS: Record<string, string> = {
  NOT_FOUND: 'the base, table or record was not found',
  AUTHENTICATION_REQUIRED: 'the token is missing or not valid',
  INVALID_PERMISSIONS_OR_MODEL_NOT_FOUND: 'the token may not use this base or table, or it does not exist',
  RATE_LIMIT_REACHED: 'too many requests',
};

/** "Test connection": whoami names the token's user (the e-mail when the token may read it, else the user id). */
async function test({ http }: OperationContext): Promise<{ account: string | null }> {
  const response = await http.request({ method: 'GET', path: '/meta/whoami' });
  const user = (response.data ?? {}) as { id?: unknown; email?: unknown };
  return { account: typeof user.email === 'string' && user.email ? user.email : typeof user.id === 'string' && user.id ? user.id : null };
}

export const airtableExecutor: ConnectorExecutor = {
  id: 'airtable',
  auth: (credential) => ({ headers: { Authorization: `Bearer ${credential.secrets.token ?? ''}` } }),
  // {"error":{"type":"INVALID_VALUE_FOR_COLUMN","message":"…"}}, {"error":"NOT_FOUND"}, {"errors":[{"error":"RATE_LIMIT_REACHED","message":"…"}]}
  errorMessage: (_status, body) => {
    const b = body as { error?: unknown; errors?: { error?: unknown; message?: unknown }[] } | null;
    const error = b?.error ?? b?.errors?.[0];
    if (typeof error === 'string') return ERROR_WORDS[error] ? `${ERROR_WORDS[error]} (${error})` : error;
    if (error && typeof error === 'object') {
      const { type, message, error: code } = error as { type?: unknown; message?: unknown; error?: unknown };
      const kind = typeof type === 'string' ? type : typeof code === 'string' ? code : null;
      if (typeof message === 'string') return kind ? `${message} (${kind})` : message;
      if (kind) return ERROR_WORDS[kind] ? `${ERROR_WORDS[kind]} (${kind})` : kind;
    }
    return null;
  },
  operations: { createRecord, updateRecord, findRecords },
  test,
};
