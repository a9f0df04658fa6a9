// The federation contract's context modules. The shell mounts the providers;
// remotes read them through these hooks. Because '@agentflow/shared' is a
// Module Federation singleton, host and remotes hold the same context objects.
import type { i18n as I18nInstance, TFunction } from 'i18next';
import type { AppConfig } from '../config.js';
import type { SupportedLanguage } from '../i18n/languages.js';
import { createRequiredContext } from './requiredContext.js';

export interface PlatformContextValue {
  /** Who mounted the providers: 'shell' in the host, or the remote's name when it runs standalone. */
  host: string;
  config: AppConfig;
}

export interface AuthUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
}

export interface AuthContextValue {
  user: AuthUser | null;
  loading: boolean;
  error: string | null;
  /** The current user's Firebase ID token, for calls to billing-api and platform-api. */
  getIdToken: () => Promise<string | null>;
  signOut: () => Promise<void>;
}

export interface I18nContextValue {
  language: SupportedLanguage;
  setLanguage: (language: SupportedLanguage) => Promise<void>;
  t: TFunction;
  i18n: I18nInstance;
  supportedLanguages: readonly SupportedLanguage[];
}

export const [PlatformContext, usePlatform] = createRequiredContext<PlatformContextValue>('usePlatform', 'PlatformProvider');
export const [AuthContext, useAuth] = createRequiredContext<AuthContextValue>('useAuth', 'AuthProvider');
export const [I18nContext, useI18n] = createRequiredContext<I18nContextValue>('useI18n', 'I18nProvider');
