import jsonata from 'jsonata';
import { z } from 'zod';
import { connectorOf } from '../connectors/registry.js';
import { connectorOperationOf } from '../connectors/declaration.js';
import { NODE_TYPES, WORKFLOW_CATEGORIES, WORKFLOW_INDUSTRIES, type Workflow, type WorkflowNode } from './model.js';
import { KNOWLEDGE_BASE_PLACEHOLDER, WORKFLOW_TEMPLATES, templateById, templatesFor } from './templates.js';
import { CHAT_TRANSCRIPT } from './templates/build.js';
import { chatRunInput } from '../chat/memory.js';
import { validateWorkflow } from './validate.js';
import { documentIdSchema } from '../validation/ids.js';
import { isTrigger, triggerOf } from './graph.js';

const INDUSTRIES = WORKFLOW_INDUSTRIES.filter((industry) => industry !== 'general');
const each = WORKFLOW_TEMPLATES.map((template) => [template.id, template] as const);

const params = (node: WorkflowNode) => node.params as Record<string, any>;

/** Nodes reachable from the trigger along edges or an agent's delegation. */
function reachable(workflow: Workflow): Set<string> {
  const trigger = triggerOf(workflow);
  const seen = new Set<string>(trigger ? [trigger.id] : []);
  const queue = [...seen];
  while (queue.length > 0) {
    const id = queue.shift()!;
    const node = workflow.nodes.find((n) => n.id === id)!;
    const onward = [...workflow.edges.filter((e) => e.source === id).map((e) => e.target), ...(node.type === 'agent' ? (params(node).tools.delegates as string[]) : [])];
    for (const next of onward) {
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push(next);
    }
  }
  return seen;
}

function hasCycle(workflow: Workflow): boolean {
  const state = new Map<string, 'open' | 'done'>();
  const visit = (id: string): boolean => {
    if (state.get(id) === 'open') return true;
    if (state.get(id) === 'done') return false;
    state.set(id, 'open');
    const cyclic = workflow.edges.filter((e) => e.source === id).some((e) => visit(e.target));
    state.set(id, 'done');
    return cyclic;
  };
  return workflow.nodes.some((n) => visit(n.id));
}

/** The {{ … }} expressions of a template string (the simple case the templates use). */
const placeholders = (text: string | undefined) => [...(text ?? '').matchAll(/\{\{([\s\S]+?)\}\}/g)].map((m) => m[1]!);

/** App nodes: steps that run a connector's operation and triggers that poll one. */
const APP_NODE_TYPES: readonly string[] = ['connector', 'trigger.poll'];
const appNodes = (t: Workflow) => t.nodes.filter((n) => APP_NODE_TYPES.includes(n.type));

/** Every string inside an app node's values (records and lists walked). */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

/** The JSONata expressions of a template: conditions, mappings, and the {{ }} placeholders of URLs, bodies, prompts and app values. */
function expressionsOf(t: Workflow): string[] {
  const expressions: string[] = [];
  for (const node of t.nodes) {
    const p = params(node);
    if (node.type === 'condition') expressions.push(p.expression);
    if (node.type === 'transform' || (node.type === 'output' && p.mapping !== undefined)) expressions.push(p.mapping);
    if (node.type === 'http') expressions.push(...placeholders(p.url), ...placeholders(p.body));
    if (node.type === 'agent') expressions.push(...placeholders(p.promptTemplate), ...(p.tools.http as { url: string }[]).flatMap((tool) => placeholders(tool.url)));
    if (APP_NODE_TYPES.includes(node.type)) expressions.push(...strings(p.params).flatMap(placeholders));
  }
  return expressions;
}

/** The web addresses a template calls: HTTP steps and agents' HTTP tools. */
const urlsOf = (t: Workflow): string[] =>
  t.nodes.flatMap((n) => (n.type === 'http' ? [params(n).url as string] : n.type === 'agent' ? (params(n).tools.http as { url: string }[]).map((tool) => tool.url) : []));

