// Field services templates: turn a service request into a work order (the
// on-call technician paged by SMS), pick and dispatch the right technician
// (told by SMS), and write up the visit afterwards. The field service
// management system (FSM), maps and document service are the company's own:
// HTTP; texts go through Twilio.
import type { Workflow } from '../model.js';
import { agent, app, approval, at, bool, CHAT_TRANSCRIPT, chatTrigger, condition, flow, http, KNOWLEDGE_BASE_PLACEHOLDER, list, manualTrigger, num, objectSchema, oneOf, optionalField, output, post, put, requiredField, str, template, transform, webhookTrigger } from './build.js';

/** The on-call phone the emergency SMS goes to (a fictional number: set yours after copying). */
const ON_CALL_PHONE = '+15555550100';

const workOrderIntake = template({
  id: 'tpl-field-services-work-order-intake',
  name: 'Work-order intake',
  description:
    'Reads a service request from your portal or inbox, classifies the trade, urgency and required skills, spots safety risks and missing information, and creates the work order. Emergencies page the on-call technician by SMS (Twilio) straight away.',
  category: 'automation',
  industry: 'field-services',
  tags: ['work order', 'intake', 'triage', 'on-call', 'SMS', 'Twilio', 'HVAC', 'plumbing'],
  nodes: [
    webhookTrigger('trigger', 'Service request', at(0), 'service-request'),
    agent('intake', at(1), {
      name: 'Intake coordinator',
      role:
        'You are the intake coordinator of a field service company (HVAC, plumbing, electrical, appliances). From a customer\'s request you classify the job and its urgency. ' +
        'Emergency: gas smell, water leak that cannot be stopped, no heat below 5 °C outside, exposed live wiring, a medical dependency on the equipment. Urgent: the equipment is down but the situation is safe. Routine: maintenance, noise, quotes. ' +
        'List any information the technician needs that is missing (model number, access instructions, photos).',
      promptTemplate:
        'Service request from {{ input.customerName }} ({{ input.phone }}) at {{ input.address }}:\n\n{{ input.description }}\n\nEquipment (if given): {{ input.equipment }}',
      answer: {
        trade: oneOf('Trade', ['hvac', 'plumbing', 'electrical', 'appliance', 'general']),
        urgency: oneOf('Urgency', ['emergency', 'urgent', 'routine']),
        safetyRisk: bool('Whether there is a risk to people or property right now'),
        safetyAdvice: str('What the customer should do until the technician arrives; empty if nothing'),
        requiredSkills: list('Skills or certifications needed, e.g. gas-safe, refrigerant handling'),
        estimatedHours: num('Estimated time on site in hours', 0),
        summary: str('One-line job summary for the work order'),
        missingInfo: list('Information to ask the customer for'),
      },
    }),
    transform(
      'workOrder',
      'Build work order',
      at(2),
      '{"customer": input.customerName, "phone": input.phone, "address": input.address, "trade": intake.trade, "priority": intake.urgency, "skills": intake.requiredSkills, "estimatedHours": intake.estimatedHours, "summary": intake.summary, "description": input.description, "openQuestions": intake.missingInfo}',
    ),
    post('createOrder', 'Create work order', at(3), 'https://fsm.example.com/api/work-orders', '{{ $string(workOrder) }}'),
    condition('isEmergency', 'Emergency or safety risk?', at(4), 'intake.urgency = "emergency" or intake.safetyRisk = true'),
    app('pageOnCall', 'Page on-call technician by SMS', at(5, -0.5), 'twilio', 'sendSms', {
      to: ON_CALL_PHONE,
      body:
        'EMERGENCY ({{ intake.trade }}): {{ intake.summary }} at {{ input.address }}. Customer {{ input.customerName }}, {{ input.phone }}. ' +
        '{{ intake.safetyRisk ? "Safety risk: " & intake.safetyAdvice : "" }} Work order {{ createOrder.body.id }}.',
    }),
    output('emergency', 'On-call paged', at(6, -0.5), '{"urgency": intake.urgency, "safetyAdvice": intake.safetyAdvice, "workOrder": createOrder, "sms": pageOnCall.sid}'),
    output('queued', 'Queued for dispatch', at(5, 0.5), '{"urgency": intake.urgency, "missingInfo": intake.missingInfo, "workOrder": createOrder}'),
  ],
  edges: flow(['trigger', 'intake', 'workOrder', 'createOrder', 'isEmergency'], { true: ['pageOnCall', 'emergency'], false: ['queued'] }),
});

