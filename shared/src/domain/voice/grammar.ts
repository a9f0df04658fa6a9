/**
 * The voice command grammar: turns what the speech recogniser heard into a
 * VoiceCommand, in any supported language. Pure: no DOM, no React.
 *
 * Matching is done on normalised text (see normalize.ts), whole phrase only.
 * The user's language is tried first, then the others, so "open workflows"
 * works with a Spanish UI. Within a language, commands are tried in a fixed
 * order (sign out, change language, search, run, help, navigate) and the
 * templates of a command in the order of its phrase table.
 */
import { SUPPORTED_LANGUAGES, type SupportedLanguage } from '../i18n/languages.js';
import { VOICE_DESTINATIONS, type VoiceCommand, type VoiceDestination } from './commands.js';
import { normalizeVoiceText, normalizeWithOrigins, type NormalizedText } from './normalize.js';
import { VOICE_PHRASES } from './phrases/index.js';
import { compileTemplate, type CompiledTemplate } from './template.js';

type Rule =
  | { readonly kind: 'fixed'; readonly compiled: CompiledTemplate; readonly command: VoiceCommand }
  | { readonly kind: 'searchWorkflows' | 'runWorkflow' | 'changeLanguage'; readonly compiled: CompiledTemplate };

const ALL_PHRASES = SUPPORTED_LANGUAGES.map((language) => VOICE_PHRASES[language]);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

function alternation(phrases: Iterable<string>): string {
  const normalized = [...new Set([...phrases].map(normalizeVoiceText).filter(Boolean))];
  // Longest first, so "s il vous plait" wins over a shorter prefix.
  normalized.sort((a, b) => b.length - a.length);
  return normalized.map(escapeRegExp).join('|');
}

/** Wake words, which may only open an utterance. */
const WAKE_WORDS = [
  'agentflow', 'agent flow',
  ...['hey', 'hi', 'hello', 'ok', 'okay', 'hola', 'oye', 'salut', 'dis', 'hallo', 'ehi', 'ciao'].flatMap((greeting) => [
    `${greeting} agentflow`,
    `${greeting} agent flow`,
  ]),
];

const POLITE = alternation(ALL_PHRASES.flatMap((phrases) => phrases.polite));
const LEADING = new RegExp(`^(?:${alternation([...WAKE_WORDS, ...ALL_PHRASES.flatMap((p) => [...p.polite, ...p.fillers])])})(?: |$)`, 'u');
const TRAILING = new RegExp(`(?:^| )(?:${POLITE})$`, 'u');

/** Captured values made only of these words are empty ("search workflows for"). */
const STOP_WORDS = new Set(ALL_PHRASES.flatMap((phrases) => phrases.stopWords.flatMap((word) => normalizeVoiceText(word).split(' '))));

/** Every language's name, in every language, normalised. */
const LANGUAGE_BY_NAME = new Map<string, SupportedLanguage>();
for (const phrases of ALL_PHRASES) {
  for (const language of SUPPORTED_LANGUAGES) {
    for (const name of phrases.languageNames[language]) LANGUAGE_BY_NAME.set(normalizeVoiceText(name), language);
  }
}

function compileRules(language: SupportedLanguage): Rule[] {
  const phrases = VOICE_PHRASES[language];
  const fixed = (templates: readonly string[], command: VoiceCommand): Rule[] =>
    templates.map((template) => ({ kind: 'fixed', compiled: compileTemplate(template), command }));
  const slotted = (templates: readonly string[], kind: 'searchWorkflows' | 'runWorkflow' | 'changeLanguage', slot: string): Rule[] =>
    templates.map((template) => {
      const compiled = compileTemplate(template);
      if (compiled.slot !== slot) throw new Error(`Voice template "${template}" (${language}, ${kind}) needs a {${slot}} slot`);
      return { kind, compiled };
    });
  const rules = [
    ...fixed(phrases.signOut, { type: 'signOut' }),
    ...slotted(phrases.changeLanguage, 'changeLanguage', 'language'),
    ...slotted(phrases.searchWorkflows, 'searchWorkflows', 'query'),
    ...slotted(phrases.runWorkflow, 'runWorkflow', 'name'),
    ...fixed(phrases.openHelp, { type: 'openHelp' }),
    ...VOICE_DESTINATIONS.flatMap((destination: VoiceDestination) =>
      fixed(phrases.navigate[destination], { type: 'navigate', destination }),
    ),
  ];
  for (const rule of rules) {
    if (rule.kind === 'fixed' && rule.compiled.slot !== null) {
      throw new Error(`Voice template "${rule.compiled.template}" (${language}, ${rule.command.type}) cannot capture a value`);
    }
  }
  return rules;
}

