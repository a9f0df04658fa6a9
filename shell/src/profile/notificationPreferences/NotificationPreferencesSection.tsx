// The profile page's notification preferences: for each kind of notification
// (an approval waiting, a failed run, a refused run, an invitation) and each
// channel (in the app's bell, e-mail, Slack, Teams) a checkbox, saved the
// moment it changes (PUT with that one choice; on a refusal the box goes
// back and the card says so). A channel the user cannot receive on yet
// (no verified e-mail or mail server, no Slack or Teams connection) is
// disabled, with what to do about it.
import { useEffect, useId, useState } from 'react';
import { createApiClient, useAuth, useI18n, usePlatform, useRemoteCatalogs } from '@agentflow/shared';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  NOTIFICATION_PREFERENCES_API,
  type NotificationChannel,
  type NotificationKind,
  type NotificationPreferencesBody,
  type NotificationPreferencesView,
} from '@agentflow/shared/notifications';
import { NOTIFICATION_PREFERENCES_CATALOGS } from './i18n';
import './notificationPreferences.css';

const N = 'notificationPreferences.';

type State = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; view: NotificationPreferencesView };

export function NotificationPreferencesSection({ fetch: fetchImpl }: { fetch?: typeof fetch } = {}) {
  useRemoteCatalogs(NOTIFICATION_PREFERENCES_CATALOGS);
  const { t } = useI18n();
  const { config } = usePlatform();
  const { getIdToken } = useAuth();
  const id = useId();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [saving, setSaving] = useState<string | null>(null);
  const [notice, setNotice] = useState<'saved' | 'saveFailed' | null>(null);
  const call = createApiClient({ baseUrl: config.apis.platform, getIdToken, fetch: fetchImpl });

  useEffect(() => {
    let current = true;
    createApiClient({ baseUrl: config.apis.platform, getIdToken, fetch: fetchImpl })<NotificationPreferencesView>('GET', NOTIFICATION_PREFERENCES_API.preferences).then(
      (view) => {
        if (current) setState({ status: 'ready', view });
      },
      () => {
        if (current) setState({ status: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [config.apis.platform, getIdToken, fetchImpl, attempt]);

  const toggle = async (kind: NotificationKind, channel: NotificationChannel, value: boolean) => {
    if (state.status !== 'ready') return;
    const before = state.view;
    const optimistic = { ...before, preferences: { ...before.preferences, [kind]: { ...before.preferences[kind], [channel]: value } } };
    setState({ status: 'ready', view: optimistic });
    setSaving(`${kind}.${channel}`);
    setNotice(null);
    try {
      const body: NotificationPreferencesBody = { [kind]: { [channel]: value } };
      const view = await call<NotificationPreferencesView>('PUT', NOTIFICATION_PREFERENCES_API.preferences, { body });
      setState({ status: 'ready', view: view ?? optimistic });
      setNotice('saved');
    } catch {
      setState({ status: 'ready', view: before });
      setNotice('saveFailed');
    } finally {
      setSaving(null);
    }
  };

  let body;
  if (state.status === 'loading') {
    body = (
      <p className="page-loading">{t(`${N}loading`)}</p>
    );
  } else if (state.status === 'failed') {
    body = (
      // Announced politely, not as an alert or status: the profile form's own messages hold those roles on this page.
      <div className="form-alert" aria-live="polite">
        <p>{t(`${N}loadFailed`)}</p>
        <button
          type="button"
          className="button"
          onClick={() => {
            setState({ status: 'loading' });
            setAttempt((n) => n + 1);
          }}
        >
          {t(`${N}retry`)}
        </button>
      </div>
    );
  } else {
    const { preferences, available } = state.view;
    const unavailable = NOTIFICATION_CHANNELS.filter((channel) => !available[channel]);
    body = (
      <>
        <div className="notification-prefs-wrap">
          <table className="notification-prefs" data-testid="notification-prefs">
            <thead>
              <tr>
                <th scope="col">{t(`${N}kindColumn`)}</th>
                {NOTIFICATION_CHANNELS.map((channel) => (
                  <th key={channel} scope="col" id={`${id}-${channel}`}>
                    {t(`${N}channels.${channel}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {NOTIFICATION_KINDS.map((kind) => (
                <tr key={kind}>
                  <th scope="row" id={`${id}-${kind}`}>
                    {t(`${N}kinds.${kind}`)}
                  </th>
                  {NOTIFICATION_CHANNELS.map((channel) => (
                    <td key={channel}>
                      <input
                        type="checkbox"
                        aria-labelledby={`${id}-${kind} ${id}-${channel}`}
                        aria-describedby={available[channel] ? undefined : `${id}-hint-${channel}`}
                        checked={preferences[kind][channel]}
                        disabled={!available[channel] || saving !== null}
                        onChange={(event) => void toggle(kind, channel, event.target.checked)}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {unavailable.map((channel) => (
          <p key={channel} id={`${id}-hint-${channel}`} className="field-hint" data-testid={`notification-prefs-hint-${channel}`}>
            {t(`${N}unavailable.${channel}`)}
          </p>
        ))}
      </>
    );
  }

  return (
    <section className="card notification-prefs-card" aria-labelledby={`${id}-title`} data-testid="notification-preferences">
      <h2 id={`${id}-title`}>{t(`${N}title`)}</h2>
      <p className="muted">{t(`${N}intro`)}</p>
      {body}
      <p className="notification-prefs-status" aria-live="polite" data-testid="notification-prefs-status">
        {notice === 'saved' ? t(`${N}saved`) : null}
      </p>
      <div aria-live="assertive">
        {notice === 'saveFailed' ? (
          <p className="form-alert" data-testid="notification-prefs-save-failed">
            {t(`${N}saveFailed`)}
          </p>
        ) : null}
      </div>
    </section>
  );
}
