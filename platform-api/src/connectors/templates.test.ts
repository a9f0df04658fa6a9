// Every industry template, copied and run end to end (issue 18 item 5): the
// owner's copy with one connected account per app, started as its trigger
// would start it, approval steps approved, and each app step checked at its
// fake (the deal in HubSpot, the message in Slack or Teams, the SMS in
// Twilio, the e-mail in the SMTP server or Gmail, the row in Sheets, the
// event in Calendar, the person and deal in Pipedrive, the record in
// Airtable). Agents answer from the fake model: unscripted, a sample that
// fits their JSON schema; scripted where a branch or a real value (a phone
// number, a time) matters.
import { ALERTS_BASE, ALERTS_TABLE, KNOWLEDGE_BASE_PLACEHOLDER, KNOWLEDGE_TOOL_NAME, LISTINGS_SHEET, LISTINGS_SPREADSHEET, LISTING_COLUMNS, WORKFLOW_TEMPLATES, type Workflow, type WorkflowNode } from '@agentflow/shared/workflow';
import { CHAT_API } from '@agentflow/shared/chat';
import { eventually } from '@agentflow/shared/testing/eventually';
import { visitorCall } from '../chat/testing/visitor';
import { seedKnowledgeBase } from '../knowledge/search/testing/seedKnowledge';
import { imageBytes, pdfBytes } from '../../testing/fileFixtures';
import { decodeRun, type StoredRun } from '../runs/index';
import { ALLOW_LOCAL } from '../testing/runsHarness';
import { ConnectorPoller } from './polling/poller';
import { startTemplateWorld, type TemplateWorld } from './testing/templateWorld';

let w: TemplateWorld;
const ran = new Set<string>();

beforeAll(async () => {
  w = await startTemplateWorld();
  w.slack.addChannel('sales');
  w.slack.addChannel('billing');
}, 60_000);

afterAll(async () => {
  await w?.close();
});

/** The agent whose role matches answers this JSON once. */
const answer = (system: RegExp, json: Record<string, unknown>) => w.model.script({ match: { system }, reply: { json }, times: 1 });
const stepOf = (run: StoredRun, id: string) => run.steps.find((s) => s.id === id);
const outputOf = (run: StoredRun) => run.output as Record<string, any>;

/** Copies the template, runs it with the input, and expects success with these steps done. */
async function runTemplate(id: string, input: Record<string, unknown>, done: string[], change?: (node: WorkflowNode) => WorkflowNode): Promise<{ run: StoredRun; workflow: Workflow }> {
  ran.add(id);
  const workflow = await w.copy(id, change);
  const run = await w.run(workflow, input);
  expect({ status: run.status, error: run.error, failed: run.steps.filter((s) => s.status === 'failed').map((s) => [s.id, s.error]) }).toEqual({ status: 'succeeded', error: null, failed: [] });
  for (const step of done) expect([step, stepOf(run, step)?.status]).toEqual([step, 'succeeded']);
  return { run, workflow };
}

const lead = { name: 'Ada Lovelace', email: ' Ada@Globex.test ', company: 'Globex', jobTitle: 'COO', employees: 800, message: 'We need to automate dispatch for 40 technicians this quarter.', utmSource: 'ads' };

