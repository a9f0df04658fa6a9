// The state and rules of the fake HubSpot CRM (test code): contacts,
// companies and deals with HubSpot's property checks (unknown and read-only
// properties, numbers, dates, enumerations, e-mail addresses, one contact per
// e-mail) and its CRM search (full-text query, filter groups, sorts, `after`
// paging). Errors carry HubSpot's bodies and statuses; fakeHubSpot.ts serves them.
import { randomUUID } from 'node:crypto';

export type HubSpotObjectType = 'contacts' | 'companies' | 'deals';
export const OBJECT_TYPES: readonly HubSpotObjectType[] = ['contacts', 'companies', 'deals'];

export interface HubSpotAssociation {
  toObjectType: HubSpotObjectType;
  toId: string;
  associationCategory: string;
  associationTypeId: number;
}

export interface HubSpotRecord {
  id: string;
  /** HubSpot keeps every value as text. */
  properties: Record<string, string>;
  createdAt: string;
  updatedAt: string;
  archived: false;
  associations: HubSpotAssociation[];
}

export type HubSpotErrorCategory = 'VALIDATION_ERROR' | 'OBJECT_NOT_FOUND' | 'INVALID_AUTHENTICATION' | 'RATE_LIMITS' | 'CONFLICT' | 'UNSUPPORTED_MEDIA_TYPE';

/** An answer in HubSpot's error format: {status:'error', message, correlationId, category}. */
export class HubSpotError extends Error {
  constructor(
    readonly status: number,
    readonly category: HubSpotErrorCategory,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }

  body() {
    return { status: 'error', message: this.message, correlationId: randomUUID(), category: this.category, ...this.extra };
  }
}

/** The settable properties of the default portal (a subset of HubSpot's, enough for the connector and templates). */
const WRITABLE: Record<HubSpotObjectType, readonly string[]> = {
  contacts: ['email', 'firstname', 'lastname', 'phone', 'mobilephone', 'company', 'website', 'city', 'jobtitle', 'lifecyclestage', 'hs_lead_status'],
  companies: ['name', 'domain', 'city', 'industry', 'phone', 'website', 'description', 'numberofemployees', 'lifecyclestage'],
  deals: ['dealname', 'amount', 'dealstage', 'closedate', 'pipeline', 'dealtype', 'description', 'hubspot_owner_id'],
};
const LAST_MODIFIED: Record<HubSpotObjectType, string> = { contacts: 'lastmodifieddate', companies: 'hs_lastmodifieddate', deals: 'hs_lastmodifieddate' };
const READ_ONLY = new Set(['hs_object_id', 'createdate', 'lastmodifieddate', 'hs_lastmodifieddate']);
const NUMBERS = new Set(['amount', 'numberofemployees']);
const DATES = new Set(['closedate', 'createdate', 'lastmodifieddate', 'hs_lastmodifieddate']);
const OPTIONS: Record<string, readonly string[]> = {
  dealstage: ['appointmentscheduled', 'qualifiedtobuy', 'presentationscheduled', 'decisionmakerboughtin', 'contractsent', 'closedwon', 'closedlost'],
  pipeline: ['default'],
  dealtype: ['newbusiness', 'existingbusiness'],
  lifecyclestage: ['subscriber', 'lead', 'marketingqualifiedlead', 'salesqualifiedlead', 'opportunity', 'customer', 'evangelist', 'other'],
};
/** What the search's full-text `query` looks at (HubSpot's default searchable properties). */
const SEARCHABLE: Record<HubSpotObjectType, readonly string[]> = {
  contacts: ['firstname', 'lastname', 'email', 'phone', 'mobilephone', 'company'],
  companies: ['name', 'domain', 'website', 'phone'],
  deals: ['dealname', 'pipeline', 'dealstage', 'description', 'dealtype'],
};
/** What a search returns when it names no properties. */
const DEFAULT_PROPERTIES: Record<HubSpotObjectType, readonly string[]> = {
  contacts: ['firstname', 'lastname', 'email', 'createdate', 'lastmodifieddate', 'hs_object_id'],
  companies: ['name', 'domain', 'createdate', 'hs_lastmodifieddate', 'hs_object_id'],
  deals: ['dealname', 'amount', 'closedate', 'pipeline', 'dealstage', 'createdate', 'hs_lastmodifieddate', 'hs_object_id'],
};
/** HUBSPOT_DEFINED association type ids by (from, to). */
const ASSOCIATION_TYPES: Record<string, number> = {
  'deals>contacts': 3,
  'contacts>deals': 4,
  'deals>companies': 341,
  'companies>deals': 342,
  'contacts>companies': 279,
  'companies>contacts': 280,
};
const SINGULAR: Record<HubSpotObjectType, string> = { contacts: 'contact', companies: 'company', deals: 'deal' };
const OPERATORS = new Set(['EQ', 'NEQ', 'LT', 'LTE', 'GT', 'GTE', 'IN', 'NOT_IN', 'HAS_PROPERTY', 'NOT_HAS_PROPERTY', 'CONTAINS_TOKEN']);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const validationError = (message: string) => new HubSpotError(400, 'VALIDATION_ERROR', message);

