import type { SupportedLanguage } from '@agentflow/shared';
import { de } from './de';
import { en, type RefusalsCatalog } from './en';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';

export const REFUSALS_CATALOGS: Record<SupportedLanguage, RefusalsCatalog> = { en, es, fr, de, it };
