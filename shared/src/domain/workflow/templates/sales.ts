// Sales templates: qualify inbound leads into HubSpot with a Slack alert,
// draft follow-ups, keep HubSpot deals current from meeting notes, and a
// weekly pipeline review posted to Slack.
import { HUBSPOT_DEAL_STAGES } from '../../connectors/hubspot/declaration.js';
import type { Workflow } from '../model.js';
import { agent, app, approval, at, CHAT_TRANSCRIPT, chatTrigger, condition, flow, KNOWLEDGE_BASE_PLACEHOLDER, knowledgeSearch, list, manualTrigger, num, objectSchema, oneOf, optionalField, output, requiredField, scheduleTrigger, str, template, transform, webhookTrigger } from './build.js';

/** The Slack channel the sales alerts and reviews go to (change it after copying). */
const SALES_CHANNEL = '#sales';

const leadQualification = template({
  id: 'tpl-sales-lead-qualification',
  name: 'Inbound lead qualification',
  description:
    'Scores every inbound lead from your web form against your ideal customer profile (budget, authority, need, timing). Hot leads become a HubSpot deal and an alert in the sales channel on Slack; the rest are added to HubSpot as contacts for the nurture sequence.',
  category: 'ai',
  industry: 'sales',
  tags: ['lead scoring', 'BANT', 'HubSpot', 'Slack', 'inbound', 'web form'],
  nodes: [
    webhookTrigger('trigger', 'Web form lead', at(0), 'inbound-lead'),
    transform(
      'lead',
      'Normalise lead',
      at(1),
      '{"name": input.name, "email": $lowercase($trim(input.email)), "company": input.company, "jobTitle": input.jobTitle, "employees": input.employees, "message": input.message, "source": input.utmSource ? input.utmSource : "website"}',
    ),
    agent('qualify', at(2), {
      name: 'Lead qualifier',
      role:
        'You are a sales development representative for a B2B company. You qualify inbound leads with BANT (budget, authority, need, timing). ' +
        'Our ideal customer has 50 to 5,000 employees, a named operational problem, and a decision maker or an influencer on the call. ' +
        'Be strict: a vague message from a personal e-mail address is not a hot lead. Never invent facts about the company; if you cannot tell, say so in the reasons.',
      promptTemplate:
        'Qualify this inbound lead.\n\nName: {{ lead.name }}\nJob title: {{ lead.jobTitle }}\nCompany: {{ lead.company }}\nEmployees: {{ lead.employees }}\nE-mail: {{ lead.email }}\nSource: {{ lead.source }}\nTheir message:\n{{ lead.message }}\n\n' +
        'Use the company lookup tool if the company size or industry is unclear. Score from 0 to 100, where 70 or more means an account executive should call within one business day.',
      answer: {
        score: num('Fit and intent score, 0 to 100', 0, 100),
        tier: oneOf('hot: call today, warm: nurture with a human touch, cold: automated nurture', ['hot', 'warm', 'cold']),
        budget: str('What we know about budget, or "unknown"'),
        authority: str('Their role in the buying decision'),
        need: str('The problem they want solved, in one sentence'),
        timing: str('When they want to buy, or "unknown"'),
        reasons: list('Two to four short reasons for the score'),
        nextStep: str('The single next action for the sales team'),
      },
      tools: {
        http: [
          {
            name: 'lookup_company',
            description: 'Looks up the lead\'s company by its e-mail domain and returns industry, employee count and country.',
            method: 'GET',
            url: 'https://enrichment.example.com/v1/companies?domain={{ $substringAfter(lead.email, "@") }}',
          },
        ],
      },
    }),
    condition('isHot', 'Score 70 or more?', at(3), 'qualify.score >= 70'),
    app('createDeal', 'Create HubSpot deal', at(4, -0.5), 'hubspot', 'createDeal', {
      dealname: '{{ lead.company }} - inbound',
      dealstage: 'qualifiedtobuy',
      properties: {
        description:
          'Inbound lead {{ lead.name }} ({{ lead.jobTitle }}) <{{ lead.email }}>, source {{ lead.source }}. Score {{ qualify.score }}/100 ({{ qualify.tier }}).\n' +
          'Budget: {{ qualify.budget }}. Authority: {{ qualify.authority }}. Need: {{ qualify.need }}. Timing: {{ qualify.timing }}.\nReasons: {{ $join(qualify.reasons, "; ") }}\nNext step: {{ qualify.nextStep }}',
      },
    }),
    app('alert', 'Alert the sales channel', at(5, -0.5), 'slack', 'postMessage', {
      channel: SALES_CHANNEL,
      text: ':fire: Hot inbound lead: *{{ lead.name }}* ({{ lead.jobTitle }}) at *{{ lead.company }}*, score {{ qualify.score }}/100.\nNeed: {{ qualify.need }}\nNext step: {{ qualify.nextStep }}\nHubSpot deal {{ createDeal.id }}',
    }),
    output('hotResult', 'Deal created', at(6, -0.5), '{"tier": qualify.tier, "score": qualify.score, "dealId": createDeal.id, "deal": createDeal.properties, "slackMessage": alert.ts, "nextStep": qualify.nextStep}'),
    app('nurture', 'Add HubSpot contact for nurture', at(4, 0.5), 'hubspot', 'createContact', {
      email: '{{ lead.email }}',
      firstname: '{{ $substringBefore(lead.name, " ") }}',
      lastname: '{{ $contains(lead.name, " ") ? $substringAfter(lead.name, " ") : "" }}',
      company: '{{ lead.company }}',
      // HubSpot's lists and sequences enrol contacts by lifecycle stage: warm leads get a human touch.
      properties: { lifecyclestage: '{{ qualify.tier = "warm" ? "marketingqualifiedlead" : "lead" }}' },
    }),
    output('nurtureResult', 'Sent to nurture', at(5, 0.5), '{"tier": qualify.tier, "score": qualify.score, "reasons": qualify.reasons, "contactId": nurture.id}'),
  ],
  edges: flow(['trigger', 'lead', 'qualify', 'isHot'], { true: ['createDeal', 'alert', 'hotResult'], false: ['nurture', 'nurtureResult'] }),
});

