import type { SupportedLanguage } from '@agentflow/shared';
import { de } from './de';
import { en, type RunsCatalog } from './en';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';

export const RUNS_CATALOGS: Record<SupportedLanguage, RunsCatalog> = { en, es, fr, de, it };
