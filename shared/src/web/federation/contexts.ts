// The federation contract's context modules. The shell mounts the providers;
// remotes read them through these hooks. Because '@agentflow/shared' is a
// Module Federation singleton, host and remotes hold the same context objects.
import { createContext, useContext, useEffect } from 'react';
import type { I18nInstance, TFunction } from '../i18n/translator.js';
import type { ProfileUpdate, UserProfile } from '../../domain/auth/profile.js';
import type { AppConfig } from '../config.js';
import type { HelpTopicKey } from '../help/topics.js';
import type { ConsumeResponse } from '../../domain/membership/api.js';
import type { MeteredFeature } from '../../domain/membership/features.js';
import type { TokenSummary, UserMembership } from '../../domain/membership/model.js';
import type { Permission, Role, UserRole } from '../../domain/rbac/model.js';
import type { SupportedLanguage } from '../../domain/i18n/languages.js';
import type { ToastOptions, ToastRecord } from '../toast/toastStore.js';
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
  /** users/{uid}; null while signed out, for the demo account, or when it failed to load. */
  userProfile: UserProfile | null;
  loading: boolean;
  /** The last failure, as the message shown to the user. */
  error: string | null;
  /** The shared showcase account is signed in (it has no profile). */
  isDemoUser: boolean;
  /** Whether a demo account is configured ('Try the demo' is offered). */
  demoAvailable: boolean;
  signIn: (email: string, password: string) => Promise<void>;
  /** Creates the account, then sets its display name. */
  signUp: (email: string, password: string, displayName: string) => Promise<void>;
  signInWithGoogle: () => Promise<void>;
  signInAsDemoUser: () => Promise<void>;
  signOut: () => Promise<void>;
  sendPasswordReset: (email: string) => Promise<void>;
  updateProfile: (fields: ProfileUpdate) => Promise<void>;
  /** The current user's Firebase ID token, for calls to billing-api and platform-api. */
  getIdToken: () => Promise<string | null>;
}

const notImplemented = async (): Promise<never> => {
  throw new Error('Not implemented');
};

/** What AuthContext holds without an AuthProvider: signed out, and every action refuses. */
export const DEFAULT_AUTH_CONTEXT: AuthContextValue = Object.freeze({
  user: null,
  userProfile: null,
  loading: false,
  error: null,
  isDemoUser: false,
  demoAvailable: false,
  signIn: notImplemented,
  signUp: notImplemented,
  signInWithGoogle: notImplemented,
  signInAsDemoUser: notImplemented,
  signOut: notImplemented,
  sendPasswordReset: notImplemented,
  updateProfile: notImplemented,
  getIdToken: async () => null,
});

export interface I18nContextValue {
  language: SupportedLanguage;
  setLanguage: (language: SupportedLanguage) => Promise<void>;
  t: TFunction;
  i18n: I18nInstance;
  supportedLanguages: readonly SupportedLanguage[];
  /** Counts texts that arrived after the first render (lazy catalogs): a change re-renders consumers. */
  textsRevision?: number;
}

export const [PlatformContext, usePlatform] = createRequiredContext<PlatformContextValue>('usePlatform', 'PlatformProvider');
export const AuthContext = createContext<AuthContextValue>(DEFAULT_AUTH_CONTEXT);
AuthContext.displayName = 'AuthProvider';

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (value === DEFAULT_AUTH_CONTEXT) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
export const [I18nContext, useI18n] = createRequiredContext<I18nContextValue>('useI18n', 'I18nProvider');

export interface ToastHandle {
  id: string;
  dismiss: () => void;
  update: (changes: Partial<ToastOptions>) => void;
}

export interface ToastContextValue {
  /** The queue (at most TOAST_LIMIT), newest first; closed ones linger until removed. */
  toasts: readonly ToastRecord[];
  toast: (options: ToastOptions) => ToastHandle;
  /** Closes one toast, or every toast without an id. */
  dismiss: (id?: string) => void;
}

export const [ToastContext, useToast] = createRequiredContext<ToastContextValue>('useToast', 'ToastProvider');

export interface HelpContextValue {
  /** The topic the sidebar shows; null while it is closed. */
  topicKey: HelpTopicKey | null;
  openHelp: (topicKey: HelpTopicKey) => void;
  /** Closes the sidebar, clears the topic and gives focus back to what opened it. */
  closeHelp: () => void;
}