describe('sales', () => {
  it('inbound lead qualification: a hot lead becomes a HubSpot deal and an alert in #sales; a cold one a HubSpot contact', async () => {
    answer(/qualify inbound leads with BANT/, { score: 86, tier: 'hot', budget: 'approved', authority: 'decision maker', need: 'Automate dispatch', timing: 'this quarter', reasons: ['Operations lead', '800 staff'], nextStep: 'Call Ada today' });
    const { run } = await runTemplate('tpl-sales-lead-qualification', lead, ['createDeal', 'alert', 'hotResult']);
    const deal = w.hubspot.deals.find((d) => d.id === outputOf(run).hotResult.dealId)!;
    expect(deal.properties).toMatchObject({ dealname: 'Globex - inbound', dealstage: 'qualifiedtobuy' });
    expect(deal.properties.description).toContain('Inbound lead Ada Lovelace (COO) <ada@globex.test>, source ads. Score 86/100 (hot).');
    const sales = [...w.slack.channels.values()].find((c) => c.name === 'sales')!;
    const alert = w.slack.messages.find((m) => m.channel === sales.id)!;
    expect(alert.text).toBe(`:fire: Hot inbound lead: *Ada Lovelace* (COO) at *Globex*, score 86/100.\nNeed: Automate dispatch\nNext step: Call Ada today\nHubSpot deal ${deal.id}`);
    expect(outputOf(run).hotResult.slackMessage).toBe(alert.ts);

    // Unscripted: a mid score, so the nurture branch.
    const cold = await runTemplate('tpl-sales-lead-qualification', { ...lead, name: 'Grace Hopper', email: 'grace@initech.test', company: 'Initech' }, ['nurture', 'nurtureResult']);
    const contact = w.hubspot.contacts.find((c) => c.id === outputOf(cold.run).nurtureResult.contactId)!;
    expect(contact.properties).toMatchObject({ email: 'grace@initech.test', firstname: 'Grace', lastname: 'Hopper', company: 'Initech', lifecyclestage: 'lead' });
  });

  it('follow-up e-mail draft: a discount above 10 % waits for the sales manager', async () => {
    const { run } = await runTemplate('tpl-sales-follow-up-email', { contactName: 'Ada', company: 'Globex', callNotes: 'Wants a pilot in January.', offeredDiscount: 15, senderName: 'Sam' }, ['managerApproval', 'approvedDraft']);
    expect(stepOf(run, 'managerApproval')!.output).toMatchObject({ approved: true, by: w.approver.uid });
    expect(outputOf(run).approvedDraft.approved).toBe(true);
  });

  it('meeting notes to CRM: the HubSpot deal gets the stage, amount, close date and summary the notes support', async () => {
    const deal = w.hubspot.seed('deals', { dealname: 'Globex renewal', dealstage: 'appointmentscheduled', amount: '30000' });
    answer(/sales operations analyst/, {
      summary: 'Globex agreed to the proposal.',
      stage: 'contractsent',
      amount: 48000,
      closeDate: '2026-12-15',
      stakeholders: ['Ada (COO)'],
      risks: ['Budget freeze in Q1'],
      nextSteps: ['Send the MSA by Friday'],
    });
    const { run } = await runTemplate('tpl-sales-meeting-notes-crm', { dealId: deal.id, accountName: 'Globex', notes: 'Ada agreed; send contract.' }, ['updateDeal', 'result']);
    const updated = w.hubspot.deals.find((d) => d.id === deal.id)!;
    expect(updated.properties).toMatchObject({ dealname: 'Globex renewal', dealstage: 'contractsent', amount: '48000' });
    expect(new Date(updated.properties.closedate!).toISOString()).toBe('2026-12-15T12:00:00.000Z');
    expect(updated.properties.description).toBe('Globex agreed to the proposal.\nStakeholders: Ada (COO)\nRisks: Budget freeze in Q1\nNext steps: Send the MSA by Friday');
    expect(outputOf(run).result).toMatchObject({ dealId: deal.id, stage: 'contractsent' });
  });

  it('weekly pipeline review: the HubSpot deals reach the analyst, and the review is posted to #sales', async () => {
    w.hubspot.seed('deals', { dealname: 'Umbrella expansion', dealstage: 'presentationscheduled', amount: '12000' });
    const { run } = await runTemplate('tpl-sales-weekly-pipeline-review', {}, ['deals', 'review', 'post', 'result']);
    const asked = w.model.requests.find((r) => r.system.includes('revenue operations analyst'))!;
    expect(asked.lastUser).toContain('Umbrella expansion');
    expect(stepOf(run, 'deals')!.output).toMatchObject({ total: w.hubspot.deals.length });
    const post = w.slack.messages.find((m) => m.ts === (stepOf(run, 'post')!.output as { ts: string }).ts)!;
    expect(post.text).toMatch(/^\*Weekly pipeline review\*\n/);
  });
});

