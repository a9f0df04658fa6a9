import type { SupportedLanguage } from '@agentflow/shared';
import { de } from './de';
import { en, type MappingCatalog } from './en';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';

export const MAPPING_CATALOGS: Record<SupportedLanguage, MappingCatalog> = { en, es, fr, de, it };
