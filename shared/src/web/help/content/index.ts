// The help sidebar's text in every supported language.
import type { SupportedLanguage } from '../../../domain/i18n/languages.js';
import type { HelpCatalog } from '../topics.js';
import { de } from './de.js';
import { en } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { it } from './it.js';

export const HELP_CONTENT: Record<SupportedLanguage, HelpCatalog> = { en, es, fr, de, it };
