import type { VoicePhrases } from './types.js';

const OPEN =
  '(open|show|show me|display|view|see|go to|go back to|back to|take me to|bring me to|navigate to|bring up|pull up|switch to|jump to|head to)';
const THE = '[the|my|all|all my|all the|our]';
const PAGE = '[page|section|screen|tab|view|area|list|settings]';

/** "open the X page", "X", "my X" … */
const place = (nouns: string) => [`${OPEN} ${THE} ${nouns} ${PAGE}`, `${THE} ${nouns} ${PAGE}`];

const WORKFLOWS = '(workflows|workflow|flows)';
const SEARCH = '(search [for]|find|find me|look for|look up|show [me]|list)';
const RUN = '(run|start|execute|launch|trigger|kick off)';

export const en: VoicePhrases = {
  polite: ['please', 'thanks', 'thank you', 'cheers'],
  fillers: ['can you', 'could you', 'would you', 'will you', 'i want to', 'i would like to', "i'd like to", "let's", 'let us', 'now'],
  stopWords: [
    'the', 'a', 'an', 'my', 'our', 'all', 'me', 'some', 'any', 'workflow', 'workflows', 'flow', 'flows',
    'for', 'about', 'with', 'on', 'of', 'to', 'in', 'called', 'named', 'matching', 'related', 'containing',
  ],
  languageNames: {
    en: ['english'],
    es: ['spanish', 'castilian'],
    fr: ['french'],
    de: ['german'],
    it: ['italian'],
  },

  navigate: {
    home: [
      ...place('(home|home page|homepage|start page|main page|dashboard|overview)'),
      '(go|get|take me|bring me|head|go back|get back|take me back) home',
    ],
    workflows: [...place('(workflows|workflow|flows|workflow list|list of workflows|automations)')],
    billing: [
      ...place('(billing|billing and plans|payments|payment|subscription|subscriptions|plan|plans|invoices)'),
      '(manage|change|upgrade|update) [my|the|our] (billing|subscription|plan|payments|payment details)',
    ],
    access: [
      ...place('(access control|access|access management|permissions|roles|user roles|users|members|team members|role management)'),
      '(manage|edit|change|update) [the|my|our] (roles|user roles|permissions|access|users|members|team)',
    ],
  },

  searchWorkflows: [
    `${SEARCH} ${THE} ${WORKFLOWS} (for|about|with|on|matching|called|named|related to|containing|mentioning|that mention) [the] {query}`,
    '(search [for]|find) [the|my|all] {query} (workflows|workflow|flows)',
    '(search [for]|look for|look up|find) [the] {query}',
  ],
  runWorkflow: [
    `${RUN} [the|my] (workflow|flow) [called|named] {name}`,
    `${RUN} [the|my] {name} (workflow|flow)`,
    '(run|execute) [the|my] {name}',
  ],
  openHelp: [
    'help [me]',
    '(open|show|show me|display|get|view|bring up|pull up|go to) [the] help [page|center|centre|panel|sidebar|menu|section]',
    '[i] need [some] help',
    'what can i (say|do)',
    '(show [me]|list|open) [the|my] [voice] commands',
    'voice commands',
  ],
  changeLanguage: [
    '(change|switch|set|put|make) [the|my] [app|ui|interface|display] language (to|into|in) {language}',
    '(switch|change) [it|over|everything] to {language}',
    '(speak|use|talk|talk in|speak in|answer in|respond in|reply in|talk to me in|speak to me in) {language}',
    '(language|in) {language}',
    '{language} [language|please]',
  ],
  signOut: [
    '(sign|log) [me] (out|off) [of [my|the] account|of agentflow]',
    '(logout|signout|logoff)',
  ],
};
