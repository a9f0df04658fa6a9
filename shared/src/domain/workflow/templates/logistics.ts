// Logistics templates: triage shipment delays with a team of agents (the
// operations desk alerted in Microsoft Teams), tell customers about a delay
// by e-mail, and audit carrier invoices against the rate card. The TMS, the
// order system and the tracking API are the company's own systems: HTTP.
import type { Workflow } from '../model.js';
import { agent, app, approval, at, bool, condition, flow, http, knowledgeSearch, list, manualTrigger, num, objectSchema, oneOf, optionalField, output, post, requiredField, str, template, webhookTrigger } from './build.js';

const delayTriage = template({
  id: 'tpl-logistics-shipment-delay-triage',
  name: 'Shipment delay triage',
  description:
    'When a carrier reports an exception, a triage supervisor asks an ETA specialist for a realistic new arrival time and a customer-impact specialist which orders and SLAs are affected, then rates the severity. High-severity delays alert the operations desk in Microsoft Teams; the others are logged on the shipment in your TMS.',
  category: 'ai',
  industry: 'logistics',
  tags: ['shipment delay', 'exception management', 'multi-agent', 'ETA', 'SLA', 'Microsoft Teams'],
  nodes: [
    webhookTrigger('trigger', 'Carrier exception event', at(0), 'carrier-exception'),
    agent('triage', at(1), {
      name: 'Delay triage supervisor',
      role:
        'You are the shift lead on a logistics control tower. For every carrier exception you decide how serious it is. ' +
        'Ask the ETA specialist for a realistic new arrival time and the customer-impact specialist which orders, customers and SLAs are affected; then decide. ' +
        'Severity is high when a contractual SLA will be missed, perishable or medical goods are involved, or the delay exceeds 48 hours; medium when a customer promise date is missed; otherwise low.',
      promptTemplate:
        'Carrier exception:\nShipment: {{ input.shipmentId }}\nCarrier: {{ input.carrier }}\nStatus code: {{ input.statusCode }}\nDescription: {{ input.description }}\nLast known location: {{ input.location }}\nOriginal ETA: {{ input.originalEta }}\n\n' +
        'Consult your specialists, then give your triage decision.',
      answer: {
        severity: oneOf('Severity of the delay', ['low', 'medium', 'high']),
        newEta: str('Best estimate of the new arrival, ISO 8601'),
        delayHours: num('Expected delay in hours', 0),
        rootCause: str('Most likely cause in one sentence'),
        affectedOrders: list('Order numbers affected'),
        notifyCustomers: bool('Whether customers should be told now'),
        recommendedAction: str('What the operations desk should do next'),
      },
      tools: { delegates: ['etaSpecialist', 'impactSpecialist'] },
    }),
    agent('etaSpecialist', at(1, 1.5), {
      name: 'ETA specialist',
      role:
        'You estimate realistic arrival times for delayed shipments. Use the tracking tool for the latest scans, account for carrier cut-off times, weekends and the typical recovery time of the exception type. ' +
        'Give a best estimate and a confidence, never a range wider than 24 hours without saying why.',
      promptTemplate: 'Estimate the new ETA for shipment {{ input.shipmentId }} with carrier {{ input.carrier }} after exception "{{ input.description }}" (original ETA {{ input.originalEta }}).',
      answer: { newEta: str('ISO 8601 arrival estimate'), confidence: oneOf('Confidence in the estimate', ['low', 'medium', 'high']), reasoning: str('Short explanation') },
      tools: {
        http: [
          {
            name: 'get_tracking',
            description: 'Returns all tracking scans for the delayed shipment, newest first.',
            method: 'GET',
            url: 'https://tracking.example.com/api/shipments/{{ input.shipmentId }}/events',
          },
        ],
      },
    }),
    agent('impactSpecialist', at(2, 1.5), {
      name: 'Customer impact specialist',
      role:
        'You work in customer operations. Given a delayed shipment you find the customer orders on it, their promised delivery dates and any contractual SLA or penalty, and say who is affected and how badly.',
      promptTemplate: 'Which orders and customers are affected by the delay of shipment {{ input.shipmentId }}, and which promises or SLAs will be missed?',
      answer: {
        affectedOrders: list('Order numbers on the shipment'),
        slaBreached: bool('Whether a contractual SLA will be missed'),
        keyAccounts: list('Key accounts affected'),
        notes: str('Anything the supervisor should know'),
      },
      tools: {
        http: [
          {
            name: 'get_orders_for_shipment',
            description: 'Lists the customer orders loaded on the delayed shipment with promised delivery dates and SLA terms.',
            method: 'GET',
            url: 'https://oms.example.com/api/shipments/{{ input.shipmentId }}/orders',
          },
        ],
      },
    }),
    condition('isHigh', 'High severity?', at(2), 'triage.severity = "high"'),
    app('alertOps', 'Alert the operations desk', at(3, -0.5), 'teams', 'postMessage', {
      title: 'P1 delay: shipment {{ input.shipmentId }} ({{ input.carrier }})',
      text:
        '**New ETA:** {{ triage.newEta }} ({{ triage.delayHours }} hours late)\n\n**Cause:** {{ triage.rootCause }}\n\n**Affected orders:** {{ $join(triage.affectedOrders, ", ") }}\n\n' +
        '**Customers to notify now:** {{ triage.notifyCustomers ? "yes" : "no" }}\n\n**Next action:** {{ triage.recommendedAction }}',
    }),
    output('escalated', 'Escalated', at(4, -0.5), '{"severity": triage.severity, "newEta": triage.newEta, "opsAlerted": alertOps.delivered, "notifyCustomers": triage.notifyCustomers}'),
    post('logDelay', 'Log on shipment', at(3, 0.5), 'https://tms.example.com/api/shipments/{{ input.shipmentId }}/notes', '{"severity": "{{ triage.severity }}", "newEta": "{{ triage.newEta }}", "note": {{ $string(triage.rootCause) }} }'),
    output('logged', 'Logged', at(4, 0.5), '{"severity": triage.severity, "newEta": triage.newEta, "notifyCustomers": triage.notifyCustomers}'),
  ],
  edges: flow(['trigger', 'triage', 'isHigh'], { true: ['alertOps', 'escalated'], false: ['logDelay', 'logged'] }),
});

