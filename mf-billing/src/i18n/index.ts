import type { SupportedLanguage } from '@agentflow/shared';
import { de } from './de';
import { en, type BillingCatalog } from './en';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';

export const BILLING_CATALOGS: Record<SupportedLanguage, BillingCatalog> = { en, es, fr, de, it };