const followUpEmail = template({
  id: 'tpl-sales-follow-up-email',
  name: 'Follow-up e-mail draft',
  description:
    'Turns your notes from a sales call into a personalised follow-up e-mail with a clear next step. If the draft offers a discount above 10 %, a sales manager approves it before it is released.',
  category: 'communication',
  industry: 'sales',
  tags: ['follow-up', 'e-mail', 'discount approval', 'sales call'],
  nodes: [
    manualTrigger('trigger', 'Call details', at(0), [
      requiredField('contactName', 'Contact name'),
      requiredField('company', 'Company'),
      requiredField('callNotes', 'Notes from the call', 'text'),
      optionalField('offeredDiscount', 'Discount discussed (%)', 'number'),
      requiredField('senderName', 'Your name'),
    ]),
    agent('draft', at(1), {
      name: 'Follow-up writer',
      role:
        'You are an experienced account executive writing follow-up e-mails after sales calls. Write in a warm, concise, professional tone: ' +
        'thank them, recap the two or three points that mattered to them in their own words, answer open questions, and propose one concrete next step with a date. ' +
        'Keep the body under 180 words. Do not promise features, prices or discounts that are not in the notes.',
      promptTemplate:
        'Write a follow-up e-mail to {{ input.contactName }} at {{ input.company }} from {{ input.senderName }}.\n\nCall notes:\n{{ input.callNotes }}\n\n' +
        'Discount discussed on the call (percent, empty if none): {{ input.offeredDiscount }}\n\nReport the discount the e-mail actually offers in discountPercent (0 if none).',
      answer: {
        subject: str('E-mail subject line, under 70 characters'),
        body: str('The e-mail body in plain text'),
        nextStep: str('The next step proposed in the e-mail'),
        discountPercent: num('Discount offered in the e-mail, 0 if none', 0, 100),
      },
    }),
    condition('bigDiscount', 'Discount above 10 %?', at(2), 'draft.discountPercent > 10'),
    approval(
      'managerApproval',
      'Sales manager approval',
      at(3, -0.5),
      ['sales_manager'],
      'This follow-up offers a discount above 10 %. Check the discount against the deal size and margin before the e-mail goes out.',
    ),
    output('approvedDraft', 'Approved draft', at(4, -0.5), '{"subject": draft.subject, "body": draft.body, "discountPercent": draft.discountPercent, "approved": true}'),
    output('readyDraft', 'Draft ready', at(3, 0.5), '{"subject": draft.subject, "body": draft.body, "discountPercent": draft.discountPercent, "approved": false}'),
  ],
  edges: flow(['trigger', 'draft', 'bigDiscount'], { true: ['managerApproval', 'approvedDraft'], false: ['readyDraft'] }),
});

