// Every catalog, eagerly: for tests and tools only. The app loads them
// through catalogRegistry.ts, one language at a time.
import type { SupportedLanguage } from '../../../domain/i18n/languages.js';
import { de } from './de.js';
import { en, type Catalog } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { it } from './it.js';

export const CATALOGS: Record<SupportedLanguage, Catalog> = { en, es, fr, de, it };
