import { DEFAULT_NOTIFICATION_PREFERENCES, mergeNotificationPreferences, resolveNotificationPreferences } from './preferences';
import { notificationPreferencesBodySchema } from './preferencesSchema';

describe('notification preferences', () => {
  it('fills every kind and channel from the defaults and keeps only booleans stored', () => {
    const resolved = resolveNotificationPreferences({ run_failed: { email: false, slack: 'yes' }, unknown_kind: { inApp: false } });
    expect(resolved.run_failed).toEqual({ inApp: true, email: false, slack: false, teams: false });
    expect(resolved.approval_waiting).toEqual(DEFAULT_NOTIFICATION_PREFERENCES.approval_waiting);
    expect(resolveNotificationPreferences(null)).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
  });

  it('merges a partial body and leaves the rest as it was', () => {
    const merged = mergeNotificationPreferences(resolveNotificationPreferences(undefined), { invitation: { slack: true } });
    expect(merged.invitation).toEqual({ inApp: true, email: true, slack: true, teams: false });
    expect(merged.run_refused).toEqual(DEFAULT_NOTIFICATION_PREFERENCES.run_refused);
  });

  it('refuses unknown kinds, unknown channels and non-booleans, naming the field', () => {
    expect(notificationPreferencesBodySchema.safeParse({ run_failed: { email: false } }).success).toBe(true);
    const unknownKind = notificationPreferencesBodySchema.safeParse({ newsletter: { email: true } });
    expect(unknownKind.success).toBe(false);
    const badValue = notificationPreferencesBodySchema.safeParse({ run_failed: { email: 'no' } });
    expect(badValue.error?.issues[0]?.path).toEqual(['run_failed', 'email']);
    expect(notificationPreferencesBodySchema.safeParse({ run_failed: { pager: true } }).success).toBe(false);
  });
});
