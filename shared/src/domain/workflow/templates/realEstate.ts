// Real estate templates: write compliant listing copy (kept in a Google
// Sheets listing register and e-mailed as a brochure), answer buyer
// enquiries from the portals from that register (Gmail, Pipedrive,
// Airtable), and book viewings in Google Calendar.
import type { Workflow } from '../model.js';
import { agent, app, approval, at, bool, CHAT_TRANSCRIPT, chatTrigger, condition, flow, KNOWLEDGE_BASE_PLACEHOLDER, list, manualTrigger, num, oneOf, optionalField, output, requiredField, str, template, transform, webhookTrigger } from './build.js';

/** The agency's listing register: a Google spreadsheet whose tab "Listings" has these columns in row 1 (set its id after copying). */
export const LISTINGS_SPREADSHEET = 'your-listings-spreadsheet-id';
export const LISTINGS_SHEET = 'Listings';
export const LISTING_COLUMNS = ['Listing ID', 'Address', 'Type', 'Price', 'Bedrooms', 'Bathrooms', 'Living area', 'Headline', 'Description', 'Status'] as const;
/** The Airtable base and table of buyers' new-listing alerts (set the base after copying). */
export const ALERTS_BASE = 'appYourAgencyBase';
export const ALERTS_TABLE = 'Buyer alerts';

/** The listing register's row for the listing: the facts, the copy and whether the broker revised it. */
const listingRow = (description: string, status: string) => ({
  spreadsheetId: LISTINGS_SPREADSHEET,
  sheet: LISTINGS_SHEET,
  values: {
    'Listing ID': '{{ input.listingId }}',
    Address: '{{ input.address }}',
    Type: '{{ input.propertyType }}',
    Price: '{{ input.price }}',
    Bedrooms: '{{ input.bedrooms }}',
    Bathrooms: '{{ input.bathrooms }}',
    'Living area': '{{ input.livingArea }}',
    Headline: '{{ copy.headline }}',
    Description: description,
    Status: status,
  },
});

/** The brochure e-mail: headline, facts, description and key features as plain text. */
const brochure = (description: string) => ({
  to: '{{ input.brochureTo }}',
  subject: 'New listing: {{ copy.headline }}',
  body:
    '{{ copy.headline }}\n\n{{ input.propertyType }} at {{ input.address }}, asking {{ input.price }}.\n{{ input.bedrooms }} bedrooms, {{ input.bathrooms }} bathrooms, {{ input.livingArea }} m².\n\n' +
    `${description}\n\n{{ $join(copy.bulletPoints.("- " & $), "\\n") }}`,
});