describe('logistics', () => {
  const exception = { shipmentId: 'SH-9', carrier: 'DHL', statusCode: 'X1', description: 'Customs hold', location: 'Leipzig', originalEta: '2026-11-24T10:00:00Z' };

  it('shipment delay triage: a high-severity delay alerts the operations desk in Teams; a low one is logged in the TMS', async () => {
    answer(/shift lead on a logistics control tower/, {
      severity: 'high',
      newEta: '2026-11-26T18:00:00Z',
      delayHours: 52,
      rootCause: 'Missing export declaration',
      affectedOrders: ['SO-1', 'SO-2'],
      notifyCustomers: true,
      recommendedAction: 'File the declaration with the broker',
    });
    const { run } = await runTemplate('tpl-logistics-shipment-delay-triage', exception, ['alertOps', 'escalated']);
    expect(w.teams.messages).toHaveLength(1);
    expect(w.teams.messages[0]!.texts[0]).toBe('P1 delay: shipment SH-9 (DHL)');
    expect(w.teams.messages[0]!.texts.join('\n')).toContain('**Affected orders:** SO-1, SO-2');
    expect(outputOf(run).escalated).toMatchObject({ severity: 'high', opsAlerted: true });

    await runTemplate('tpl-logistics-shipment-delay-triage', exception, ['logDelay', 'logged']);
    expect(w.own.some((r) => r.method === 'POST' && r.path === '/tms/api/shipments/SH-9/notes')).toBe(true);
    expect(w.teams.messages).toHaveLength(1);
  });

  it('delay notice to customer: once approved, the notice is e-mailed to the customer through the SMTP server', async () => {
    answer(/delay notices for a logistics company/, { subject: 'Your order SO-1 now arrives on 27 November', body: 'Dear Ada, we are sorry: customs held your order.' });
    const { run } = await runTemplate(
      'tpl-logistics-delay-customer-notice',
      { orderId: 'SO-1', customerName: 'Ada', customerEmail: 'ada@globex.test', originalDate: '2026-11-24', newDate: '2026-11-27', reason: 'Customs hold', offerCompensation: true },
      ['review', 'send', 'result'],
    );
    const mail = w.smtp.messages.find((m) => m.mail.messageId === outputOf(run).result.messageId)!;
    expect(mail.envelope.to).toEqual(['ada@globex.test']);
    expect(mail.mail.subject).toBe('Your order SO-1 now arrives on 27 November');
    expect(mail.mail.text?.trim()).toBe('Dear Ada, we are sorry: customs held your order.');
  });

  it('carrier invoice check: an invoice that matches the rate card is approved for payment in the ERP', async () => {
    await runTemplate('tpl-logistics-carrier-invoice-check', { invoiceNumber: 'INV-7', carrierId: 'C-1', total: 1234.5, currency: 'EUR', lines: [{ ref: 'L1', amount: 1234.5 }] }, ['rates', 'audit', 'approvePayment', 'paid']);
    expect(w.own.some((r) => r.path === '/tms/api/carriers/C-1/rate-card')).toBe(true);
    expect(w.own.find((r) => r.path === '/erp/api/payables/INV-7/approve')?.body).toBe('{"approvedAmount": 1234.5, "note": "Matched rate card" }');
  });
});

describe('field services', () => {
  it('work-order intake: an emergency creates the work order and pages the on-call phone by SMS', async () => {
    answer(/intake coordinator of a field service company/, {
      trade: 'hvac',
      urgency: 'emergency',
      safetyRisk: true,
      safetyAdvice: 'Open the windows and leave the house.',
      requiredSkills: ['gas-safe'],
      estimatedHours: 2,
      summary: 'Gas smell at the boiler',
      missingInfo: [],
    });
    const { run } = await runTemplate('tpl-field-services-work-order-intake', { customerName: 'Ada', phone: '+44 20 7946 0000', address: '1 Main St', description: 'Smell of gas in the kitchen', equipment: 'Boiler X' }, ['createOrder', 'pageOnCall', 'emergency']);
    expect(w.own.some((r) => r.method === 'POST' && r.path === '/fsm/api/work-orders')).toBe(true);
    const sms = w.twilio.messages.find((m) => m.sid === outputOf(run).emergency.sms)!;
    expect(sms).toMatchObject({ to: '+15555550100', from: w.twilio.smsNumber });
    expect(sms.body).toBe('EMERGENCY (hvac): Gas smell at the boiler at 1 Main St. Customer Ada, +44 20 7946 0000. Safety risk: Open the windows and leave the house. Work order OWN-1.');
  });

  it('technician dispatch: once the dispatcher confirms, the job is assigned in the FSM and the technician gets it by SMS', async () => {
    answer(/senior dispatcher/, {
      technicianId: 'T7',
      technicianName: 'Jo Rivera',
      technicianPhone: '+15555550177',
      arrivalWindowStart: '2026-11-26T14:00:00Z',
      arrivalWindowEnd: '2026-11-26T16:00:00Z',
      travelMinutes: 25,
      partsReady: true,
      missingParts: [],
      rationale: 'Gas-safe and closest.',
    });
    const { run } = await runTemplate(
      'tpl-field-services-technician-dispatch',
      { workOrderId: 'WO-1001', address: '1 Main St', requiredSkills: 'hvac, gas-safe', priority: 'emergency', customerWindow: 'today' },
      ['technicians', 'plan', 'dispatcherCheck', 'assign', 'textTechnician', 'dispatched'],
    );
    expect(w.model.requests.find((r) => r.system.includes('senior dispatcher'))!.lastUser).toContain('+15555550177');
    expect(JSON.parse(w.own.find((r) => r.path === '/fsm/api/work-orders/WO-1001/assignment')!.body)).toEqual({ technicianId: 'T7', windowStart: '2026-11-26T14:00:00Z', windowEnd: '2026-11-26T16:00:00Z' });
    const sms = w.twilio.messages.find((m) => m.sid === outputOf(run).dispatched.sms)!;
    expect(sms).toMatchObject({ to: '+15555550177', body: 'New job WO-1001 (emergency) at 1 Main St. Arrive between 2026-11-26T14:00:00Z and 2026-11-26T16:00:00Z. Skills: hvac, gas-safe.' });
  });

  it('post-visit report: the report is saved on the work order and a return visit is created', async () => {
    await runTemplate(
      'tpl-field-services-post-visit-report',
      { workOrderId: 'WO-1001', technicianName: 'Jo Rivera', notes: 'Replaced the gas valve; pressure OK.', partsUsed: 'Valve GV-2', hoursOnSite: 2, customerSignedOff: true },
      ['report', 'saveReport', 'followUp', 'returnBooked'],
    );
    expect(w.own.some((r) => r.method === 'PUT' && r.path === '/fsm/api/work-orders/WO-1001/report')).toBe(true);
  });

  it('site inspection: the photo and checklist arrive by webhook, and the certificate comes back from the document service', async () => {
    ran.add('tpl-field-services-site-inspection');
    const workflow = await w.copy('tpl-field-services-site-inspection');
    const { url } = (await w.h.call('GET', `/api/workflows/${workflow.id}/webhook`, { user: w.owner })).body as { url: string };
    const form = new FormData();
    form.append('siteName', 'Unit 7');
    form.append('technicianName', 'J. Rivera');
    form.append('photo', new Blob([new Uint8Array(await imageBytes('jpeg', 64, 48))], { type: 'image/jpeg' }), 'unit7.jpg');
    form.append('checklist', new Blob([new Uint8Array(pdfBytes('Checklist Unit 7: all items OK; signed J. Rivera'))], { type: 'application/pdf' }), 'checklist.pdf');
    const delivery = await fetch(url, { method: 'POST', body: form });
    expect(delivery.status).toBe(202);
    const run = await w.h.waitForRun(((await delivery.json()) as { runId: string }).runId, ['succeeded', 'failed']);
    expect({ status: run.status, error: run.error }).toEqual({ status: 'succeeded', error: null });
    expect(w.own.some((r) => r.method === 'POST' && r.path === '/docs/api/certificates')).toBe(true);
  });
});