const meetingNotesToCrm = template({
  id: 'tpl-sales-meeting-notes-crm',
  name: 'Meeting notes to CRM update',
  description:
    'Paste raw meeting notes; an agent extracts the deal stage, amount, close date, stakeholders, risks and next steps, and the workflow updates the deal in HubSpot (stage, amount, close date and a summary) so the pipeline stays accurate.',
  category: 'integration',
  industry: 'sales',
  tags: ['HubSpot', 'CRM', 'meeting notes', 'pipeline hygiene', 'deal update'],
  nodes: [
    manualTrigger('trigger', 'Meeting notes', at(0), [
      requiredField('dealId', 'HubSpot deal ID'),
      requiredField('accountName', 'Account'),
      requiredField('notes', 'Meeting notes', 'text'),
    ]),
    agent('extract', at(1), {
      name: 'CRM notes analyst',
      role:
        'You are a sales operations analyst. You read messy meeting notes and extract only what was actually said into CRM fields. ' +
        'The deal stages are HubSpot\'s: appointmentscheduled (a first meeting is booked), qualifiedtobuy (need and budget confirmed), presentationscheduled (a demo is planned), decisionmakerboughtin (the decision maker agreed), ' +
        'contractsent (a proposal or contract was sent), closedwon, closedlost. If a field was not discussed, return an empty string or 0 rather than guessing.',
      promptTemplate: 'Account: {{ input.accountName }}\n\nMeeting notes:\n{{ input.notes }}\n\nExtract the CRM update for this deal.',
      answer: {
        summary: str('Three-sentence summary for the deal timeline'),
        stage: oneOf('HubSpot deal stage after this meeting', [...HUBSPOT_DEAL_STAGES]),
        amount: num('Deal amount mentioned, 0 if none', 0),
        closeDate: str('Expected close date as YYYY-MM-DD, empty if unknown'),
        stakeholders: list('People involved and their roles'),
        risks: list('Risks or objections raised'),
        nextSteps: list('Agreed next steps with owners'),
      },
    }),
    // Nothing said is nothing changed: a null amount or close date is left out of the update.
    transform(
      'crmUpdate',
      'Map to HubSpot fields',
      at(2),
      '{"dealstage": extract.stage, "amount": extract.amount > 0 ? extract.amount : null, "closedate": $contains(extract.closeDate, /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/) ? extract.closeDate & "T12:00:00Z" : null, ' +
        '"description": extract.summary & "\\nStakeholders: " & $join(extract.stakeholders, "; ") & "\\nRisks: " & $join(extract.risks, "; ") & "\\nNext steps: " & $join(extract.nextSteps, "; ")}',
    ),
    app('updateDeal', 'Update HubSpot deal', at(3), 'hubspot', 'updateDeal', {
      dealId: '{{ input.dealId }}',
      dealstage: '{{ crmUpdate.dealstage }}',
      amount: '{{ crmUpdate.amount }}',
      closedate: '{{ crmUpdate.closedate }}',
      properties: { description: '{{ crmUpdate.description }}' },
    }),
    output('result', 'Deal updated', at(4), '{"dealId": updateDeal.id, "stage": updateDeal.properties.dealstage, "update": crmUpdate, "nextSteps": extract.nextSteps}'),
  ],
  edges: flow(['trigger', 'extract', 'crmUpdate', 'updateDeal', 'result']),
});

