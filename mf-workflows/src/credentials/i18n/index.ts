import type { SupportedLanguage } from '@agentflow/shared';
import { de } from './de';
import { en, type CredentialsCatalog } from './en';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';

export const CREDENTIALS_CATALOGS: Record<SupportedLanguage, CredentialsCatalog> = { en, es, fr, de, it };
