import type { SupportedLanguage } from '../../i18n/languages.js';
import { de } from './de.js';
import { en } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { it } from './it.js';
import type { VoicePhrases } from './types.js';

export type { LanguagePhrase, NamePhrase, Phrase, QueryPhrase, VoicePhrases } from './types.js';

/** Every supported language's voice grammar. */
export const VOICE_PHRASES: Readonly<Record<SupportedLanguage, VoicePhrases>> = { en, es, fr, de, it };
