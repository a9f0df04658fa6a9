// The user profile (users/{uid}) and the rules about it that browser, rules
// tests and services share. Pure: no Firebase, no React. The form schemas are
// in forms.ts (entry '@agentflow/shared/forms'), kept out of the shared
// singleton so zod loads only with the screens that validate.
import type { SUPPORTED_LANGUAGES } from '../i18n/languages.js';

/**
 * A tag in the profile's `roles` list ('b2c_user', 'free'): internal
 * bookkeeping written when the profile is created. No decision reads it: what
 * a user may do comes from their access roles (userRoles) and their plan
 * (userMemberships/{uid}.role). It is kept because the seed's profile carries
 * it and firestore.rules checks what a browser may write there.
 */
export type ProfileRoleTag = string;

/** The tags a browser may give itself when it creates its own profile (firestore.rules checks the same). */
export const SELF_SERVICE_ROLES = { signUp: ['b2c_user'], helper: ['free'] } as const;

/** Fields a browser may change on its own profile after creation. */
export const PROFILE_EDITABLE_FIELDS = ['displayName', 'photoURL', 'preferences', 'phoneNumber'] as const;

export interface UserPreferences {
  language?: (typeof SUPPORTED_LANGUAGES)[number];
}

export interface UserProfile {
  uid: string;
  email: string | null;
  displayName: string;
  photoURL: string | null;
  phoneNumber: string | null;
  /** Bookkeeping tags (ProfileRoleTag), never an access or plan decision. */
  roles: ProfileRoleTag[];
  preferences: UserPreferences;
  createdAt: Date | null;
  lastLogin: Date | null;
  /** The uploaded photo (platform-api writes it; absent on profiles read before photos existed). */
  photo?: ProfilePhoto | null;
}

/**
 * users/{uid}.photo: the profile photo platform-api stored (files/{fileId},
 * use 'profile'). Written only by the service, in the transaction that swaps
 * it, so a browser never points it at someone else's file (firestore.rules
 * leaves it out of the display fields a browser may write). The browser asks
 * platform-api for a short-lived link to show it.
 */
/** users/{uid}: each user's profile (firestore.rules: the owner writes display fields, services the rest). */
export const PROFILES_COLLECTION = 'users';

export interface ProfilePhoto {
  fileId: string;
  /** ISO time of the upload; it changes with every new photo. */
  updatedAt: string;
}

/** The profile field that holds the photo. */
export const PROFILE_PHOTO_FIELD = 'photo';

/** users/{uid}.photo as stored, or null when it is missing or not a photo reference. */
export function decodeProfilePhoto(value: unknown): ProfilePhoto | null {
  if (value === null || typeof value !== 'object') return null;
  const { fileId, updatedAt } = value as Record<string, unknown>;
  if (typeof fileId !== 'string' || !/^[A-Za-z0-9]{20}$/.test(fileId)) return null;
  if (typeof updatedAt !== 'string' || Number.isNaN(Date.parse(updatedAt))) return null;
  return { fileId, updatedAt };
}

/** What a profile's display name starts as: the account's, else the e-mail's local part, else 'User'. */
export function initialDisplayName(account: { displayName?: string | null; email?: string | null }): string {
  const fromAccount = account.displayName?.trim();
  if (fromAccount) return fromAccount;
  const localPart = account.email?.split('@')[0]?.trim();
  if (localPart) return localPart;
  return 'User';
}

/** A profile edit as the screens send it (forms.ts validates it). */
export interface ProfileUpdate {
  displayName?: string;
  photoURL?: string | null;
  phoneNumber?: string | null;
  preferences?: { language?: (typeof SUPPORTED_LANGUAGES)[number] };
}
