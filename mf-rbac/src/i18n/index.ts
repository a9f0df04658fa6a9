import type { SupportedLanguage } from '@agentflow/shared';
import { de } from './de';
import { en, type ConsoleCatalog } from './en';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';

export const CONSOLE_CATALOGS: Record<SupportedLanguage, ConsoleCatalog> = { en, es, fr, de, it };