const customerNotice = template({
  id: 'tpl-logistics-delay-customer-notice',
  name: 'Delay notice to customer',
  description:
    'Drafts an honest, apologetic delay notice in the customer\'s language with the new delivery date and what you are doing about it. A customer service lead approves the wording before it is e-mailed through your mail server (SMTP).',
  category: 'communication',
  industry: 'logistics',
  tags: ['customer notice', 'delay', 'e-mail', 'SMTP', 'approval'],
  nodes: [
    manualTrigger('trigger', 'Delay details', at(0), [
      requiredField('orderId', 'Order number'),
      requiredField('customerName', 'Customer name'),
      requiredField('customerEmail', 'Customer e-mail'),
      requiredField('originalDate', 'Promised delivery date'),
      requiredField('newDate', 'New delivery date'),
      requiredField('reason', 'Reason for the delay', 'text'),
      optionalField('language', 'Language (e.g. English, Deutsch)'),
      optionalField('offerCompensation', 'Offer shipping refund', 'boolean'),
    ]),
    agent('notice', at(1), {
      name: 'Customer notice writer',
      role:
        'You write delay notices for a logistics company\'s customer service team. Be honest and specific: apologise once, give the new date, explain the reason in plain words without blaming the customer or naming internal systems, ' +
        'say what we are doing to get the goods there, and tell them how to reach us. No more than 150 words. Only mention a refund when it is offered.',
      promptTemplate:
        'Write a delay notice in {{ input.language ? input.language : "English" }}.\nCustomer: {{ input.customerName }}\nOrder: {{ input.orderId }}\nPromised date: {{ input.originalDate }}\nNew date: {{ input.newDate }}\nReason: {{ input.reason }}\nOffer a shipping refund: {{ input.offerCompensation ? "yes" : "no" }}',
      answer: { subject: str('E-mail subject'), body: str('E-mail body in plain text') },
    }),
    approval('review', 'Customer service approval', at(2), ['customer_service_lead'], 'Check the delay notice before it is sent to the customer: the dates, the reason and any refund promise.'),
    app('send', 'E-mail the customer', at(3), 'email', 'sendEmail', { to: '{{ input.customerEmail }}', subject: '{{ notice.subject }}', body: '{{ notice.body }}' }),
    output('result', 'Notice sent', at(4), '{"orderId": input.orderId, "to": input.customerEmail, "subject": notice.subject, "messageId": send.messageId}'),
  ],
  edges: flow(['trigger', 'notice', 'review', 'send', 'result']),
});

