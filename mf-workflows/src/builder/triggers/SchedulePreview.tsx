// The schedule trigger's cron in words, in the reader's language, and its
// next five times in the trigger's time zone (nextScheduleTimes: croner, as
// the scheduler), so what the builder shows is when runs start.
import { useEffect, useMemo, useState } from 'react';
import { useI18n, useRemoteCatalogs } from '@agentflow/shared';
import { SCHEDULE_PREVIEW_COUNT, nextScheduleTimes } from '@agentflow/shared/schedule';
import { describeCron, loadCronLocale } from './cronDescription';
import { TRIGGERS_CATALOGS } from './i18n';
import './triggers.css';

export interface SchedulePreviewProps {
  params: Record<string, unknown>;
  /** Whether the workflow is switched on (off: the times start no runs, and it says so). */
  active: boolean;
  /** The clock (tests). */
  now?: () => Date;
}

export default function SchedulePreview({ params, active, now = () => new Date() }: SchedulePreviewProps) {
  useRemoteCatalogs(TRIGGERS_CATALOGS);
  const { t, language } = useI18n();
  const [loadedLanguage, setLoadedLanguage] = useState<string | null>(language === 'en' ? 'en' : null);
  useEffect(() => {
    let current = true;
    void loadCronLocale(language).then(
      () => current && setLoadedLanguage(language),
      // A locale that did not load (offline): the description waits; the times still show.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [language]);

  const expression = typeof params.cron === 'string' ? params.cron.trim() : '';
  const timeZone = typeof params.timeZone === 'string' && params.timeZone !== '' ? params.timeZone : 'UTC';
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the clock is read once per expression and zone
  const times = useMemo(() => (expression ? nextScheduleTimes(expression, timeZone, SCHEDULE_PREVIEW_COUNT, now()) : null), [expression, timeZone]);
  const description = loadedLanguage === language && expression ? describeCron(expression, language) : null;
  const format = useMemo(() => {
    try {
      return new Intl.DateTimeFormat(language, { timeZone, weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
    } catch {
      return null;
    }
  }, [language, timeZone]);

  return (
    <section className="schedule-preview" data-testid="schedule-preview" aria-labelledby="schedule-preview-title">
      <h3 id="schedule-preview-title">{t('workflows.triggers.schedule.title')}</h3>
      {!times || !format ? (
        <p className="muted">{t('workflows.triggers.schedule.invalid')}</p>
      ) : (
        <>
          {description ? (
            <p className="schedule-preview-description" data-testid="cron-description">
              {description}
            </p>
          ) : loadedLanguage !== language ? (
            <p className="muted">{t('workflows.triggers.schedule.loading')}</p>
          ) : null}
          <p>{t('workflows.triggers.schedule.next', { count: times.length, zone: timeZone })}</p>
          <ol data-testid="schedule-next-times">
            {times.map((time) => (
              <li key={time.toISOString()}>
                <time dateTime={time.toISOString()}>{format.format(time)}</time>
              </li>
            ))}
          </ol>
          {!active ? <p className="muted">{t('workflows.triggers.schedule.inactive')}</p> : null}
        </>
      )}
    </section>
  );
}
