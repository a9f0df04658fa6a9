import type { SupportedLanguage } from '../../i18n/languages.js';
import type { VoiceDestination } from '../commands.js';

/** A phrase template (see ../template.ts) with no captured value. */
export type Phrase = string;
/** A phrase template that captures the search query. */
export type QueryPhrase = `${string}{query}${string}`;
/** A phrase template that captures the workflow name. */
export type NamePhrase = `${string}{name}${string}`;
/** A phrase template that captures a language name. */
export type LanguagePhrase = `${string}{language}${string}`;

/**
 * One language's voice grammar. Every language fills the same slots, so
 * every command can be spoken in every supported language.
 *
 * Templates are tried in order within a command, so put the more specific
 * ones first (e.g. "search workflows for {query}" before "search {query}").
 */
export interface VoicePhrases {
  /** Courtesy words that may open or close any command ("please", "thanks"). */
  readonly polite: readonly string[];
  /** Lead-ins that may open any command ("can you", "I want to"). */
  readonly fillers: readonly string[];
  /**
   * Words that carry no content on their own (articles, prepositions, the
   * word "workflow"): a captured query or name made only of these is empty.
   */
  readonly stopWords: readonly string[];
  /** Names of every supported language, in this language. */
  readonly languageNames: Readonly<Record<SupportedLanguage, readonly string[]>>;

  readonly navigate: Readonly<Record<VoiceDestination, readonly Phrase[]>>;
  readonly searchWorkflows: readonly QueryPhrase[];
  readonly runWorkflow: readonly NamePhrase[];
  readonly openHelp: readonly Phrase[];
  readonly changeLanguage: readonly LanguagePhrase[];
  readonly signOut: readonly Phrase[];
}
