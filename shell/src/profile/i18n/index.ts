import type { SupportedLanguage } from '@agentflow/shared';
import { de } from './de';
import { en, type ProfilePhotoCatalog } from './en';
import { es } from './es';
import { fr } from './fr';
import { it } from './it';

export const PROFILE_PHOTO_CATALOGS: Record<SupportedLanguage, ProfilePhotoCatalog> = { en, es, fr, de, it };
