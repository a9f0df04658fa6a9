import type { SupportedLanguage } from '@agentflow/shared';
import { de } from './de';
import { en, type RunGraphCatalog } from './en';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';

export const RUN_GRAPH_CATALOGS: Record<SupportedLanguage, RunGraphCatalog> = { en, es, fr, de, it };
