import type { SupportedLanguage } from '@agentflow/shared';
import { de } from './de';
import { en, type BuilderCatalog } from './en';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';

export const BUILDER_CATALOGS: Record<SupportedLanguage, BuilderCatalog> = { en, es, fr, de, it };