describe('real estate', () => {
  const listing = { listingId: 'L-42', address: '12 Elm Road', propertyType: 'Terraced house', price: 450000, bedrooms: 3, bathrooms: 2, livingArea: 110, highlights: 'New kitchen 2024', neighbourhood: 'Near the park', brochureTo: 'buyers@agency.test, seller@home.test' };
  const copy = { headline: 'Sunny terraced house by the park', description: 'A bright family-sized home.', bulletPoints: ['New kitchen (2024)', 'Three bedrooms'], socialPost: 'Just listed!' };

  it('listing description: the copy is added to the listing register in Google Sheets and the brochure e-mailed; flagged copy is revised after the broker’s review', async () => {
    w.google.sheets.add(LISTINGS_SPREADSHEET, { [LISTINGS_SHEET]: [[...LISTING_COLUMNS]] });
    answer(/real estate copywriter/, copy);
    await runTemplate('tpl-real-estate-listing-description', listing, ['register', 'sendBrochure', 'ready']);
    const rows = w.google.sheets.rows(LISTINGS_SPREADSHEET, LISTINGS_SHEET);
    expect(rows[1]).toEqual(['L-42', '12 Elm Road', 'Terraced house', 450000, 3, 2, 110, 'Sunny terraced house by the park', 'A bright family-sized home.', 'Published']);
    const brochure = w.smtp.messages.at(-1)!;
    expect(brochure.envelope.to).toEqual(['buyers@agency.test', 'seller@home.test']);
    expect(brochure.mail.subject).toBe('New listing: Sunny terraced house by the park');
    expect(brochure.mail.text).toContain('A bright family-sized home.\n\n- New kitchen (2024)\n- Three bedrooms');

    answer(/real estate copywriter/, copy);
    answer(/fair-housing and advertising compliance/, { compliant: false, issues: ['"family-sized" describes people'], revisedDescription: 'A bright three-bedroom home.' });
    await runTemplate('tpl-real-estate-listing-description', listing, ['brokerReview', 'registerRevised', 'sendRevisedBrochure', 'revised']);
    expect(w.google.sheets.rows(LISTINGS_SPREADSHEET, LISTINGS_SHEET)[2]).toEqual(expect.arrayContaining(['A bright three-bedroom home.', 'Published (revised)']));
    expect(w.smtp.messages.at(-1)!.mail.text).toContain('A bright three-bedroom home.');
  });

  it('buyer-lead response: replies from Gmail with the register’s facts; a hot buyer becomes a Pipedrive person and deal, a cold one an Airtable alert', async () => {
    w.google.sheets.add(LISTINGS_SPREADSHEET, { [LISTINGS_SHEET]: [[...LISTING_COLUMNS], ['L-7', '3 Oak Lane', 'Bungalow', 320000, 2, 1, 80, 'Bungalow with garden', 'Level garden.', 'Published']] });
    const enquiry = { listingId: 'L-7', name: 'Bea Buyer', email: 'bea@mail.test', phone: '+44 7700 900123', message: 'Is the garden south facing?' };
    answer(/assistant of a residential listing agent/, { subject: 'Re: 3 Oak Lane', body: 'Hi Bea, the garden is level.', intent: 'hot', preApproved: true, budget: 330000, summary: 'Pre-approved, wants to view this week' });
    const { run } = await runTemplate('tpl-real-estate-buyer-lead-response', enquiry, ['listing', 'send', 'buyer', 'callDeal', 'hot']);
    expect(w.model.requests.find((r) => r.system.includes('residential listing agent'))!.lastUser).toContain('"Address":"3 Oak Lane"');
    expect(w.google.gmail.sent.at(-1)).toMatchObject({ to: ['bea@mail.test'], subject: 'Re: 3 Oak Lane' });
    const person = w.pipedrive.persons.find((p) => p.id === outputOf(run).hot.personId)!;
    expect(person).toMatchObject({ name: 'Bea Buyer' });
    expect(w.pipedrive.deals.find((d) => d.id === outputOf(run).hot.dealId)).toMatchObject({ title: 'Call buyer Bea Buyer about listing L-7', person_id: person.id, value: 330000 });

    w.airtable.table(ALERTS_BASE, ALERTS_TABLE).fields = { Name: 'text', Email: 'text', 'Similar to': 'text', 'Max price': 'number', Intent: 'text' };
    answer(/assistant of a residential listing agent/, { subject: 'Re: 3 Oak Lane', body: 'Hi Bea.', intent: 'cold', preApproved: false, budget: 300000, summary: 'Browsing' });
    await runTemplate('tpl-real-estate-buyer-lead-response', enquiry, ['send', 'alerts', 'nurtured']);
    expect(w.airtable.table(ALERTS_BASE, ALERTS_TABLE).records.map((r) => r.fields)).toEqual([{ Name: 'Bea Buyer', Email: 'bea@mail.test', 'Similar to': 'L-7', 'Max price': 300000, Intent: 'cold' }]);
  });

  it('viewing scheduling: the free slots come from Google Calendar, the viewing is booked with the buyer invited, or alternatives e-mailed from Gmail', async () => {
    const input = { listingId: 'L-7', buyerName: 'Bea', buyerEmail: 'bea@mail.test', preferredTimes: 'Weekday mornings', accessNotes: 'No viewings before 10:00' };
    answer(/You schedule property viewings/, { booked: true, slotStart: '2030-01-07T10:00:00Z', slotEnd: '2030-01-07T10:30:00Z', alternatives: [], message: 'See you on Monday at 10:00.' });
    const { run } = await runTemplate('tpl-real-estate-viewing-scheduling', input, ['calendar', 'schedule', 'book', 'confirmed']);
    expect((stepOf(run, 'calendar')!.output as { slots: unknown[] }).slots.length).toBeGreaterThan(0);
    expect(w.model.requests.find((r) => r.system.includes('You schedule property viewings'))!.lastUser).toMatch(/The agent's free slots:\n\[\{"start":"/);
    const event = w.google.calendar.events().find((e) => e.summary === 'Viewing: L-7 with Bea')!;
    expect(event).toMatchObject({ start: { dateTime: '2030-01-07T10:00:00Z' }, end: { dateTime: '2030-01-07T10:30:00Z' }, description: 'See you on Monday at 10:00.', attendees: [expect.objectContaining({ email: 'bea@mail.test' })] });
    expect(outputOf(run).confirmed.event).toEqual(expect.any(String));

    answer(/You schedule property viewings/, { booked: false, slotStart: '', slotEnd: '', alternatives: ['2030-01-08T11:00:00Z'], message: 'Could you do Tuesday at 11:00?' });
    await runTemplate('tpl-real-estate-viewing-scheduling', input, ['offer', 'alternatives']);
    expect(w.google.gmail.sent.at(-1)).toMatchObject({ to: ['bea@mail.test'], subject: 'Viewing of L-7: other times', text: expect.stringContaining('Could you do Tuesday at 11:00?') });
  });
});

describe('general', () => {
  it('research brief: the editor returns a brief', async () => {
    const { run } = await runTemplate('tpl-general-research-brief', { topic: 'Globex', purpose: 'Prepare a sales call' }, ['editor', 'result']);
    expect(outputOf(run).result.confidence).toEqual(expect.any(String));
  });

  it('shared inbox triage: a new Gmail message becomes a helpdesk ticket, and an urgent unhappy one is posted to the queue’s Slack channel', async () => {
    answer(/triage a company's shared inbox/, { queue: 'billing', urgent: true, sentiment: 'negative', summary: 'Customer charged twice', draftReply: 'We are looking into it.' });
    const message = { id: 'm1', threadId: 't1', from: 'Angry Customer <angry@client.test>', to: 'support@agency.test', subject: 'Charged twice!', date: 'Thu, 26 Nov 2026 09:00:00 +0000', snippet: 'You charged', text: 'You charged my card twice.' };
    const { run } = await runTemplate('tpl-general-inbox-triage', message, ['classify', 'createTicket', 'alert', 'alerted']);
    expect(JSON.parse(w.own.find((r) => r.path === '/helpdesk/api/tickets')!.body)).toMatchObject({ queue: 'billing', subject: 'Charged twice!', priority: 'high' });
    const billing = [...w.slack.channels.values()].find((c) => c.name === 'billing')!;
    const alert = w.slack.messages.find((m) => m.ts === outputOf(run).alerted.slackMessage)!;
    expect(alert).toMatchObject({ channel: billing.id, text: ':rotating_light: Urgent billing e-mail from Angry Customer <angry@client.test>: Customer charged twice\nSubject: Charged twice!' });
  });

  it('shared inbox triage, started by its Gmail trigger: the first poll replays nothing, then one run per new message, never two', async () => {
    // The fake Gmail searches from:, to:, subject:, after:, before: and words, not in: or -category:, so this copy watches every message.
    const workflow = await w.copy('tpl-general-inbox-triage', (node) => (node.type === 'trigger.poll' ? { ...node, params: { ...node.params, params: {} } } : node));
    w.google.gmail.add({ from: 'Old <old@client.test>', to: 'support@agency.test', subject: 'Already read', internalDate: Date.now() - 60_000, text: 'History.' });
    // A poller on a clock of the test's own (the app's poller stopped, so it cannot hold the lease).
    w.h.app.runs.poller?.stop();
    let clock = new Date();
    const poller = new ConnectorPoller({ db: w.h.db, logger: w.h.app.runs.service.logger, service: w.h.app.runs.service, runtime: w.h.app.runs.connectors!.runtime, policy: ALLOW_LOCAL, instanceId: 'templates', now: () => clock });
    const runsOf = async () => (await w.h.db.collection('workflowRuns').where('workflowId', '==', workflow.id).get()).docs.map((doc) => decodeRun(doc)!);
    await poller.refresh();
    expect(await poller.check()).toBe(0);
    expect(await runsOf()).toEqual([]);

    w.google.gmail.add({ from: 'Angry Customer <angry@client.test>', to: 'support@agency.test', subject: 'Charged twice again!', internalDate: Date.now() + 1000, text: 'You charged my card twice.' });
    answer(/triage a company's shared inbox/, { queue: 'billing', urgent: true, sentiment: 'negative', summary: 'Charged twice again', draftReply: 'We are on it.' });
    clock = new Date(clock.getTime() + 6 * 60_000);
    expect(await poller.check()).toBe(1);
    const [started] = await runsOf();
    const run = await w.h.waitForRun(started!.id, ['succeeded', 'failed']);
    expect({ status: run.status, error: run.error, from: run.input.from, trigger: run.trigger.type }).toEqual({ status: 'succeeded', error: null, from: 'Angry Customer <angry@client.test>', trigger: 'poll' });
    expect(w.slack.messages.find((m) => m.ts === outputOf(run).alerted.slackMessage)!.text).toContain('Subject: Charged twice again!');

    clock = new Date(clock.getTime() + 6 * 60_000);
    expect(await poller.check()).toBe(0);
    expect(await runsOf()).toHaveLength(1);
  });
});

describe('knowledge and chat templates', () => {
  /** The owner's knowledge base (keyword search: no embedding credential) of these documents; markdown, form feeds between pages. */
  const knowledgeBase = (name: string, sources: { name: string; text: string }[]) =>
    seedKnowledgeBase(w.h.db, w.h.files.store.bucket, { ownerId: w.owner.uid, organizationId: null, name, embedding: null }, sources);
  /** The copy with the user's knowledge base picked in place of the template's placeholder (Knowledge steps and agents' tools). */
  const pick =
    (knowledgeBaseId: string) =>
    (node: WorkflowNode): WorkflowNode => {
      const p = node.params as Record<string, any>;
      const picked = (id: string) => (id === KNOWLEDGE_BASE_PLACEHOLDER ? knowledgeBaseId : id);
      if (node.type === 'knowledge') return { ...node, params: { ...p, knowledgeBaseId: picked(p.knowledgeBaseId) } };
      if (node.type === 'agent' && p.tools.knowledge) return { ...node, params: { ...p, tools: { ...p.tools, knowledge: p.tools.knowledge.map(picked) } } };
      return node;
    };
  /** A chat run's input (shared/src/domain/chat/memory.ts ChatRunInput): the visitor's message after one earlier exchange. */
  const chatInput = (message: string) => ({ message, history: [{ role: 'user', text: 'Hello' }, { role: 'assistant', text: 'Hi! How can I help?' }], summary: '', conversationId: 'conversation-1' });
  /** The agent whose role matches searches the knowledge base for `query`, then answers `text` only if the tool's result cites `label`. */
  const searchThenAnswer = (system: RegExp, query: string, label: string, text: string) =>
    w.model.script(
      { match: { system, afterToolResults: false, offersTool: KNOWLEDGE_TOOL_NAME }, reply: { toolCalls: [{ name: KNOWLEDGE_TOOL_NAME, arguments: { query } }] }, times: 1 },
      { match: { system, afterToolResults: true }, reply: (request) => ({ text: request.toolResults.at(-1)?.includes(label) ? text : 'NOT FOUND' }), times: 1 },
    );
  const lastUserOf = (system: string) => w.model.requests.filter((r) => r.system.includes(system)).at(-1)!.lastUser;

  it('listing assistant: the chat agent searches the listings, answers citing them with a viewing offer, and reads the conversation so far', async () => {
    const listings = await knowledgeBase('Listings', [{ name: 'Listing L-7.pdf', text: '# 3 Oak Lane\n\nBungalow, two bedrooms.\f# 3 Oak Lane\n\n## Garden\n\nThe level garden faces south.' }]);
    const text = 'Yes, the garden faces south [Listing L-7.pdf, p. 2]. Would you like to book a viewing?';
    searchThenAnswer(/website assistant of a residential estate agency/, 'garden south', 'Listing L-7.pdf, p. 2', text);
    const { run } = await runTemplate('tpl-real-estate-listing-assistant', chatInput('Does the garden of 3 Oak Lane face south?'), ['conversation', 'assistant', 'answer'], pick(listings.id));
    expect(outputOf(run).answer).toEqual({ answer: text });
    expect(run.steps.find((s) => s.parentStepId === 'assistant')).toMatchObject({ type: 'knowledge', status: 'succeeded', input: { knowledgeBaseId: listings.id, query: 'garden south' } });
    expect(lastUserOf('residential estate agency')).toBe('Conversation so far:\nVisitor: Hello\nAssistant: Hi! How can I help?\n\nVisitor: Does the garden of 3 Oak Lane face south?');
  });

  /** Publishes the copy as a chat app, asks `question` as a visitor of `origin`, and returns the stored answer once the run ended. */
  async function askPublished(workflow: Workflow, question: string) {
    const origin = 'https://agency.example';
    const app = await w.h.call('POST', CHAT_API.apps, { user: w.owner, body: { workflowId: workflow.id, allowedOrigins: [origin] } });
    expect(app.status).toBe(201);
    const opened = await visitorCall(w.h.baseUrl(), 'POST', CHAT_API.open(app.body.id), { origin, body: {} });
    expect(opened.status).toBe(201);
    const { conversationId, visitorToken } = opened.body as { conversationId: string; visitorToken: string };
    const sent = await visitorCall(w.h.baseUrl(), 'POST', CHAT_API.send(app.body.id, conversationId), { origin, body: { visitorToken, text: question } });
    expect(sent.status).toBe(202);
    const answered = await eventually(
      () => w.h.call('GET', CHAT_API.conversation(app.body.id, conversationId), { user: w.owner }),
      (read) => ['done', 'failed'].includes(read.body.messages?.[1]?.status),
    );
    return answered.body.messages[1];
  }

  const parking = { name: 'Listing L-9.pdf', text: '# 9 Ash Close\n\n## Parking\n\nTwo parking spaces come with the flat.' };
  const parkingAnswer = 'Two parking spaces come with it [Listing L-9.pdf — 9 Ash Close › Parking]. Shall I book you a viewing?';

  it('listing assistant, published as a chat app: a visitor asks through the chat API and gets the answer from the listings, the search shown as a tool call', async () => {
    const listings = await knowledgeBase('Listings for chat', [parking]);
    searchThenAnswer(/website assistant of a residential estate agency/, 'parking Ash Close', 'Listing L-9.pdf — 9 Ash Close › Parking', parkingAnswer);
    const answer = await askPublished(await w.copy('tpl-real-estate-listing-assistant', pick(listings.id)), 'Is there parking at 9 Ash Close?');
    expect(answer).toMatchObject({ status: 'done', text: parkingAnswer, toolCalls: [expect.objectContaining({ name: KNOWLEDGE_TOOL_NAME, status: 'done' })] });
  });

  // search_knowledge's result is its passages with their citations (the model reads them as numbered text),
  // so the chat answer stores where it came from.
  it('listing assistant, published as a chat app: the stored answer carries the citations of the passages it searched', async () => {
    const listings = await knowledgeBase('Listings for chat citations', [parking]);
    searchThenAnswer(/website assistant of a residential estate agency/, 'parking Ash Close', 'Listing L-9.pdf — 9 Ash Close › Parking', parkingAnswer);
    const answer = await askPublished(await w.copy('tpl-real-estate-listing-assistant', pick(listings.id)), 'Is there parking at 9 Ash Close?');
    expect(answer.citations).toEqual([expect.objectContaining({ knowledgeBaseId: listings.id, sourceName: 'Listing L-9.pdf' })]);
  });

  it('technician manual assistant: the chat agent answers from the service manual it searched, citing manual and page', async () => {
    const manuals = await knowledgeBase('Service manuals', [{ name: 'Boiler X200 manual.pdf', text: '# X200\n\nInstallation.\f# X200\n\n## Fault codes\n\nE41: low water pressure. Refill to 1.5 bar.' }]);
    const text = 'E41 means low water pressure: isolate the boiler, then refill to 1.5 bar [Boiler X200 manual.pdf, p. 2].';
    searchThenAnswer(/help field technicians diagnose and repair/, 'X200 E41', 'Boiler X200 manual.pdf, p. 2 — X200 › Fault codes', text);
    const { run } = await runTemplate('tpl-field-services-technician-manual-assistant', chatInput('X200 shows E41, what now?'), ['assistant', 'answer'], pick(manuals.id));
    expect(outputOf(run).answer).toEqual({ answer: text });
    expect(lastUserOf('field technicians')).toContain('Technician: X200 shows E41, what now?');
  });

  it('pricing-page lead qualifier: the Knowledge step puts the pricing passages in the prompt with their source, beside the conversation', async () => {
    const pricing = await knowledgeBase('Pricing', [{ name: 'Price list 2026', text: '# Plans\n\nThe Team plan costs 49 euros per seat and month, billed yearly.' }]);
    const text = 'The Team plan is 49 euros per seat and month [Price list 2026]. How many people would use it?';
    w.model.script({ match: { system: /pricing page/, user: /\[Price list 2026\] .*49 euros per seat/ }, reply: { text }, times: 1 });
    const { run } = await runTemplate('tpl-sales-pricing-page-lead-qualifier', chatInput('How much is the Team plan per seat?'), ['pricing', 'qualifier', 'answer'], pick(pricing.id));
    expect(outputOf(run).answer).toEqual({ answer: text });
    expect(lastUserOf('pricing page')).toContain('Conversation so far:\nVisitor: Hello\nAssistant: Hi! How can I help?\n\nVisitor: How much is the Team plan per seat?');
  });

  it('shipping-terms assistant: a Knowledge step retrieves the terms, the agent answers from them, and the output lists the sources', async () => {
    const terms = await knowledgeBase('Shipping terms', [{ name: 'General terms.pdf', text: '# Terms\n\nScope.\f# Terms\n\n## Claims\n\nDamage must be reported within seven days of delivery.' }]);
    const text = 'Report damage within seven days of delivery [General terms.pdf, p. 2].';
    w.model.script({ match: { system: /shipping terms and carrier contracts/, user: /\[General terms\.pdf, p\. 2\] .*seven days/ }, reply: { text }, times: 1 });
    const { run } = await runTemplate('tpl-logistics-shipping-terms-assistant', { question: 'How long do we have to report damage?', shipment: 'Pallet, road' }, ['terms', 'advisor', 'answer'], pick(terms.id));
    expect(outputOf(run).answer.answer).toBe(text);
    expect(outputOf(run).answer.sources[0]).toMatchObject({ knowledgeBaseId: terms.id, sourceName: 'General terms.pdf', page: 2 });
  });
});

it('ran every template', () => {
  expect([...ran].sort()).toEqual(WORKFLOW_TEMPLATES.map((t) => t.id).sort());
});
