// Real estate templates: write compliant listing copy, answer buyer enquiries
// from the portals, and book viewings.
import type { Workflow } from '../model.js';
import { agent, approval, at, bool, condition, flow, http, list, manualTrigger, num, oneOf, optionalField, output, post, requiredField, str, template, transform, webhookTrigger } from './build.js';

const listingDescription = template({
  id: 'tpl-real-estate-listing-description',
  name: 'Listing description',
  description:
    'A copywriter agent turns the property facts into a headline, a portal description, bullet points and a social post; a compliance reviewer checks it for fair-housing language and claims the facts do not support. Anything flagged goes to the broker.',
  category: 'ai',
  industry: 'real-estate',
  tags: ['listing', 'copywriting', 'fair housing', 'property portal'],
  nodes: [
    manualTrigger('trigger', 'Property facts', at(0), [
      requiredField('address', 'Address'),
      requiredField('propertyType', 'Property type'),
      requiredField('price', 'Asking price', 'number'),
      requiredField('bedrooms', 'Bedrooms', 'number'),
      requiredField('bathrooms', 'Bathrooms', 'number'),
      requiredField('livingArea', 'Living area (m²)', 'number'),
      requiredField('highlights', 'Highlights and recent renovations', 'text'),
      optionalField('neighbourhood', 'Neighbourhood notes', 'text'),
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
    output('ready', 'Ready to publish', at(4, -0.5), '{"headline": copy.headline, "description": copy.description, "bulletPoints": copy.bulletPoints, "socialPost": copy.socialPost}'),
    approval(
      'brokerReview',
      'Broker review',
      at(4, 0.5),
      ['broker'],
      'The compliance reviewer flagged the listing copy. Read the issues and the revised description before it is published.',
    ),
    output('revised', 'Revised copy', at(5, 0.5), '{"headline": copy.headline, "description": compliance.revisedDescription, "bulletPoints": copy.bulletPoints, "issues": compliance.issues}'),
  ],
  edges: flow(['trigger', 'copy', 'compliance', 'isCompliant'], { true: ['ready'], false: ['brokerReview', 'revised'] }),
});

const buyerLeadResponse = template({
  id: 'tpl-real-estate-buyer-lead-response',
  name: 'Buyer-lead response',
  description:
    'Answers a buyer enquiry from a property portal within minutes: looks up the listing, replies with the facts they asked about and viewing options, and rates the buyer. Hot buyers become a call task for the listing agent; others join the new-listings alert.',
  category: 'communication',
  industry: 'real-estate',
  tags: ['buyer lead', 'portal enquiry', 'speed to lead', 'CRM'],
  nodes: [
    webhookTrigger('trigger', 'Portal enquiry', at(0), 'buyer-enquiry'),
    http('listing', 'Fetch listing', at(1), { method: 'GET', url: 'https://listings.example.com/api/listings/{{ input.listingId }}' }),
    agent('reply', at(2), {
      name: 'Buyer enquiry responder',
      role:
        'You are the assistant of a residential listing agent. Reply to buyer enquiries quickly, warmly and accurately: answer their questions from the listing data only, offer two viewing slots, and ask at most two qualifying questions (financing, timeline). ' +
        'Rate intent: hot when they are pre-approved or cash buyers and want to view within a week; warm when interested but early; cold when just browsing.',
      promptTemplate:
        'Enquiry from {{ input.name }} ({{ input.email }}, {{ input.phone }}) about listing {{ input.listingId }}:\n{{ input.message }}\n\nListing data:\n{{ $string(listing) }}',
      answer: {
        subject: str('Reply subject'),
        body: str('Reply body in plain text, under 150 words'),
        intent: oneOf('Buyer intent', ['hot', 'warm', 'cold']),
        preApproved: bool('Whether they said they have financing or pay cash'),
        budget: num('Stated budget, 0 if unknown', 0),
        summary: str('One-line summary for the listing agent'),
      },
    }),
    transform('email', 'Build reply', at(3), '{"to": input.email, "subject": reply.subject, "text": reply.body, "replyTo": "listings@agency.example.com"}'),
    post('send', 'Send reply', at(4), 'https://mail.example.com/api/messages', '{{ $string(email) }}'),
    condition('isHot', 'Hot buyer?', at(5), 'reply.intent = "hot"'),
    post('callTask', 'Create call task', at(6, -0.5), 'https://crm.example.com/api/tasks', '{"type": "call", "due": "today", "contact": {{ $string(input.name & " " & input.phone) }}, "note": {{ $string(reply.summary) }} }'),
    output('hot', 'Call task created', at(7, -0.5), '{"intent": reply.intent, "summary": reply.summary, "task": callTask}'),
    post('alerts', 'Subscribe to new listings', at(6, 0.5), 'https://listings.example.com/api/alerts', '{"email": "{{ input.email }}", "similarTo": "{{ input.listingId }}", "maxPrice": {{ reply.budget }} }'),
    output('nurtured', 'Subscribed to alerts', at(7, 0.5), '{"intent": reply.intent, "summary": reply.summary}'),
  ],
  edges: flow(['trigger', 'listing', 'reply', 'email', 'send', 'isHot'], { true: ['callTask', 'hot'], false: ['alerts', 'nurtured'] }),
});

const viewingScheduling = template({
  id: 'tpl-real-estate-viewing-scheduling',
  name: 'Viewing scheduling',
  description:
    'Matches a buyer\'s preferred times with the agent\'s calendar and the seller\'s access rules, books the viewing and sends a confirmation — or proposes alternatives when nothing fits.',
  category: 'productivity',
  industry: 'real-estate',
  tags: ['viewing', 'calendar', 'appointment', 'showing'],
  nodes: [
    manualTrigger('trigger', 'Viewing request', at(0), [
      requiredField('listingId', 'Listing'),
      requiredField('buyerName', 'Buyer name'),
      requiredField('buyerEmail', 'Buyer e-mail'),
      requiredField('preferredTimes', 'Preferred times', 'text'),
      optionalField('accessNotes', 'Seller access rules', 'text'),
    ]),
    http('calendar', 'Fetch agent availability', at(1), { method: 'GET', url: 'https://calendar.example.com/api/availability?listing={{ input.listingId }}&days=14' }),
    agent('schedule', at(2), {
      name: 'Viewing scheduler',
      role:
        'You schedule property viewings. A viewing lasts 30 minutes plus 15 minutes buffer; respect the seller\'s access rules (e.g. no viewings before 10:00, 24 hours notice) and never double-book the agent. ' +
        'Pick the earliest slot that matches the buyer\'s preferences; if none does, propose three alternatives and write a friendly message offering them.',
      promptTemplate:
        'Buyer {{ input.buyerName }} would like to view listing {{ input.listingId }}.\nPreferred times: {{ input.preferredTimes }}\nSeller access rules: {{ input.accessNotes }}\n\nAgent availability:\n{{ $string(calendar) }}',
      answer: {
        booked: bool('Whether a slot matching the buyer\'s preferences was found'),
        slotStart: str('ISO 8601 start of the chosen slot, empty if none'),
        slotEnd: str('ISO 8601 end of the chosen slot, empty if none'),
        alternatives: list('Up to three alternative ISO 8601 start times'),
        message: str('Message to the buyer: confirmation or alternatives'),
      },
    }),
    condition('hasSlot', 'Slot found?', at(3), 'schedule.booked = true'),
    transform(
      'event',
      'Build calendar event',
      at(4, -0.5),
      '{"title": "Viewing: " & input.listingId & " with " & input.buyerName, "start": schedule.slotStart, "end": schedule.slotEnd, "attendees": [input.buyerEmail], "description": schedule.message}',
    ),
    post('book', 'Book viewing', at(5, -0.5), 'https://calendar.example.com/api/events', '{{ $string(event) }}'),
    output('confirmed', 'Viewing booked', at(6, -0.5), '{"slotStart": schedule.slotStart, "slotEnd": schedule.slotEnd, "message": schedule.message}'),
    output('alternatives', 'Alternatives proposed', at(4, 0.5), '{"alternatives": schedule.alternatives, "message": schedule.message}'),
  ],
  edges: flow(['trigger', 'calendar', 'schedule', 'hasSlot'], { true: ['event', 'book', 'confirmed'], false: ['alternatives'] }),
});

export const REAL_ESTATE_TEMPLATES: Workflow[] = [listingDescription, buyerLeadResponse, viewingScheduling];
