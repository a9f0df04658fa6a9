// General templates that fit any team: a fact-checked research brief, and
// triage of a shared Gmail inbox with urgent messages posted to Slack.
import type { Workflow } from '../model.js';
import { agent, app, at, bool, condition, flow, list, manualTrigger, objectSchema, oneOf, optionalField, output, pollTrigger, post, requiredField, str, template, transform } from './build.js';

const researchBrief = template({
  id: 'tpl-general-research-brief',
  name: 'Research brief with fact check',
  description:
    'An editor agent plans a one-page brief on any company or topic, hands the research to a researcher agent and the claims to a fact-checker agent, and returns a sourced brief with a confidence rating.',
  category: 'ai',
  industry: 'general',
  tags: ['research', 'briefing', 'multi-agent', 'fact check'],
  nodes: [
    manualTrigger('trigger', 'Topic', at(0), [
      requiredField('topic', 'Company or topic'),
      requiredField('purpose', 'What the brief is for', 'text'),
      optionalField('audience', 'Who will read it'),
    ]),
    agent('editor', at(1), {
      name: 'Brief editor',
      role:
        'You are an editor who produces one-page briefs for busy managers. Plan the three to five questions the reader needs answered, ask the researcher to answer them with sources, ' +
        'then ask the fact-checker to verify every number and claim. Drop anything the fact-checker cannot verify. Write plainly; no filler.',
      promptTemplate: 'Topic: {{ input.topic }}\nPurpose: {{ input.purpose }}\nAudience: {{ input.audience ? input.audience : "a business manager" }}',
      answer: {
        title: str('Brief title'),
        keyPoints: list('Five key points, each with its source'),
        brief: str('The brief, under 400 words'),
        openQuestions: list('What could not be verified'),
        confidence: oneOf('Overall confidence', ['low', 'medium', 'high']),
      },
      tools: { delegates: ['researcher', 'factChecker'] },
    }),
    agent('researcher', at(1, 1.5), {
      name: 'Researcher',
      role: 'You research questions using the web search tool and answer each with facts and the URL they came from. Prefer primary sources (company filings, official statistics) and recent information.',
      promptTemplate: 'Research {{ input.topic }} for this purpose: {{ input.purpose }}',
      tools: {
        http: [{ name: 'web_search', description: 'Searches the web and returns the top results with titles, snippets and URLs.', method: 'GET', url: 'https://search.example.com/api/search' }],
      },
    }),
    agent('factChecker', at(2, 1.5), {
      name: 'Fact-checker',
      role: 'You verify claims. For each claim say whether the cited source supports it, contradicts it or does not mention it, and correct numbers where the source differs.',
      promptTemplate: 'Check the claims in the research on {{ input.topic }}.',
      answer: { checks: list('One entry per claim', objectSchema({ claim: str('The claim'), verdict: oneOf('Verdict', ['supported', 'contradicted', 'unverified']), note: str('Correction or comment') })) },
      tools: {
        http: [{ name: 'fetch_page', description: 'Fetches the text of a web page so a source can be read.', method: 'GET', url: 'https://search.example.com/api/fetch' }],
      },
    }),
    output('result', 'Brief', at(2), '{"title": editor.title, "brief": editor.brief, "keyPoints": editor.keyPoints, "openQuestions": editor.openQuestions, "confidence": editor.confidence}'),
  ],
  edges: flow(['trigger', 'editor', 'result']),
});

const supportInboxTriage = template({
  id: 'tpl-general-inbox-triage',
  name: 'Shared inbox triage',
  description:
    'Classifies every new message in a shared Gmail inbox (support, billing, sales, spam), drafts a reply, and routes it to the right team queue in your helpdesk; urgent messages from unhappy customers are posted to the team\'s Slack channel (#support, #billing or #sales).',
  category: 'automation',
  industry: 'general',
  tags: ['inbox', 'triage', 'routing', 'customer support', 'Gmail', 'Slack'],
  nodes: [
    // One run per new message in the inbox (promotions and social updates are not the team's).
    pollTrigger('trigger', 'New Gmail message', at(0), 'gmail', 'newMessage', { query: 'in:inbox -category:promotions -category:social' }),
    agent('classify', at(1), {
      name: 'Inbox triager',
      role:
        'You triage a company\'s shared inbox. Classify each message, judge the sender\'s sentiment and urgency (urgent: service down, legal threat, payment failure, a deadline today), and draft a short, polite first reply the team can send or edit. Never promise refunds or dates.',
      promptTemplate: 'From: {{ input.from }}\nSubject: {{ input.subject }}\n\n{{ input.text }}',
      answer: {
        queue: oneOf('Team queue', ['support', 'billing', 'sales', 'spam']),
        urgent: bool('Whether it needs attention within the hour'),
        sentiment: oneOf('Sender sentiment', ['positive', 'neutral', 'negative']),
        summary: str('One-line summary'),
        draftReply: str('Suggested first reply'),
      },
    }),
    transform('ticket', 'Build ticket', at(2), '{"queue": classify.queue, "from": input.from, "subject": input.subject, "summary": classify.summary, "draftReply": classify.draftReply, "priority": classify.urgent ? "high" : "normal"}'),
    post('createTicket', 'Create ticket', at(3), 'https://helpdesk.example.com/api/tickets', '{{ $string(ticket) }}'),
    condition('isUrgent', 'Urgent and unhappy?', at(4), 'classify.urgent = true and classify.sentiment = "negative"'),
    app('alert', 'Alert the team on Slack', at(5, -0.5), 'slack', 'postMessage', {
      channel: '#{{ classify.queue }}',
      text: ':rotating_light: Urgent {{ classify.queue }} e-mail from {{ input.from }}: {{ classify.summary }}\nSubject: {{ input.subject }}',
    }),
    output('alerted', 'Team alerted', at(6, -0.5), '{"queue": classify.queue, "ticket": createTicket, "slackMessage": alert.ts}'),
    output('queued', 'Queued', at(5, 0.5), '{"queue": classify.queue, "ticket": createTicket}'),
  ],
  edges: flow(['trigger', 'classify', 'ticket', 'createTicket', 'isUrgent'], { true: ['alert', 'alerted'], false: ['queued'] }),
});

export const GENERAL_TEMPLATES: Workflow[] = [researchBrief, supportInboxTriage];