interface PropertyProblem {
  isValid: false;
  message: string;
  error: string;
  name: string;
}

/** A date property as epoch ms: HubSpot takes ISO 8601 text or epoch milliseconds. */
export function epochMs(value: string): number {
  return /^\d+$/.test(value) ? Number(value) : Date.parse(value);
}

function problemOf(type: HubSpotObjectType, name: string, value: string): PropertyProblem | null {
  const problem = (error: string, message: string): PropertyProblem => ({ isValid: false, message, error, name });
  if (READ_ONLY.has(name)) return problem('READ_ONLY_VALUE', `${name} is a read only property; its value cannot be set.`);
  if (!WRITABLE[type].includes(name)) return problem('PROPERTY_DOESNT_EXIST', `Property "${name}" does not exist`);
  if (value === '') return null; // '' clears a property
  if (NUMBERS.has(name) && !/^-?\d+(\.\d+)?$/.test(value)) return problem('INVALID_DOUBLE', `${value} was not a valid number.`);
  if (DATES.has(name) && Number.isNaN(epochMs(value))) return problem('INVALID_DATE', `${value} was not a valid date.`);
  const options = OPTIONS[name];
  if (options && !options.includes(value)) return problem('INVALID_OPTION', `${value} was not one of the allowed options: [${options.join(', ')}]`);
  if (name === 'email' && !EMAIL.test(value)) return problem('INVALID_EMAIL', `Email address ${value} is invalid`);
  return null;
}

/** Properties as HubSpot reads them: an object of text (numbers and booleans are taken as their text). */
function readProperties(type: HubSpotObjectType, raw: unknown): Record<string, string> {
  if (raw === undefined) return {};
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw validationError('Invalid input JSON: "properties" must be an object of property values');
  const properties: Record<string, string> = {};
  const problems: PropertyProblem[] = [];
  for (const [name, value] of Object.entries(raw)) {
    if (value !== null && typeof value === 'object') throw validationError(`Invalid input JSON: the value of "${name}" must be text`);
    const text = value === null ? '' : String(value);
    const problem = problemOf(type, name, text);
    if (problem) problems.push(problem);
    else properties[name] = text;
  }
  if (problems.length > 0) throw validationError(`Property values were not valid: ${JSON.stringify(problems)}`);
  return properties;
}

export interface SearchRequest {
  query?: string;
  filterGroups?: { filters?: { propertyName?: string; operator?: string; value?: unknown; values?: unknown[] }[] }[];
  sorts?: (string | { propertyName?: string; direction?: string })[];
  properties?: string[];
  limit?: number;
  after?: string | number;
}

export class HubSpotObjects {
  readonly contacts: HubSpotRecord[] = [];
  readonly companies: HubSpotRecord[] = [];
  readonly deals: HubSpotRecord[] = [];
  private nextId = 1001;
  private lastStamp = 0;

  constructor(private readonly now: () => number) {}

  list(type: HubSpotObjectType): HubSpotRecord[] {
    return this[type];
  }

  /** The time of a change: the clock, but strictly later than the previous change (every change is seen as new). */
  private stamp(): string {
    this.lastStamp = Math.max(this.now(), this.lastStamp + 1);
    return new Date(this.lastStamp).toISOString();
  }

  find(type: HubSpotObjectType, id: string): HubSpotRecord {
    const record = this[type].find((candidate) => candidate.id === id);
    if (!record) throw new HubSpotError(404, 'OBJECT_NOT_FOUND', 'resource not found');
    return record;
  }

  private checkUniqueEmail(properties: Record<string, string>, except?: string) {
    const email = properties.email?.toLowerCase();
    if (!email) return;
    const existing = this.contacts.find((contact) => contact.id !== except && contact.properties.email?.toLowerCase() === email);
    if (existing) throw new HubSpotError(409, 'CONFLICT', `Contact already exists. Existing ID: ${existing.id}`);
  }