const pipelineReview = template({
  id: 'tpl-sales-weekly-pipeline-review',
  name: 'Weekly pipeline review',
  description:
    'Every Monday morning, pulls the deals from HubSpot, flags the open ones at risk (stalled, slipping close dates, no next step) and posts a short review to the sales channel on Slack.',
  category: 'analytics',
  industry: 'sales',
  tags: ['pipeline', 'forecast', 'weekly report', 'deal risk', 'HubSpot', 'Slack'],
  nodes: [
    scheduleTrigger('trigger', 'Mondays 08:00', at(0), '0 8 * * 1', 'Europe/Berlin'),
    app('deals', 'Search HubSpot deals', at(1), 'hubspot', 'searchDeals', { limit: 100 }),
    agent('review', at(2), {
      name: 'Pipeline analyst',
      role:
        'You are a revenue operations analyst preparing the weekly pipeline review for the sales manager. Deals in the closedwon or closedlost stage are closed: leave them out. A deal is at risk when it has had no activity for 14 days, ' +
        'its close date has moved more than once, it has no next step, or it has sat in the same stage for over 30 days. Be specific: name the deal and the reason.',
      promptTemplate: 'HubSpot deals ({{ deals.total }} in all) as JSON, with their properties:\n{{ $string(deals.results) }}\n\nPrepare this week\'s pipeline review.',
      answer: {
        totalOpenValue: num('Sum of open deal amounts', 0),
        weightedForecast: num('Forecast weighted by stage probability', 0),
        atRiskDeals: list('Deals at risk', objectSchema({ name: str('Deal name'), owner: str('Deal owner'), reason: str('Why it is at risk') })),
        summary: str('Five-line summary for the sales channel'),
      },
    }),
    app('post', 'Post to the sales channel', at(3), 'slack', 'postMessage', { channel: SALES_CHANNEL, text: '*Weekly pipeline review*\n{{ review.summary }}' }),
    output('result', 'Review', at(4), '{"totalOpenValue": review.totalOpenValue, "weightedForecast": review.weightedForecast, "atRiskDeals": review.atRiskDeals}'),
  ],
  edges: flow(['trigger', 'deals', 'review', 'post', 'result']),
});

/**
 * The chat assistant of the pricing page: a Knowledge step finds the pricing
 * passages for the visitor's message, the agent answers from them (and may
 * search again) and qualifies the lead as the conversation goes.
 */
const pricingQualifier = template({
  id: 'tpl-sales-pricing-page-lead-qualifier',
  name: 'Pricing-page lead qualifier',
  description:
    'A chat assistant for your pricing page: it answers questions about plans, prices and discounts from your pricing documents in your knowledge base, cites them, says so when they do not answer, and qualifies the visitor as a lead (budget, team size, timeline) before offering a call with sales. ' +
    'After copying, pick your knowledge base in the Knowledge step and the agent\'s settings, and publish the workflow as a chat app.',
  category: 'communication',
  industry: 'sales',
  tags: ['chat assistant', 'knowledge base', 'pricing', 'lead scoring'],
  nodes: [
    chatTrigger('trigger', 'Visitor message', at(0)),
    knowledgeSearch('pricing', 'Search pricing documents', at(1), 'input.message'),
    agent('qualifier', at(2), {
      name: 'Pricing assistant',
      role:
        'You are the assistant on a B2B software company\'s pricing page. Answer questions about plans, prices, limits and discounts only from the pricing passages you are given, or from what the search_knowledge tool finds when they do not cover the question. ' +
        'Cite the sources you used after each fact, with the label the search gives (document, page, section). If the documents do not answer the question, say so plainly and suggest who can help; never invent facts, figures or promises. ' +
        'While you help, qualify the visitor one question at a time, never all at once: their budget, the size of the team that would use the product, and when they want to start. Once you know all three and they fit a paid plan, offer a call with sales and ask for their work e-mail. ' +
        'Answer in the language the visitor writes in.',
      promptTemplate: 'Pricing passages:\n{{ $join(pricing.passages.("[" & citation.sourceName & (citation.page ? ", p. " & citation.page : "") & "] " & text), "\\n\\n") }}\n\nConversation so far:\n{{ ' + CHAT_TRANSCRIPT + ' }}\n\nVisitor: {{ input.message }}',
      tools: { knowledge: [KNOWLEDGE_BASE_PLACEHOLDER] },
    }),
    output('answer', 'Answer', at(3), '{"answer": qualifier}'),
  ],
  edges: flow(['trigger', 'pricing', 'qualifier', 'answer']),
});

export const SALES_TEMPLATES: Workflow[] = [leadQualification, followUpEmail, meetingNotesToCrm, pipelineReview, pricingQualifier];