/**
 * The placeholder hosts a template may still call: a company's own systems
 * that no connector covers (its TMS, FSM, order system, helpdesk…). A job a
 * connector does (CRM, chat, e-mail, calendar, SMS, a spreadsheet) is an app
 * step, never an HTTP call to crm./chat./mail.… example.com.
 */
const OWN_SYSTEMS = ['enrichment', 'tms', 'oms', 'tracking', 'erp', 'fsm', 'maps', 'docs', 'search', 'helpdesk'];
const CONNECTOR_JOBS = ['crm', 'chat', 'mail', 'email', 'calendar', 'sms', 'paging', 'listings', 'sheets', 'marketing', 'ops'];

describe('WORKFLOW_TEMPLATES', () => {
  it('has unique ids of the form tpl-<industry>-…', () => {
    const ids = WORKFLOW_TEMPLATES.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const t of WORKFLOW_TEMPLATES) expect(t.id.startsWith(`tpl-${t.industry}-`)).toBe(true);
  });

  it.each(INDUSTRIES)('has at least three templates for %s', (industry) => {
    expect(templatesFor(industry).length).toBeGreaterThanOrEqual(3);
  });

  it('has general templates too', () => {
    expect(templatesFor('general').length).toBeGreaterThanOrEqual(2);
  });

  it.each(WORKFLOW_CATEGORIES)('has at least one %s template', (category) => {
    expect(WORKFLOW_TEMPLATES.some((t) => t.category === category)).toBe(true);
  });

  it('has a multi-agent template in which an agent delegates to another agent of the workflow', () => {
    const multiAgent = WORKFLOW_TEMPLATES.filter((t) =>
      t.nodes.some((n) => n.type === 'agent' && (params(n).tools.delegates as string[]).some((d) => t.nodes.find((o) => o.id === d)?.type === 'agent')),
    );
    expect(multiAgent.length).toBeGreaterThanOrEqual(1);
  });

  it('puts a human approval in templates that send customer notices or grant discounts', () => {
    for (const id of ['tpl-sales-follow-up-email', 'tpl-logistics-delay-customer-notice', 'tpl-logistics-carrier-invoice-check']) {
      expect(templateById(id)?.nodes.some((n) => n.type === 'approval')).toBe(true);
    }
  });

  it.each(each)('%s is a seeded template document', (_id, t) => {
    expect(t).toMatchObject({ visibility: 'template', ownerId: 'system', version: 1, createdAt: null, updatedAt: null });
    expect(t.name.trim()).not.toBe('');
    expect(t.description.length).toBeGreaterThan(60);
    expect(t.tags.length).toBeGreaterThan(0);
    expect(WORKFLOW_CATEGORIES).toContain(t.category);
    expect(WORKFLOW_INDUSTRIES).toContain(t.industry);
    expect(t.nodes.length).toBeGreaterThanOrEqual(4);
  });

  it.each(each)('%s has exactly one trigger, known node types and unique node and edge ids', (_id, t) => {
    expect(t.nodes.filter((node) => isTrigger(node.type))).toHaveLength(1);
    for (const node of t.nodes) expect(NODE_TYPES).toContain(node.type);
    expect(new Set(t.nodes.map((n) => n.id)).size).toBe(t.nodes.length);
    expect(new Set(t.edges.map((e) => e.id)).size).toBe(t.edges.length);
  });

  it.each(each)('%s: edges join existing nodes, and every condition has a true and a false branch', (_id, t) => {
    const ids = new Set(t.nodes.map((n) => n.id));
    for (const edge of t.edges) {
      expect(ids.has(edge.source)).toBe(true);
      expect(ids.has(edge.target)).toBe(true);
      const source = t.nodes.find((n) => n.id === edge.source)!;
      if (source.type === 'condition') expect(['true', 'false']).toContain(edge.sourceHandle);
      else expect(edge.sourceHandle).toBeUndefined();
    }
    for (const cond of t.nodes.filter((n) => n.type === 'condition')) {
      const handles = t.edges.filter((e) => e.source === cond.id).map((e) => e.sourceHandle).sort();
      expect(handles).toEqual(['false', 'true']);
    }
  });

  it.each(each)('%s: every node is reachable, there are no cycles, and edges run left to right', (_id, t) => {
    expect([...reachable(t)].sort()).toEqual(t.nodes.map((n) => n.id).sort());
    expect(hasCycle(t)).toBe(false);
    const x = new Map(t.nodes.map((n) => [n.id, n.position.x]));
    for (const edge of t.edges) expect(x.get(edge.target)! - x.get(edge.source)!).toBeGreaterThanOrEqual(200);
  });

  it.each(each)('%s: delegates are other agent nodes; agents have role instructions and a prompt', (_id, t) => {
    for (const node of t.nodes.filter((n) => n.type === 'agent')) {
      const p = params(node);
      expect(p.role.length).toBeGreaterThan(80);
      expect(p.promptTemplate).toMatch(/\{\{.+\}\}/);
      for (const delegate of p.tools.delegates as string[]) {
        expect(delegate).not.toBe(node.id);
        expect(t.nodes.find((n) => n.id === delegate)?.type).toBe('agent');
      }
    }
  });

  it.each(each)('%s: conditions read fields that an earlier agent returns as structured JSON', (_id, t) => {
    for (const cond of t.nodes.filter((n) => n.type === 'condition')) {
      const expression = params(cond).expression as string;
      const refs = [...expression.matchAll(/\b([A-Za-z]\w*)\.([A-Za-z]\w*)/g)];
      expect(refs.length).toBeGreaterThan(0);
      for (const [, nodeId, field] of refs) {
        const source = t.nodes.find((n) => n.id === nodeId)!;
        expect(source.type).toBe('agent');
        const output = params(source).output;
        expect(output.type).toBe('json');
        expect(Object.keys(output.schema.properties)).toContain(field);
      }
    }
  });

  it.each(each)('%s: every expression and {{ }} placeholder compiles as JSONata', (_id, t) => {
    const expressions = expressionsOf(t);
    expect(expressions.length).toBeGreaterThan(0);
    for (const expression of expressions) expect(() => jsonata(expression)).not.toThrow();
  });

  it.each(each)('%s passes validateWorkflow() except that each app node asks for an account to be connected', (_id, t) => {
    // A template connects no account: whoever copies it does. That is the one problem each app node has, and nothing else is wrong.
    const expected = appNodes(t).map((n) => ({ code: 'invalid-params', nodeId: n.id, path: 'credentialId', message: 'is required: connect an account', reason: 'credential-required' }));
    expect(validateWorkflow(t)).toEqual(expected);
  });

  it.each(each)('%s: app steps read only fields that an earlier app step outputs', (_id, t) => {
    const steps = t.nodes.filter((n) => n.type === 'connector');
    const expressions = expressionsOf(t);
    for (const step of steps) {
      const operation = connectorOperationOf(connectorOf(params(step).connector)!, params(step).operation)!;
      expect(operation.output).toBeInstanceOf(z.ZodObject);
      const fields = Object.keys((operation.output as z.ZodObject).shape);
      const read = expressions.flatMap((e) => [...e.matchAll(new RegExp(`(?<![\\w.$"])${step.id}\\.([A-Za-z]\\w*)`, 'g'))].map((m) => m[1]!));
      for (const field of read) expect(fields).toContain(field);
    }
  });

  it.each(each)('%s: later steps read an HTTP step\'s answer by its fields (status, headers, body, or the saved file)', (_id, t) => {
    const expressions = expressionsOf(t);
    for (const step of t.nodes.filter((n) => n.type === 'http')) {
      const read = expressions.flatMap((e) => [...e.matchAll(new RegExp(`(?<![\\w.$"])${step.id}\\.([A-Za-z]\\w*)`, 'g'))].map((m) => m[1]!));
      for (const field of read) expect(['status', 'headers', 'body', 'file']).toContain(field);
    }
  });

  it.each(each)('%s: HTTP steps and tools call only a company\'s own systems, never a placeholder host for a job an app does', (_id, t) => {
    for (const url of urlsOf(t)) {
      const host = new URL(url.replace(/\{\{[\s\S]+?\}\}/g, 'x')).hostname;
      if (!host.endsWith('.example.com')) continue;
      const system = host.split('.')[0]!;
      expect(CONNECTOR_JOBS).not.toContain(system);
      expect(OWN_SYSTEMS).toContain(system);
    }
  });
});