const rulesCache = new Map<SupportedLanguage, Rule[]>();
function rulesFor(language: SupportedLanguage): Rule[] {
  let rules = rulesCache.get(language);
  if (!rules) {
    rules = compileRules(language);
    rulesCache.set(language, rules);
  }
  return rules;
}

/** The part of the utterance that can be a command: wake word, fillers and courtesies removed. */
function commandWindow(text: string): { start: number; end: number } {
  let start = 0;
  let end = text.length;
  for (;;) {
    const before = [start, end];
    const leading = LEADING.exec(text.slice(start, end));
    if (leading) start = Math.min(end, start + leading[0].length);
    const trailing = TRAILING.exec(text.slice(start, end));
    if (trailing) end = Math.max(start, end - trailing[0].length);
    if (before[0] === start && before[1] === end) return { start, end };
  }
}

const EDGE_START = /^[\s"'«»“”„‘’‹›`´¿¡]+/u;
const EDGE_END = /[\s"'«»“”„‘’‹›`´.,!?;:…]+$/u;

/** The words as heard for normalised span [start, end): original letters, trimmed, no wrapping quotes. */
function heard(normalized: NormalizedText, start: number, end: number): string {
  const from = normalized.origins[start] ?? 0;
  const to = normalized.origins[end] ?? normalized.source.length;
  return normalized.source.slice(from, to).replace(EDGE_START, '').replace(EDGE_END, '').replace(/\s+/gu, ' ');
}

function isEmptyCapture(capture: string): boolean {
  return capture.split(' ').every((word) => STOP_WORDS.has(word));
}

function matchRules(rules: readonly Rule[], normalized: NormalizedText, start: number, end: number): VoiceCommand | null {
  const text = normalized.text.slice(start, end);
  for (const rule of rules) {
    const match = rule.compiled.regex.exec(text);
    if (!match) continue;
    if (rule.kind === 'fixed') return { ...rule.command };
    const capture = match[1];
    const span = match.indices?.[1];
    if (capture === undefined || span === undefined) continue;
    if (rule.kind === 'changeLanguage') {
      const language = LANGUAGE_BY_NAME.get(capture);
      if (language) return { type: 'changeLanguage', language };
      continue;
    }
    if (isEmptyCapture(capture)) continue;
    const value = heard(normalized, start + span[0], start + span[1]);
    if (!value) continue;
    return rule.kind === 'searchWorkflows' ? { type: 'searchWorkflows', query: value } : { type: 'runWorkflow', name: value };
  }
  return null;
}

/** The normalised utterance and its command window, or null when nothing is left to match. */
function prepare(transcript: unknown): { normalized: NormalizedText; start: number; end: number } | null {
  if (typeof transcript !== 'string') return null;
  const normalized = normalizeWithOrigins(transcript);
  const { start, end } = commandWindow(normalized.text);
  return start < end ? { normalized, start, end } : null;
}

const isKnownLanguage = (language: string): language is SupportedLanguage => Object.hasOwn(VOICE_PHRASES, language);

/**
 * The command in `transcript` read with `language`'s grammar only (no
 * fallback to the other languages), or null. For tests and tooling.
 */
export function parseVoiceCommandInLanguage(transcript: string, language: SupportedLanguage): VoiceCommand | null {
  const prepared = prepare(transcript);
  if (!prepared || !isKnownLanguage(language)) return null;
  return matchRules(rulesFor(language), prepared.normalized, prepared.start, prepared.end);
}

/**
 * The command in `transcript`, or null if it is not one. `language` is the
 * UI language, whose grammar is tried first; the other languages follow, so
 * a user may speak English with a Spanish UI.
 */
export function parseVoiceCommand(transcript: string, language: SupportedLanguage): VoiceCommand | null {
  const prepared = prepare(transcript);
  if (!prepared) return null;
  const order = [language, ...SUPPORTED_LANGUAGES.filter((other) => other !== language)].filter(isKnownLanguage);
  for (const candidate of order) {
    const command = matchRules(rulesFor(candidate), prepared.normalized, prepared.start, prepared.end);
    if (command) return command;
  }
  return null;
}

/** For tests and tooling: every language's compiled templates, which also validates the phrase tables. */
export function compileAllVoiceTemplates(): Record<SupportedLanguage, readonly CompiledTemplate[]> {
  const out = {} as Record<SupportedLanguage, readonly CompiledTemplate[]>;
  for (const language of SUPPORTED_LANGUAGES) out[language] = rulesFor(language).map((rule) => rule.compiled);
  return out;
}