const technicianDispatch = template({
  id: 'tpl-field-services-technician-dispatch',
  name: 'Technician dispatch',
  description:
    'A dispatch planner works with a routing specialist and a parts specialist to pick the technician with the right skills, the shortest drive and the parts on the van. A dispatcher confirms before the job is assigned and the technician gets the job by SMS; if parts are missing, a parts order is raised first.',
  category: 'ai',
  industry: 'field-services',
  tags: ['dispatch', 'scheduling', 'multi-agent', 'routing', 'parts', 'SMS', 'Twilio'],
  nodes: [
    manualTrigger('trigger', 'Work order', at(0), [
      requiredField('workOrderId', 'Work order'),
      requiredField('address', 'Site address'),
      requiredField('requiredSkills', 'Required skills (comma separated)'),
      requiredField('priority', 'Priority (emergency, urgent, routine)'),
      optionalField('customerWindow', 'Customer availability', 'text'),
    ]),
    http('technicians', 'Fetch technicians on shift', at(1), { method: 'GET', url: 'https://fsm.example.com/api/technicians?onShift=true' }),
    agent('plan', at(2), {
      name: 'Dispatch planner',
      role:
        'You are a senior dispatcher. Pick one technician for the job: they must hold every required skill and certification; then prefer the shortest travel time, then the lightest remaining workload today. ' +
        'Ask the routing specialist for travel times from each candidate\'s current location and the parts specialist whether the parts are on the candidate\'s van. Emergencies may bump routine jobs; say which.',
      promptTemplate:
        'Work order {{ input.workOrderId }} at {{ input.address }}, priority {{ input.priority }}.\nRequired skills: {{ input.requiredSkills }}\nCustomer availability: {{ input.customerWindow }}\n\nTechnicians on shift:\n{{ $string(technicians.body) }}',
      answer: {
        technicianId: str('Chosen technician id'),
        technicianName: str('Chosen technician name'),
        technicianPhone: str('Chosen technician\'s mobile number from the technician list, in international format (+ country code and number)'),
        arrivalWindowStart: str('ISO 8601 start of the arrival window'),
        arrivalWindowEnd: str('ISO 8601 end of the arrival window'),
        travelMinutes: num('Drive time in minutes', 0),
        partsReady: bool('Whether all parts are on the technician\'s van'),
        missingParts: list('Parts to order before the visit'),
        rationale: str('Why this technician, in two sentences'),
      },
      tools: { delegates: ['routing', 'parts'] },
    }),
    agent('routing', at(2, 1.5), {
      name: 'Routing specialist',
      role: 'You estimate drive times for field technicians from their current position to a job site, taking the time of day into account, and say which candidates can make the customer\'s window.',
      promptTemplate: 'Estimate the drive time from each candidate technician to {{ input.address }}.',
      answer: { estimates: list('Drive time per technician', objectSchema({ technicianId: str('Technician id'), minutes: num('Drive time in minutes', 0) })) },
      tools: {
        http: [{ name: 'get_travel_time', description: 'Returns the driving time in minutes between two addresses at the current time.', method: 'GET', url: 'https://maps.example.com/api/travel-time' }],
      },
    }),
    agent('parts', at(3, 1.5), {
      name: 'Parts specialist',
      role: 'You manage van stock for field technicians. For a job you list the parts it will probably need from the job description and check each candidate\'s van inventory.',
      promptTemplate: 'Which parts will work order {{ input.workOrderId }} need (skills: {{ input.requiredSkills }}), and which candidate vans carry them?',
      answer: {
        likelyParts: list('Parts the job will probably need'),
        vans: list('Stock per technician', objectSchema({ technicianId: str('Technician id'), missing: list('Parts not on the van') })),
      },
      tools: {
        http: [{ name: 'get_van_stock', description: 'Returns the current inventory of a technician\'s van.', method: 'GET', url: 'https://fsm.example.com/api/van-stock' }],
      },
    }),
    condition('partsReady', 'Parts on the van?', at(3), 'plan.partsReady = true'),
    approval(
      'dispatcherCheck',
      'Dispatcher confirmation',
      at(4, -0.5),
      ['dispatcher'],
      'Confirm the technician and arrival window before the job is assigned and the customer is told.',
    ),
    post('assign', 'Assign technician', at(5, -0.5), 'https://fsm.example.com/api/work-orders/{{ input.workOrderId }}/assignment', '{"technicianId": "{{ plan.technicianId }}", "windowStart": "{{ plan.arrivalWindowStart }}", "windowEnd": "{{ plan.arrivalWindowEnd }}" }'),
    app('textTechnician', 'Text the technician', at(6, -0.5), 'twilio', 'sendSms', {
      to: '{{ plan.technicianPhone }}',
      body: 'New job {{ input.workOrderId }} ({{ input.priority }}) at {{ input.address }}. Arrive between {{ plan.arrivalWindowStart }} and {{ plan.arrivalWindowEnd }}. Skills: {{ input.requiredSkills }}.',
    }),
    output('dispatched', 'Dispatched', at(7, -0.5), '{"technician": plan.technicianName, "arrivalWindowStart": plan.arrivalWindowStart, "arrivalWindowEnd": plan.arrivalWindowEnd, "travelMinutes": plan.travelMinutes, "sms": textTechnician.sid}'),
    post('orderParts', 'Order missing parts', at(4, 0.5), 'https://fsm.example.com/api/parts-requests', '{"workOrderId": "{{ input.workOrderId }}", "technicianId": "{{ plan.technicianId }}", "parts": {{ $string(plan.missingParts) }} }'),
    output('awaitingParts', 'Awaiting parts', at(5, 0.5), '{"technician": plan.technicianName, "missingParts": plan.missingParts, "partsRequest": orderParts}'),
  ],
  edges: flow(['trigger', 'technicians', 'plan', 'partsReady'], { true: ['dispatcherCheck', 'assign', 'textTechnician', 'dispatched'], false: ['orderParts', 'awaitingParts'] }),
});