describe('templates and apps', () => {
  it('use the apps the issue names: HubSpot, Pipedrive, Airtable, Slack, Teams, Twilio, e-mail, Gmail, Google Sheets and Google Calendar', () => {
    const used = new Set(WORKFLOW_TEMPLATES.flatMap((t) => appNodes(t).map((n) => params(n).connector as string)));
    expect([...used].sort()).toEqual(['airtable', 'email', 'gmail', 'googleCalendar', 'googleSheets', 'hubspot', 'pipedrive', 'slack', 'teams', 'twilio']);
  });

  it('no template keeps an HTTP call to a placeholder host for a CRM, chat, e-mail, calendar, SMS or listings job', () => {
    const hosts = WORKFLOW_TEMPLATES.flatMap(urlsOf).map((url) => new URL(url.replace(/\{\{[\s\S]+?\}\}/g, 'x')).hostname);
    expect(hosts.length).toBeGreaterThan(0);
    expect(hosts.filter((host) => CONNECTOR_JOBS.some((job) => host.startsWith(`${job}.`)))).toEqual([]);
  });

  it('no app node carries a credential: whoever copies a template connects their own accounts', () => {
    for (const t of WORKFLOW_TEMPLATES) for (const n of appNodes(t)) expect(params(n)).not.toHaveProperty('credentialId');
  });

  it.each([
    ['tpl-sales-lead-qualification', ['hubspot.createDeal', 'slack.postMessage', 'hubspot.createContact']],
    ['tpl-sales-meeting-notes-crm', ['hubspot.updateDeal']],
    ['tpl-sales-weekly-pipeline-review', ['hubspot.searchDeals', 'slack.postMessage']],
    ['tpl-logistics-shipment-delay-triage', ['teams.postMessage']],
    ['tpl-logistics-delay-customer-notice', ['email.sendEmail']],
    ['tpl-field-services-work-order-intake', ['twilio.sendSms']],
    ['tpl-field-services-technician-dispatch', ['twilio.sendSms']],
    ['tpl-real-estate-listing-description', ['googleSheets.appendRow', 'email.sendEmail', 'googleSheets.appendRow', 'email.sendEmail']],
    ['tpl-real-estate-buyer-lead-response', ['googleSheets.lookupRows', 'gmail.sendEmail', 'pipedrive.createPerson', 'pipedrive.createDeal', 'airtable.createRecord']],
    ['tpl-real-estate-viewing-scheduling', ['googleCalendar.findFreeSlots', 'googleCalendar.createEvent', 'gmail.sendEmail']],
    ['tpl-general-inbox-triage', ['gmail.newMessage', 'slack.postMessage']],
  ])('%s runs %j', (id, operations) => {
    const t = templateById(id)!;
    expect(appNodes(t).map((n) => `${params(n).connector}.${params(n).operation ?? params(n).trigger}`)).toEqual(operations);
  });
});

