import type { SupportedLanguage } from '@agentflow/shared';
import { de } from './de';
import { en, type NotificationsCatalog } from './en';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';

export const NOTIFICATIONS_CATALOGS: Record<SupportedLanguage, NotificationsCatalog> = { en, es, fr, de, it };