const listingDescription = template({
  id: 'tpl-real-estate-listing-description',
  name: 'Listing description',
  description:
    'A copywriter agent turns the property facts into a headline, a portal description, bullet points and a social post; a compliance reviewer checks it for fair-housing language and claims the facts do not support. Anything flagged goes to the broker. ' +
    'The published copy is added to your listing register in Google Sheets and e-mailed as a brochure.',
  category: 'ai',
  industry: 'real-estate',
  tags: ['listing', 'copywriting', 'fair housing', 'property portal', 'Google Sheets', 'brochure'],
  nodes: [
    manualTrigger('trigger', 'Property facts', at(0), [
      requiredField('listingId', 'Listing reference'),
      requiredField('address', 'Address'),
      requiredField('propertyType', 'Property type'),
      requiredField('price', 'Asking price', 'number'),
      requiredField('bedrooms', 'Bedrooms', 'number'),
      requiredField('bathrooms', 'Bathrooms', 'number'),
      requiredField('livingArea', 'Living area (m²)', 'number'),
      requiredField('highlights', 'Highlights and recent renovations', 'text'),
      optionalField('neighbourhood', 'Neighbourhood notes', 'text'),
      requiredField('brochureTo', 'E-mail the brochure to (addresses, comma separated)'),
    ]),
    agent('copy', at(1), {
      name: 'Listing copywriter',
      role:
        'You are a real estate copywriter. Write vivid but accurate listing copy: lead with the strongest feature, describe the flow of the home, and end with the location. ' +
        'Use only facts you are given; never invent views, finishes or distances. Avoid clichés like "nestled" and "boasts". Description 150 to 250 words.',
      promptTemplate:
        '{{ input.propertyType }} at {{ input.address }}, asking {{ input.price }}.\n{{ input.bedrooms }} bedrooms, {{ input.bathrooms }} bathrooms, {{ input.livingArea }} m².\nHighlights:\n{{ input.highlights }}\nNeighbourhood:\n{{ input.neighbourhood }}',
      answer: {
        headline: str('Portal headline, under 80 characters'),
        description: str('Portal description'),
        bulletPoints: list('Five key features'),
        socialPost: str('Instagram or Facebook post, under 60 words, no hashtags spam'),
      },
    }),
    agent('compliance', at(2), {
      name: 'Listing compliance reviewer',
      role:
        'You review property marketing for fair-housing and advertising compliance. Flag wording that describes or prefers people rather than the property (e.g. "perfect for young families", "exclusive neighbourhood", references to religion, ethnicity, disability or age), ' +
        'and any claim not supported by the facts given. When you flag something, rewrite the description so it is compliant.',
      promptTemplate:
        'Facts supplied by the agent:\n{{ input.highlights }}\n{{ input.neighbourhood }}\n\nDraft headline: {{ copy.headline }}\nDraft description:\n{{ copy.description }}\nSocial post:\n{{ copy.socialPost }}',
      answer: {
        compliant: bool('True when nothing needs changing'),
        issues: list('Each problem and the phrase it concerns'),
        revisedDescription: str('The corrected description, or the original when compliant'),
      },
    }),
    condition('isCompliant', 'Compliant?', at(3), 'compliance.compliant = true'),
    app('register', 'Add to listing register', at(4, -0.5), 'googleSheets', 'appendRow', listingRow('{{ copy.description }}', 'Published')),
    app('sendBrochure', 'E-mail the brochure', at(5, -0.5), 'email', 'sendEmail', brochure('{{ copy.description }}')),
    output('ready', 'Published', at(6, -0.5), '{"headline": copy.headline, "description": copy.description, "bulletPoints": copy.bulletPoints, "socialPost": copy.socialPost, "registerRow": register.rowNumber}'),
    approval(
      'brokerReview',
      'Broker review',
      at(4, 0.5),
      ['broker'],
      'The compliance reviewer flagged the listing copy. Read the issues and the revised description before it is published.',
    ),
    app('registerRevised', 'Add revised copy to listing register', at(5, 0.5), 'googleSheets', 'appendRow', listingRow('{{ compliance.revisedDescription }}', 'Published (revised)')),
    app('sendRevisedBrochure', 'E-mail the revised brochure', at(6, 0.5), 'email', 'sendEmail', brochure('{{ compliance.revisedDescription }}')),
    output('revised', 'Revised and published', at(7, 0.5), '{"headline": copy.headline, "description": compliance.revisedDescription, "bulletPoints": copy.bulletPoints, "issues": compliance.issues, "registerRow": registerRevised.rowNumber}'),
  ],
  edges: flow(['trigger', 'copy', 'compliance', 'isCompliant'], { true: ['register', 'sendBrochure', 'ready'], false: ['brokerReview', 'registerRevised', 'sendRevisedBrochure', 'revised'] }),
});