describe('knowledge and chat templates', () => {
  /** The knowledge bases a template searches: its Knowledge steps' and its agents' search_knowledge lists. */
  const knowledgeBasesOf = (t: Workflow) =>
    t.nodes.flatMap((n) => (n.type === 'knowledge' ? [params(n).knowledgeBaseId as string] : n.type === 'agent' ? ((params(n).tools.knowledge as string[] | undefined) ?? []) : []));
  const searching = WORKFLOW_TEMPLATES.filter((t) => knowledgeBasesOf(t).length > 0);

  it.each(INDUSTRIES)('%s has a template that searches a knowledge base', (industry) => {
    expect(searching.some((t) => t.industry === industry)).toBe(true);
  });

  it('each names the one placeholder knowledge base, a valid id, and tells the user to pick theirs after copying', () => {
    expect(searching.map((t) => t.id).sort()).toEqual(
      ['tpl-field-services-technician-manual-assistant', 'tpl-logistics-shipping-terms-assistant', 'tpl-real-estate-listing-assistant', 'tpl-sales-pricing-page-lead-qualifier'],
    );
    for (const t of searching) {
      expect(new Set(knowledgeBasesOf(t))).toEqual(new Set([KNOWLEDGE_BASE_PLACEHOLDER]));
      expect(t.description).toMatch(/After copying, pick your knowledge base/);
    }
    expect(documentIdSchema.safeParse(KNOWLEDGE_BASE_PLACEHOLDER).success).toBe(true);
  });

  it('agents that answer from documents are told to cite their sources and to say when the documents do not answer', () => {
    for (const t of searching) {
      const answering = t.nodes.filter((n) => n.type === 'agent');
      expect(answering.length).toBeGreaterThan(0);
      for (const n of answering) {
        expect(params(n).role).toMatch(/cite/i);
        expect(params(n).role).toMatch(/do not answer the question, say so/);
        expect(params(n).role).toMatch(/never invent/);
      }
    }
  });

  it('chat templates start with the chat trigger and answer with a text agent (a chat run streams a text agent), given back as the answer', () => {
    const chats = WORKFLOW_TEMPLATES.filter((t) => t.nodes.some((n) => n.type === 'trigger.chat'));
    expect(chats.map((t) => t.industry).sort()).toEqual(['field-services', 'real-estate', 'sales']);
    for (const t of chats) {
      const agents = t.nodes.filter((n) => n.type === 'agent');
      expect(agents).toHaveLength(1);
      expect(params(agents[0]!).output).toEqual({ type: 'text' });
      expect(t.nodes.find((n) => n.type === 'output')).toMatchObject({ params: { mapping: `{"answer": ${agents[0]!.id}}` } });
    }
  });

  it('the logistics template retrieves with a Knowledge step from the question of its form', () => {
    const t = templateById('tpl-logistics-shipping-terms-assistant')!;
    expect(t.nodes.find((n) => n.type === 'knowledge')).toMatchObject({ params: { knowledgeBaseId: KNOWLEDGE_BASE_PLACEHOLDER, query: 'input.question' } });
  });

  it('the chat transcript reads a chat run input: older turns in brief, then the recent ones', async () => {
    const earlier = [
      { role: 'user' as const, text: 'Do you have flats in Leeds? I am moving.' },
      { role: 'assistant' as const, text: 'Yes, three.' },
      { role: 'user' as const, text: 'Which is cheapest?' },
    ];
    const transcript = jsonata(CHAT_TRANSCRIPT);
    await expect(transcript.evaluate({ input: chatRunInput('c1', earlier, 'Book a viewing', { window: 1, summarize: true }) })).resolves.toBe(
      'Earlier: Visitor: Do you have flats in Leeds?\nAssistant: Yes, three.\nVisitor: Which is cheapest?',
    );
    await expect(transcript.evaluate({ input: chatRunInput('c1', [], 'Hi', { window: 10, summarize: true }) })).resolves.toBe('');
  });
});

describe('templatesFor / templateById', () => {
  it('returns only the templates of the industry asked for', () => {
    for (const industry of WORKFLOW_INDUSTRIES) {
      const found = templatesFor(industry);
      expect(found.every((t) => t.industry === industry)).toBe(true);
    }
    expect(WORKFLOW_INDUSTRIES.flatMap((industry) => templatesFor(industry))).toHaveLength(WORKFLOW_TEMPLATES.length);
  });

  it('finds a template by id and returns undefined for an unknown id', () => {
    expect(templateById('tpl-sales-lead-qualification')?.name).toBe('Inbound lead qualification');
    expect(templateById('tpl-logistics-shipment-delay-triage')?.industry).toBe('logistics');
    expect(templateById('nope')).toBeUndefined();
  });
});