  private readAssociations(type: HubSpotObjectType, raw: unknown): HubSpotAssociation[] {
    if (raw === undefined) return [];
    if (!Array.isArray(raw)) throw validationError('Invalid input JSON: "associations" must be a list');
    const found: HubSpotAssociation[] = [];
    for (const entry of raw as { to?: { id?: unknown }; types?: { associationCategory?: unknown; associationTypeId?: unknown }[] }[]) {
      const toId = entry?.to?.id;
      const spec = entry?.types?.[0];
      if (typeof toId !== 'string' && typeof toId !== 'number') throw validationError('Invalid input JSON: an association needs "to": {"id"}');
      if (!spec || spec.associationCategory !== 'HUBSPOT_DEFINED' || typeof spec.associationTypeId !== 'number') throw validationError('Invalid input JSON: an association needs "types": [{"associationCategory", "associationTypeId"}]');
      const target = OBJECT_TYPES.find((candidate) => ASSOCIATION_TYPES[`${type}>${candidate}`] === spec.associationTypeId);
      if (!target) throw validationError(`${spec.associationTypeId} is not a valid association type id for ${SINGULAR[type]} associations`);
      if (!this[target].some((record) => record.id === String(toId))) throw validationError(`One or more associations are invalid: no ${SINGULAR[target]} with id ${toId}`);
      found.push({ toObjectType: target, toId: String(toId), associationCategory: 'HUBSPOT_DEFINED', associationTypeId: spec.associationTypeId });
    }
    return found;
  }

  create(type: HubSpotObjectType, body: { properties?: unknown; associations?: unknown }): HubSpotRecord {
    const properties = readProperties(type, body.properties);
    if (type === 'contacts') this.checkUniqueEmail(properties);
    const associations = this.readAssociations(type, body.associations);
    const id = String(this.nextId++);
    const at = this.stamp();
    const record: HubSpotRecord = {
      id,
      properties: { ...properties, ...(type === 'deals' && !properties.pipeline ? { pipeline: 'default' } : {}), hs_object_id: id, createdate: at, [LAST_MODIFIED[type]]: at },
      createdAt: at,
      updatedAt: at,
      archived: false,
      associations,
    };
    this[type].push(record);
    for (const link of associations) this.linkBack(type, record.id, link);
    return record;
  }

  /** HubSpot associations go both ways: the other record lists this one too. */
  private linkBack(type: HubSpotObjectType, id: string, link: HubSpotAssociation) {
    const other = this.find(link.toObjectType, link.toId);
    if (other.associations.some((existing) => existing.toObjectType === type && existing.toId === id)) return;
    other.associations.push({ toObjectType: type, toId: id, associationCategory: 'HUBSPOT_DEFINED', associationTypeId: ASSOCIATION_TYPES[`${link.toObjectType}>${type}`]! });
  }

  /** PUT /crm/v4/objects/{from}/{id}/associations/default/{to}/{toId}: the default association, both ways. */
  associateDefault(type: HubSpotObjectType, id: string, target: HubSpotObjectType, targetId: string) {
    const record = this.find(type, id);
    this.find(target, targetId);
    const typeId = ASSOCIATION_TYPES[`${type}>${target}`];
    if (typeId === undefined) throw validationError(`${SINGULAR[type]} records cannot be associated with ${SINGULAR[target]} records`);
    const link: HubSpotAssociation = { toObjectType: target, toId: targetId, associationCategory: 'HUBSPOT_DEFINED', associationTypeId: typeId };
    if (!record.associations.some((existing) => existing.toObjectType === target && existing.toId === targetId)) record.associations.push(link);
    this.linkBack(type, id, link);
    return { from: { id }, to: { id: targetId }, associationSpec: { associationCategory: 'HUBSPOT_DEFINED', associationTypeId: typeId } };
  }

  update(type: HubSpotObjectType, id: string, body: { properties?: unknown }): HubSpotRecord {
    const record = this.find(type, id);
    const properties = readProperties(type, body.properties);
    if (type === 'contacts') this.checkUniqueEmail(properties, id);
    return this.apply(type, record, properties);
  }

  /** Sets properties (already checked, or a test's) and marks the record changed now. */
  apply(type: HubSpotObjectType, record: HubSpotRecord, properties: Record<string, string>): HubSpotRecord {
    const at = this.stamp();
    for (const [name, value] of Object.entries(properties)) {
      if (value === '') delete record.properties[name];
      else record.properties[name] = value;
    }
    record.properties[LAST_MODIFIED[type]] = at;
    record.updatedAt = at;
    return record;
  }

