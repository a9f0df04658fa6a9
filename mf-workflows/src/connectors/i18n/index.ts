import type { SupportedLanguage } from '@agentflow/shared';
import { de } from './de';
import { en, type ConnectorsCatalog } from './en';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';

export const CONNECTORS_CATALOGS: Record<SupportedLanguage, ConnectorsCatalog> = { en, es, fr, de, it };