const buyerLeadResponse = template({
  id: 'tpl-real-estate-buyer-lead-response',
  name: 'Buyer-lead response',
  description:
    'Answers a buyer enquiry from a property portal within minutes: looks up the listing in your Google Sheets listing register, replies from Gmail with the facts they asked about and viewing options, and rates the buyer. ' +
    'Hot buyers become a person and a deal in Pipedrive for the listing agent to call; the others are added to the new-listings alerts in Airtable.',
  category: 'communication',
  industry: 'real-estate',
  tags: ['buyer lead', 'portal enquiry', 'speed to lead', 'Gmail', 'Pipedrive', 'Airtable', 'Google Sheets'],
  nodes: [
    webhookTrigger('trigger', 'Portal enquiry', at(0), 'buyer-enquiry'),
    app('listing', 'Look up listing', at(1), 'googleSheets', 'lookupRows', { spreadsheetId: LISTINGS_SPREADSHEET, sheet: LISTINGS_SHEET, column: 'Listing ID', value: '{{ input.listingId }}' }),
    agent('reply', at(2), {
      name: 'Buyer enquiry responder',
      role:
        'You are the assistant of a residential listing agent. Reply to buyer enquiries quickly, warmly and accurately: answer their questions from the listing data only (when there is none, say the agent will confirm the details), offer two viewing slots, and ask at most two qualifying questions (financing, timeline). ' +
        'Rate intent: hot when they are pre-approved or cash buyers and want to view within a week; warm when interested but early; cold when just browsing.',
      promptTemplate:
        'Enquiry from {{ input.name }} ({{ input.email }}, {{ input.phone }}) about listing {{ input.listingId }}:\n{{ input.message }}\n\nListing data:\n{{ $string(listing.rows[0].values) }}',
      answer: {
        subject: str('Reply subject'),
        body: str('Reply body in plain text, under 150 words'),
        intent: oneOf('Buyer intent', ['hot', 'warm', 'cold']),
        preApproved: bool('Whether they said they have financing or pay cash'),
        budget: num('Stated budget, 0 if unknown', 0),
        summary: str('One-line summary for the listing agent'),
      },
    }),
    app('send', 'Reply from Gmail', at(3), 'gmail', 'sendEmail', { to: '{{ input.email }}', subject: '{{ reply.subject }}', body: '{{ reply.body }}' }),
    condition('isHot', 'Hot buyer?', at(4), 'reply.intent = "hot"'),
    app('buyer', 'Add buyer to Pipedrive', at(5, -0.5), 'pipedrive', 'createPerson', { name: '{{ input.name }}', email: '{{ input.email }}', phone: '{{ input.phone }}' }),
    app('callDeal', 'Create deal to call', at(6, -0.5), 'pipedrive', 'createDeal', {
      title: 'Call buyer {{ input.name }} about listing {{ input.listingId }}',
      personId: '{{ buyer.id }}',
      value: '{{ reply.budget > 0 ? reply.budget : null }}',
    }),
    output('hot', 'Deal to call created', at(7, -0.5), '{"intent": reply.intent, "summary": reply.summary, "personId": buyer.id, "dealId": callDeal.id}'),
    app('alerts', 'Subscribe to new listings', at(5, 0.5), 'airtable', 'createRecord', {
      baseId: ALERTS_BASE,
      table: ALERTS_TABLE,
      fields: { Name: '{{ input.name }}', Email: '{{ input.email }}', 'Similar to': '{{ input.listingId }}', 'Max price': '{{ reply.budget }}', Intent: '{{ reply.intent }}' },
    }),
    output('nurtured', 'Subscribed to alerts', at(6, 0.5), '{"intent": reply.intent, "summary": reply.summary, "alert": alerts.id}'),
  ],
  edges: flow(['trigger', 'listing', 'reply', 'send', 'isHot'], { true: ['buyer', 'callDeal', 'hot'], false: ['alerts', 'nurtured'] }),
});

