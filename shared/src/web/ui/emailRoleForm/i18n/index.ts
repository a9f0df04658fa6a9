// All five languages bundled: two short texts each, smaller than a lazy chunk's overhead.
import type { SupportedLanguage } from '../../../../domain/i18n/languages.js';
import { de } from './de.js';
import { en, type EmailRoleFormCatalog } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { it } from './it.js';

export const EMAIL_ROLE_FORM_CATALOGS: Record<SupportedLanguage, EmailRoleFormCatalog> = { en, de, es, fr, it };
