import type { SupportedLanguage } from '@agentflow/shared';
import { de } from './de';
import { en, type FilesCatalog } from './en';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';

export const FILES_CATALOGS: Record<SupportedLanguage, FilesCatalog> = { en, es, fr, de, it };