const viewingScheduling = template({
  id: 'tpl-real-estate-viewing-scheduling',
  name: 'Viewing scheduling',
  description:
    'Finds the free slots in the agent\'s Google Calendar for the next two weeks, matches them with the buyer\'s preferred times and the seller\'s access rules, and books the viewing with the buyer invited — or e-mails alternatives from Gmail when nothing fits.',
  category: 'productivity',
  industry: 'real-estate',
  tags: ['viewing', 'Google Calendar', 'Gmail', 'appointment', 'showing'],
  nodes: [
    manualTrigger('trigger', 'Viewing request', at(0), [
      requiredField('listingId', 'Listing'),
      requiredField('buyerName', 'Buyer name'),
      requiredField('buyerEmail', 'Buyer e-mail'),
      requiredField('preferredTimes', 'Preferred times', 'text'),
      optionalField('accessNotes', 'Seller access rules', 'text'),
    ]),
    // 45 minutes: the viewing's 30 and its 15 minutes of buffer.
    app('calendar', 'Find free slots', at(1), 'googleCalendar', 'findFreeSlots', {
      from: '{{ $now() }}',
      to: '{{ $fromMillis($toMillis($now()) + 14 * 24 * 60 * 60 * 1000) }}',
      durationMinutes: 45,
    }),
    agent('schedule', at(2), {
      name: 'Viewing scheduler',
      role:
        'You schedule property viewings. A viewing lasts 30 minutes; you are given the agent\'s free 45-minute slots (30 minutes plus 15 minutes buffer), and only start a viewing at the start of one of them, so the agent is never double-booked. ' +
        'Respect the seller\'s access rules (e.g. no viewings before 10:00, 24 hours notice). Pick the earliest slot that matches the buyer\'s preferences and end the viewing 30 minutes after its start; if none does, propose three alternatives from the free slots and write a friendly message offering them.',
      promptTemplate:
        'Buyer {{ input.buyerName }} would like to view listing {{ input.listingId }}.\nPreferred times: {{ input.preferredTimes }}\nSeller access rules: {{ input.accessNotes }}\n\nThe agent\'s free slots:\n{{ $string(calendar.slots) }}',
      answer: {
        booked: bool('Whether a slot matching the buyer\'s preferences was found'),
        slotStart: str('ISO 8601 start of the chosen slot, empty if none'),
        slotEnd: str('ISO 8601 end of the chosen slot, empty if none'),
        alternatives: list('Up to three alternative ISO 8601 start times'),
        message: str('Message to the buyer: confirmation or alternatives'),
      },
    }),
    condition('hasSlot', 'Slot found?', at(3), 'schedule.booked = true'),
    // Google sends the buyer the invitation: the confirmation is the event's.
    app('book', 'Book viewing', at(4, -0.5), 'googleCalendar', 'createEvent', {
      summary: 'Viewing: {{ input.listingId }} with {{ input.buyerName }}',
      start: '{{ schedule.slotStart }}',
      end: '{{ schedule.slotEnd }}',
      attendees: '{{ input.buyerEmail }}',
      description: '{{ schedule.message }}',
    }),
    output('confirmed', 'Viewing booked', at(5, -0.5), '{"slotStart": book.start, "slotEnd": book.end, "event": book.htmlLink, "message": schedule.message}'),
    app('offer', 'E-mail alternatives', at(4, 0.5), 'gmail', 'sendEmail', { to: '{{ input.buyerEmail }}', subject: 'Viewing of {{ input.listingId }}: other times', body: '{{ schedule.message }}' }),
    output('alternatives', 'Alternatives proposed', at(5, 0.5), '{"alternatives": schedule.alternatives, "message": schedule.message}'),
  ],
  edges: flow(['trigger', 'calendar', 'schedule', 'hasSlot'], { true: ['book', 'confirmed'], false: ['offer', 'alternatives'] }),
});

/**
 * The chat assistant of the agency's website: answers from the listings'
 * knowledge base (search_knowledge) and offers a viewing; a chat run streams
 * the text agent's answer, the output node gives it back as the run's answer.
 */
const listingAssistant = template({
  id: 'tpl-real-estate-listing-assistant',
  name: 'Listing assistant',
  description:
    'A chat assistant for your website: it answers visitors\' questions about your listings from your knowledge base (listing sheets, brochures, floor plans), cites the documents it used, says so when they do not answer, and offers to book a viewing. ' +
    'After copying, pick your knowledge base in the assistant\'s settings and publish the workflow as a chat app.',
  category: 'communication',
  industry: 'real-estate',
  tags: ['chat assistant', 'knowledge base', 'listing', 'viewing'],
  nodes: [
    chatTrigger('trigger', 'Visitor message', at(0)),
    transform('conversation', 'Conversation so far', at(1), CHAT_TRANSCRIPT),
    agent('assistant', at(2), {
      name: 'Listing assistant',
      role:
        'You are the website assistant of a residential estate agency. Answer visitors\' questions about the agency\'s listings (price, rooms, area, features, location, availability) only from what the search_knowledge tool finds in the listing documents; search before you answer. ' +
        'When a visitor is interested in a property, offer to book a viewing: ask for their name, a phone number or e-mail and the times that suit them, and say the listing agent will confirm. Keep answers short and friendly. ' +
        'Cite the sources you used after each fact, with the label the search gives (document, page, section). If the documents do not answer the question, say so plainly and suggest who can help; never invent facts, figures or promises. ' +
        'Answer in the language the visitor writes in.',
      promptTemplate: 'Conversation so far:\n{{ conversation }}\n\nVisitor: {{ input.message }}',
      tools: { knowledge: [KNOWLEDGE_BASE_PLACEHOLDER] },
    }),
    output('answer', 'Answer', at(3), '{"answer": assistant}'),
  ],
  edges: flow(['trigger', 'conversation', 'assistant', 'answer']),
});

export const REAL_ESTATE_TEMPLATES: Workflow[] = [listingDescription, buyerLeadResponse, viewingScheduling, listingAssistant];