  search(type: HubSpotObjectType, request: SearchRequest) {
    const limit = request.limit ?? 10;
    if (!Number.isInteger(limit) || limit < 1 || limit > 200) throw validationError(`limit must be between 1 and 200, was ${String(request.limit)}`);
    const offset = request.after === undefined ? 0 : Number(request.after);
    if (!Number.isInteger(offset) || offset < 0) throw validationError(`"after" must be a paging cursor, was "${String(request.after)}"`);
    const groups = request.filterGroups ?? [];
    if (groups.length > 5) throw validationError('Too many filter groups: at most 5 are allowed');
    for (const group of groups)
      for (const filter of group.filters ?? []) {
        if (!filter.propertyName) throw validationError('A filter needs a propertyName');
        if (!OPERATORS.has(filter.operator ?? '')) throw validationError(`Unknown filter operator: ${String(filter.operator)}`);
      }
    const query = request.query?.trim().toLowerCase();
    let matches = this[type].filter(
      (record) =>
        (!query || SEARCHABLE[type].some((name) => record.properties[name]?.toLowerCase().includes(query))) &&
        (groups.length === 0 || groups.some((group) => (group.filters ?? []).every((filter) => matchesFilter(record, filter as Filter)))),
    );
    matches = sortRecords(matches, request.sorts ?? []);
    const page = matches.slice(offset, offset + limit);
    const names = request.properties?.length ? [...new Set([...request.properties, 'createdate', LAST_MODIFIED[type], 'hs_object_id'])] : DEFAULT_PROPERTIES[type];
    return {
      total: matches.length,
      results: page.map((record) => ({ ...wire(record, names) })),
      ...(offset + limit < matches.length ? { paging: { next: { after: String(offset + limit) } } } : {}),
    };
  }
}

interface Filter {
  propertyName: string;
  operator: string;
  value?: unknown;
  values?: unknown[];
}

/** Compares as HubSpot does: dates as epoch ms, numbers as numbers, text case-insensitively. */
function compare(name: string, stored: string, wanted: unknown): number {
  const text = String(wanted);
  if (DATES.has(name)) return epochMs(stored) - epochMs(text);
  if (NUMBERS.has(name)) return Number(stored) - Number(text);
  return stored.toLowerCase().localeCompare(text.toLowerCase());
}

function matchesFilter(record: HubSpotRecord, filter: Filter): boolean {
  const stored = record.properties[filter.propertyName];
  switch (filter.operator) {
    case 'HAS_PROPERTY':
      return stored !== undefined;
    case 'NOT_HAS_PROPERTY':
      return stored === undefined;
    case 'IN':
      return stored !== undefined && (filter.values ?? []).some((value) => compare(filter.propertyName, stored, value) === 0);
    case 'NOT_IN':
      return stored === undefined || !(filter.values ?? []).some((value) => compare(filter.propertyName, stored, value) === 0);
    case 'CONTAINS_TOKEN':
      return stored !== undefined && stored.toLowerCase().split(/\W+/).includes(String(filter.value).toLowerCase().replace(/\*/g, ''));
  }
  if (stored === undefined) return filter.operator === 'NEQ';
  const order = compare(filter.propertyName, stored, filter.value);
  return { EQ: order === 0, NEQ: order !== 0, LT: order < 0, LTE: order <= 0, GT: order > 0, GTE: order >= 0 }[filter.operator] ?? false;
}

function sortRecords(records: HubSpotRecord[], sorts: NonNullable<SearchRequest['sorts']>): HubSpotRecord[] {
  const keys = sorts.map((sort) =>
    typeof sort === 'string' ? { name: sort.replace(/^-/, ''), descending: sort.startsWith('-') } : { name: sort.propertyName ?? 'hs_object_id', descending: sort.direction === 'DESCENDING' },
  );
  if (keys.length === 0) keys.push({ name: 'hs_object_id', descending: false });
  return [...records].sort((a, b) => {
    for (const { name, descending } of keys) {
      const left = a.properties[name] ?? '';
      const right = b.properties[name] ?? '';
      const order = name === 'hs_object_id' ? Number(left) - Number(right) : compare(name, left, right);
      if (order !== 0) return descending ? -order : order;
    }
    return 0;
  });
}

/** A record as HubSpot sends it: the named properties (null when unset), or all of them. */
export function wire(record: HubSpotRecord, names?: readonly string[]) {
  const properties = names ? Object.fromEntries(names.map((name) => [name, record.properties[name] ?? null])) : { ...record.properties };
  return { id: record.id, properties, createdAt: record.createdAt, updatedAt: record.updatedAt, archived: false };
}