const invoiceCheck = template({
  id: 'tpl-logistics-carrier-invoice-check',
  name: 'Carrier invoice check',
  description:
    'Checks each carrier invoice line against the contracted rate card (base rate, fuel surcharge, accessorials). Invoices within tolerance are approved for payment; discrepancies over 50 are sent to finance to approve a dispute.',
  category: 'automation',
  industry: 'logistics',
  tags: ['freight audit', 'carrier invoice', 'rate card', 'accounts payable'],
  nodes: [
    webhookTrigger('trigger', 'Invoice received', at(0), 'carrier-invoice'),
    http('rates', 'Fetch rate card', at(1), { method: 'GET', url: 'https://tms.example.com/api/carriers/{{ input.carrierId }}/rate-card' }),
    agent('audit', at(2), {
      name: 'Freight invoice auditor',
      role:
        'You are a freight audit specialist. Compare every invoice line with the contracted rate card: lane base rate, weight or pallet breaks, fuel surcharge percentage for the invoice week, and accessorials (liftgate, waiting time, residential delivery). ' +
        'Flag duplicates, charges not in the contract, and arithmetic errors. Report amounts in the invoice currency.',
      promptTemplate:
        'Invoice {{ input.invoiceNumber }} from carrier {{ input.carrierId }}, total {{ input.total }} {{ input.currency }}.\nLines:\n{{ $string(input.lines) }}\n\nContracted rate card:\n{{ $string(rates.body) }}',
      answer: {
        expectedTotal: num('What the invoice should total under the contract'),
        discrepancyTotal: num('Overcharge in the invoice currency; 0 when it matches', 0),
        findings: list('Problems found', objectSchema({ line: str('Invoice line reference'), issue: str('What is wrong'), amount: num('Amount in dispute') })),
        verdict: oneOf('Overall verdict', ['pay', 'dispute']),
      },
    }),
    condition('overTolerance', 'Overcharge above 50?', at(3), 'audit.discrepancyTotal > 50'),
    approval('financeApproval', 'Finance approval', at(4, -0.5), ['finance_manager'], 'The carrier invoice does not match the contract. Review the findings and approve sending a dispute to the carrier.'),
    post('dispute', 'Send dispute', at(5, -0.5), 'https://tms.example.com/api/carriers/{{ input.carrierId }}/disputes', '{"invoiceNumber": "{{ input.invoiceNumber }}", "findings": {{ $string(audit.findings) }}, "amount": {{ audit.discrepancyTotal }} }'),
    output('disputed', 'Disputed', at(6, -0.5), '{"invoiceNumber": input.invoiceNumber, "verdict": "dispute", "discrepancyTotal": audit.discrepancyTotal, "findings": audit.findings}'),
    post('approvePayment', 'Approve for payment', at(4, 0.5), 'https://erp.example.com/api/payables/{{ input.invoiceNumber }}/approve', '{"approvedAmount": {{ input.total }}, "note": "Matched rate card" }'),
    output('paid', 'Approved', at(5, 0.5), '{"invoiceNumber": input.invoiceNumber, "verdict": "pay", "discrepancyTotal": audit.discrepancyTotal}'),
  ],
  edges: flow(['trigger', 'rates', 'audit', 'overTolerance'], { true: ['financeApproval', 'dispute', 'disputed'], false: ['approvePayment', 'paid'] }),
});

/** Answers a question about the shipping terms from the passages a Knowledge step retrieves, citing them. */
const termsAssistant = template({
  id: 'tpl-logistics-shipping-terms-assistant',
  name: 'Shipping-terms assistant',
  description:
    'Answers a question about your shipping terms (liability limits, claim deadlines, surcharges, delivery windows, Incoterms) from your terms and conditions and carrier contracts: a Knowledge step retrieves the relevant passages and an agent answers citing them, or says the documents do not cover it. ' +
    'After copying, pick your knowledge base in the Knowledge step.',
  category: 'ai',
  industry: 'logistics',
  tags: ['knowledge base', 'shipping terms', 'claims', 'carrier contracts'],
  nodes: [
    manualTrigger('trigger', 'Question', at(0), [requiredField('question', 'Question about the shipping terms', 'text'), optionalField('shipment', 'Shipment details (route, goods, weight, service)', 'text')]),
    knowledgeSearch('terms', 'Search shipping terms', at(1), 'input.question'),
    agent('advisor', at(2), {
      name: 'Shipping-terms advisor',
      role:
        'You answer questions from customers and colleagues about a logistics company\'s shipping terms and carrier contracts. Answer only from the passages you are given, applied to the shipment details when there are any; quote limits, deadlines and amounts exactly as the passages state them. ' +
        'After each statement cite the passage it comes from by its label in brackets. If the passages do not answer the question, say so plainly and name what is missing; never invent terms, figures or exceptions. Answer in the language of the question.',
      promptTemplate: 'Question: {{ input.question }}\nShipment: {{ input.shipment }}\n\nPassages from the shipping terms:\n{{ $join(terms.passages.("[" & citation.sourceName & (citation.page ? ", p. " & citation.page : "") & "] " & text), "\\n\\n") }}',
    }),
    output('answer', 'Answer with sources', at(3), '{"answer": advisor, "sources": [terms.passages.citation]}'),
  ],
  edges: flow(['trigger', 'terms', 'advisor', 'answer']),
});

export const LOGISTICS_TEMPLATES: Workflow[] = [delayTriage, customerNotice, invoiceCheck, termsAssistant];
