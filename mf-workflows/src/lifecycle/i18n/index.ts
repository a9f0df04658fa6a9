import type { SupportedLanguage } from '@agentflow/shared';
import { de } from './de';
import { en, type LifecycleCatalog } from './en';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';

export const LIFECYCLE_CATALOGS: Record<SupportedLanguage, LifecycleCatalog> = { en, es, fr, de, it };