export const [HelpContext, useHelp] = createRequiredContext<HelpContextValue>('useHelp', 'HelpProvider');

/** A role given to (or taken from) a user, globally or inside one organization. */
export interface RoleAssignmentRequest {
  userId: string;
  roleId: string;
  /** Absent or null: everywhere. */
  organizationId?: string | null;
}

export interface RBACContextValue {
  /** Every role (roles collection). */
  roles: Role[];
  /** Every permission (permissions collection). */
  permissions: Permission[];
  /** The signed-in user's assignments; empty for a guest. */
  userRoles: UserRole[];
  /** Permission ids the user holds globally (a guest: the guest role's), manage_all expanded to every permission. */
  userPermissions: string[];
  loading: boolean;
  /** The translated 'rbac.error_loading' message after a failed load, else null. */
  error: string | null;
  /** True once loading has finished and the id is in userPermissions. */
  hasPermission: (permissionId: string) => boolean;
  /** True once loading has finished and one of the user's assignments has this role. */
  hasRole: (roleId: string) => boolean;
  /** Global assignments, or those in `organizationId`, grant the permission (manage_all grants all); false while loading. */
  can: (permissionId: string, organizationId?: string | null) => boolean;
  /** Some assignment, global or in any organization, grants the permission; false while loading. */
  hasPermissionAnywhere: (permissionId: string) => boolean;
  /** Loads everything again. */
  refresh: () => Promise<void>;
  /** POSTs the assignment to platform-api, then reloads; rejects with an ApiError. */
  assignRole: (input: RoleAssignmentRequest) => Promise<void>;
  /** POSTs the revocation to platform-api, then reloads; rejects with an ApiError. */
  revokeRole: (input: RoleAssignmentRequest) => Promise<void>;
  /**
   * Starts the provider's reads. The provider is lazy: nothing is fetched
   * (and Firestore is not even loaded) until the first component calling
   * useRBAC() mounts, which calls this. Idempotent.
   */
  activate: () => void;
}

// createRequiredContext's own hook would say 'a RBACProvider'; useRBAC below
// gives the message the contract names ('an RBACProvider') and activates the provider.
export const [RBACContext] = createRequiredContext<RBACContextValue>('useRBAC', 'RBACProvider');

/** The access-control state for the current user. Mounting the first caller starts the provider's reads. */
export function useRBAC(): RBACContextValue {
  const value = useContext(RBACContext);
  if (value === undefined) throw new Error('useRBAC must be used within an RBACProvider');
  const { activate } = value;
  useEffect(() => activate(), [activate]);
  return value;
}

export interface ConsumeOptions {
  /** The debit's idempotency key (default: a fresh crypto.randomUUID()); pass the same key to retry one debit. */
  idempotencyKey?: string;
}

export interface MembershipContextValue {
  /** userMemberships/{uid} of the signed-in user; null while signed out, before the first load, or after a failed one. */
  membership: UserMembership | null;
  /** This period's used/total/resetDate; null like membership. */
  summary: TokenSummary | null;
  loading: boolean;
  /** The translated 'membership.errorLoading' message after a failed load, else null. */
  error: string | null;
  /**
   * Set when billing-api could not be reached and membership and summary are
   * the last answer saved on this device: when it was saved (ISO). Null when
   * they came from billing-api now. The UI marks such data as saved on this device.
   */
  savedAt: string | null;
  /** The membership's role ranks at least `role` (free < basic < premium < enterprise < admin); false without a membership. */
  hasRole: (role: string) => boolean;
  /** At least `amount` tokens remain; false without a membership. */
  hasTokens: (amount: number) => boolean;
  /** Loads the membership and the summary again (nothing while signed out). */
  refresh: () => Promise<void>;
  /**
   * Debits a feature the browser performs itself (POST /api/tokens/consume,
   * amount defaulting to FEATURE_COSTS[feature]), then reloads. Rejects with a
   * ApiError (status 402 when too few tokens remain; nothing was debited).
   */
  consume: (feature: MeteredFeature, amount?: number, options?: ConsumeOptions) => Promise<ConsumeResponse>;
}

// createRequiredContext's message reads 'useMembership must be used within a MembershipProvider', as the contract names it.
export const [MembershipContext, useMembership] = createRequiredContext<MembershipContextValue>('useMembership', 'MembershipProvider');
