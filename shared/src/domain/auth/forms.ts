// Form and request schemas (zod) for the account screens. Separate entry
// ('@agentflow/shared/forms'): pure, context-free, so each container bundles
// what it uses instead of loading zod with the shared singleton.
import { z } from 'zod';
import { SUPPORTED_LANGUAGES } from '../i18n/languages.js';
import type { ProfileUpdate } from './profile.js';

// Zod messages are i18n keys; the screens translate them next to each field.
const email = z.string().trim().min(1, 'auth.validation.emailRequired').email('auth.validation.emailInvalid');
const displayName = z.string().trim().min(1, 'auth.validation.displayNameRequired').max(80, 'auth.validation.displayNameTooLong');
/** E.164-like: an optional +, then 6 to 15 digits; spaces, dashes and dots are allowed between digits. */
const phoneNumber = z
  .string()
  .trim()
  .regex(/^\+?[0-9][0-9 .-]{4,18}[0-9]$/, 'auth.validation.phoneInvalid')
  .refine((value) => value.replace(/\D/g, '').length >= 6 && value.replace(/\D/g, '').length <= 15, 'auth.validation.phoneInvalid');

export const signInSchema = z.object({
  email,
  password: z.string().min(1, 'auth.validation.passwordRequired'),
});

export const signUpSchema = z.object({
  email,
  password: z.string().min(8, 'auth.validation.passwordTooShort'),
  displayName,
});

export const passwordResetSchema = z.object({ email });

/** A profile edit: only the editable fields, each optional; an empty phone number clears it. */
export const profileUpdateSchema = z
  .object({
    displayName: displayName.optional(),
    photoURL: z.string().url('auth.validation.photoUrlInvalid').nullable().optional(),
    phoneNumber: z.union([z.literal('').transform(() => null), phoneNumber, z.null()]).optional(),
    preferences: z.object({ language: z.enum(SUPPORTED_LANGUAGES).optional() }).strict().optional(),
  })
  .strict();

export type SignInInput = z.infer<typeof signInSchema>;
export type SignUpInput = z.infer<typeof signUpSchema>;
export type PasswordResetInput = z.infer<typeof passwordResetSchema>;

/** Field name -> first message key, for showing each error next to its field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}

// The hand-written ProfileUpdate (profile.ts) must accept what the schema accepts.
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
const _sameShape: ProfileUpdateInput extends ProfileUpdate ? (ProfileUpdate extends ProfileUpdateInput ? true : never) : never = true;
void _sameShape;
