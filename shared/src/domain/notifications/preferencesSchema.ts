// The PUT body of the notification preferences (zod; services only).
import { z } from 'zod';
import { NOTIFICATION_KINDS, type NotificationKind } from './model.js';
import { NOTIFICATION_CHANNELS, type NotificationChannel } from './preferences.js';

const channelChoicesSchema = z.strictObject(
  Object.fromEntries(NOTIFICATION_CHANNELS.map((channel) => [channel, z.boolean({ error: 'must be true or false' }).optional()])) as Record<NotificationChannel, z.ZodOptional<z.ZodBoolean>>,
);

export const notificationPreferencesBodySchema = z.strictObject(
  Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, channelChoicesSchema.optional()])) as Record<NotificationKind, z.ZodOptional<typeof channelChoicesSchema>>,
);
