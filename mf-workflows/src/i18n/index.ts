import type { SupportedLanguage } from '@agentflow/shared';
import { de } from './de';
import { en, type WorkflowsCatalog } from './en';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';

export const WORKFLOWS_CATALOGS: Record<SupportedLanguage, WorkflowsCatalog> = { en, es, fr, de, it };