const postVisitReport = template({
  id: 'tpl-field-services-post-visit-report',
  name: 'Post-visit report',
  description:
    'Turns a technician\'s quick notes into a customer-friendly visit report and an internal record with invoice lines. If the job needs a return visit, a follow-up work order is created automatically.',
  category: 'productivity',
  industry: 'field-services',
  tags: ['visit report', 'job completion', 'invoicing', 'follow-up'],
  nodes: [
    manualTrigger('trigger', 'Visit notes', at(0), [
      requiredField('workOrderId', 'Work order'),
      requiredField('technicianName', 'Technician'),
      requiredField('notes', 'What you found and did', 'text'),
      optionalField('partsUsed', 'Parts used', 'text'),
      requiredField('hoursOnSite', 'Hours on site', 'number'),
      requiredField('customerSignedOff', 'Customer signed off', 'boolean'),
    ]),
    agent('report', at(1), {
      name: 'Visit report writer',
      role:
        'You write up field service visits. The customer summary is plain language: what was wrong, what was done, anything they should watch for. ' +
        'The internal notes are technical and precise (readings, part numbers, root cause). A return visit is required when the fault is not fully fixed, a part was ordered, or the customer did not sign off.',
      promptTemplate:
        'Work order {{ input.workOrderId }}, technician {{ input.technicianName }}, {{ input.hoursOnSite }} hours on site. Customer signed off: {{ input.customerSignedOff ? "yes" : "no" }}.\n\nNotes:\n{{ input.notes }}\n\nParts used:\n{{ input.partsUsed }}',
      answer: {
        customerSummary: str('Report for the customer, under 120 words'),
        internalNotes: str('Technical notes for the service history'),
        invoiceLines: list('Labour and parts to invoice', objectSchema({ description: str('Line description'), quantity: num('Quantity', 0), unit: str('hours, pcs, ...') })),
        followUpRequired: bool('Whether a return visit is needed'),
        followUpReason: str('Why a return visit is needed; empty if not'),
      },
    }),
    put('saveReport', 'Save report on work order', at(2), 'https://fsm.example.com/api/work-orders/{{ input.workOrderId }}/report', '{{ $string(report) }}'),
    condition('needsReturn', 'Return visit needed?', at(3), 'report.followUpRequired = true'),
    post('followUp', 'Create follow-up work order', at(4, -0.5), 'https://fsm.example.com/api/work-orders', '{"parentId": "{{ input.workOrderId }}", "priority": "urgent", "summary": {{ $string("Return visit: " & report.followUpReason) }} }'),
    output('returnBooked', 'Follow-up created', at(5, -0.5), '{"customerSummary": report.customerSummary, "followUp": followUp}'),
    output('closed', 'Job complete', at(4, 0.5), '{"customerSummary": report.customerSummary, "invoiceLines": report.invoiceLines}'),
  ],
  edges: flow(['trigger', 'report', 'saveReport', 'needsReturn'], { true: ['followUp', 'returnBooked'], false: ['closed'] }),
});

