// Who hears of what, and how: each user chooses per notification kind and
// channel (in the app's bell, by e-mail, in Slack or Teams through a
// connection of theirs). Stored server-side (notificationPreferences/{uid},
// server-only); platform-api's dispatcher honours them. Pure, and free of
// zod (the bell imports this entry): the body schema is in preferencesSchema.ts.
import { NOTIFICATION_KINDS, type NotificationKind } from './model.js';

export const NOTIFICATION_CHANNELS = ['inApp', 'email', 'slack', 'teams'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export type ChannelChoices = Record<NotificationChannel, boolean>;
export type NotificationPreferences = Record<NotificationKind, ChannelChoices>;

/** notificationPreferences/{uid} (server-only). */
export const NOTIFICATION_PREFERENCES_COLLECTION = 'notificationPreferences';

export const NOTIFICATION_PREFERENCES_API = {
  /** GET → NotificationPreferencesView; PUT NotificationPreferencesBody → NotificationPreferencesView. */
  preferences: '/api/notification-preferences',
} as const;

/**
 * Without a choice: everything in the app; by e-mail what needs the user
 * (an approval, an invitation) or went wrong (a failed run); refusals only in
 * the app (a schedule refused every minute would flood a mailbox); Slack and
 * Teams only when the user turns them on.
 */
export const DEFAULT_NOTIFICATION_PREFERENCES: Readonly<NotificationPreferences> = {
  approval_waiting: { inApp: true, email: true, slack: false, teams: false },
  run_failed: { inApp: true, email: true, slack: false, teams: false },
  run_refused: { inApp: true, email: false, slack: false, teams: false },
  invitation: { inApp: true, email: true, slack: false, teams: false },
};

export interface NotificationPreferencesView {
  preferences: NotificationPreferences;
  /** Channels the user can receive on now (slack/teams: a connection of theirs exists; email: a verified address and SMTP configured). */
  available: ChannelChoices;
}

/** PUT body: any kinds, any channels; what is left out keeps its value. */
export type NotificationPreferencesBody = { [K in NotificationKind]?: Partial<ChannelChoices> };

/** Stored (possibly partial or outdated) choices over the defaults: always every kind × channel. */
function copyOf(preferences: Readonly<NotificationPreferences>): NotificationPreferences {
  return Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, { ...preferences[kind] }])) as NotificationPreferences;
}

export function resolveNotificationPreferences(stored: unknown): NotificationPreferences {
  const result = copyOf(DEFAULT_NOTIFICATION_PREFERENCES);
  if (!stored || typeof stored !== 'object') return result;
  for (const kind of NOTIFICATION_KINDS) {
    const choices = (stored as Record<string, unknown>)[kind];
    if (!choices || typeof choices !== 'object') continue;
    for (const channel of NOTIFICATION_CHANNELS) {
      const value = (choices as Record<string, unknown>)[channel];
      if (typeof value === 'boolean') result[kind][channel] = value;
    }
  }
  return result;
}

/** A PUT body applied to the current choices. */
export function mergeNotificationPreferences(current: NotificationPreferences, body: NotificationPreferencesBody): NotificationPreferences {
  const result = copyOf(current);
  for (const kind of NOTIFICATION_KINDS) {
    const choices = body[kind];
    if (!choices) continue;
    for (const channel of NOTIFICATION_CHANNELS) {
      const value = choices[channel];
      if (typeof value === 'boolean') result[kind][channel] = value;
    }
  }
  return result;
}