const siteInspection = template({
  id: 'tpl-field-services-site-inspection',
  name: 'Site inspection with photo and checklist',
  description:
    "A technician's phone form posts the site photo and the signed inspection checklist (PDF). An inspector agent reads the checklist, decides pass or fail and lists the findings; the document service then renders the inspection certificate with the photo, and the certificate PDF is kept with the run for the customer.",
  category: 'automation',
  industry: 'field-services',
  tags: ['inspection', 'photos', 'checklist', 'certificate', 'files', 'compliance'],
  nodes: [
    // multipart/form-data: siteName, technicianName, photo (image), checklist (PDF).
    webhookTrigger('trigger', 'Inspection upload', at(0), 'site-inspection'),
    agent('inspector', at(1), {
      name: 'Inspection reviewer',
      role:
        'You review field inspection checklists (gas, electrical, fire safety, HVAC). Read the attached checklist. An inspection fails when any safety item is marked failed or missing, ' +
        'when a reading is out of its stated range, or when the technician did not sign. List each finding with its checklist item.',
      promptTemplate:
        'Inspection of {{ input.siteName }} by {{ input.technicianName }}. Site photo: {{ input.photo.name }}. Review the attached checklist and decide whether the site passes.',
      files: ['{{ input.checklist }}'],
      answer: {
        passed: bool('Whether the site passes the inspection'),
        findings: list('Each finding, with the checklist item it concerns'),
        summary: str('Two sentences for the certificate'),
      },
    }),
    http('certificate', 'Render inspection certificate', at(2), {
      method: 'POST',
      url: 'https://docs.example.com/api/certificates',
      headers: {},
      bodyKind: 'multipart',
      file: '{{ input.photo }}',
      fileField: 'photo',
      formFields: { site: '{{ input.siteName }}', technician: '{{ input.technicianName }}', passed: '{{ inspector.passed }}', summary: '{{ inspector.summary }}' },
      saveResponse: 'binary',
    }),
    output('done', 'Inspection filed', at(3), '{"passed": inspector.passed, "findings": inspector.findings, "certificate": certificate.file, "photo": input.photo}'),
  ],
  edges: flow(['trigger', 'inspector', 'certificate', 'done']),
});

/** A chat assistant for technicians in the field: answers from the service manuals' knowledge base (search_knowledge). */
const manualAssistant = template({
  id: 'tpl-field-services-technician-manual-assistant',
  name: 'Technician manual assistant',
  description:
    'A chat assistant for your technicians on site: it searches your service manuals (installation guides, fault-code tables, maintenance procedures) for the equipment in front of them, answers step by step with the safety precautions first, cites manual and page, and says so when the manuals do not cover it. ' +
    'After copying, pick your knowledge base of service manuals in the assistant\'s settings and publish the workflow as a chat app.',
  category: 'ai',
  industry: 'field-services',
  tags: ['chat assistant', 'knowledge base', 'service manual', 'fault codes', 'HVAC'],
  nodes: [
    chatTrigger('trigger', 'Technician question', at(0)),
    transform('conversation', 'Conversation so far', at(1), CHAT_TRANSCRIPT),
    agent('assistant', at(2), {
      name: 'Service manual assistant',
      role:
        'You help field technicians diagnose and repair equipment on site. Search the service manuals with the search_knowledge tool (model, fault code, symptom) before you answer, and answer only from what they say: numbered steps, exact values (pressures, torques, part numbers) as the manual gives them, and its safety precautions (isolation, lockout, protective equipment) before the first step. ' +
        'Ask for the model or fault code when the question does not name it. Never guess a value: when the manuals do not give it, tell the technician to call the senior technician or the manufacturer. ' +
        'Cite the sources you used after each fact, with the label the search gives (document, page, section). If the documents do not answer the question, say so plainly and suggest who can help; never invent facts, figures or promises. ' +
        'Answer in the language the technician writes in.',
      promptTemplate: 'Conversation so far:\n{{ conversation }}\n\nTechnician: {{ input.message }}',
      tools: { knowledge: [KNOWLEDGE_BASE_PLACEHOLDER] },
    }),
    output('answer', 'Answer', at(3), '{"answer": assistant}'),
  ],
  edges: flow(['trigger', 'conversation', 'assistant', 'answer']),
});

export const FIELD_SERVICES_TEMPLATES: Workflow[] = [workOrderIntake, technicianDispatch, postVisitReport, siteInspection, manualAssistant];
