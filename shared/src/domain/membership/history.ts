// Token usage history for the Usage chart: entries summed into calendar
// buckets (days for week and month, months for year), oldest first, every
// bucket present, labels in the reader's language. Pure: no Firebase, no React.
import type { SupportedLanguage } from '../i18n/languages.js';
import type { UsagePeriod, UsagePoint } from './model.js';

/** The BCP 47 locale each supported language formats dates in. */
export const HISTORY_LOCALES: Readonly<Record<SupportedLanguage, string>> = {
  en: 'en-US',
  es: 'es-ES',
  fr: 'fr-FR',
  de: 'de-DE',
  it: 'it-IT',
};

export const USAGE_PERIODS: readonly UsagePeriod[] = ['week', 'month', 'year'];

export function isUsagePeriod(value: unknown): value is UsagePeriod {
  return typeof value === 'string' && (USAGE_PERIODS as readonly string[]).includes(value);
}

/** True when Intl knows the IANA time zone ('UTC', 'Europe/Madrid'...). */
export function isValidTimeZone(timeZone: unknown): timeZone is string {
  if (typeof timeZone !== 'string' || timeZone.length === 0 || timeZone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

export interface UsageHistoryEntry {
  timestamp: Date | string;
  tokensUsed: number;
}

interface CalendarDay {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar day an instant falls on in the time zone. */
function calendarDay(instant: Date, timeZone: string): CalendarDay {
  let format = partsFormatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' });
    partsFormatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) };
}

/** Noon UTC of a calendar day (Date.UTC normalises overflowing days and months). */
const utcNoon = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day, 12));
const dayKey = (date: Date) => date.toISOString().slice(0, 10);
const monthKey = (date: Date) => date.toISOString().slice(0, 7);
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

interface Bucket {
  key: string;
  label: string;
}

function buckets(period: UsagePeriod, today: CalendarDay, locale: string): Bucket[] {
  if (period === 'year') {
    // The twelve months up to and including the current one.
    const format = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', month: 'short' });
    return Array.from({ length: 12 }, (_, index) => {
      const date = utcNoon(today.year, today.month - 11 + index, 1);
      return { key: monthKey(date), label: format.format(date) };
    });
  }
  let days: number;
  let format: Intl.DateTimeFormat;
  if (period === 'week') {
    days = 7;
    format = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', weekday: 'short' });
  } else {
    // One month back: the days after the same date last month (clamped to
    // that month's length) up to and including today.
    const previousMonth = today.month === 1 ? { year: today.year - 1, month: 12 } : { year: today.year, month: today.month - 1 };
    const start = utcNoon(previousMonth.year, previousMonth.month, Math.min(today.day, daysInMonth(previousMonth.year, previousMonth.month)));
    days = Math.round((utcNoon(today.year, today.month, today.day).getTime() - start.getTime()) / 86_400_000);
    format = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', month: 'short', day: 'numeric' });
  }
  return Array.from({ length: days }, (_, index) => {
    const date = utcNoon(today.year, today.month, today.day - (days - 1) + index);
    return { key: dayKey(date), label: format.format(date) };
  });
}

/**
 * Usage per bucket for the period ending at `now`: week = the last 7 days
 * (weekday labels), month = the days since one month ago (month-and-day
 * labels), year = the last 12 months (month labels). Days are calendar days in
 * `timeZone`. Entries outside the period (or after `now`) and invalid ones are ignored;
 * credits (negative tokensUsed) lower their bucket, which never goes below 0.
 */
export function usageHistory(entries: readonly UsageHistoryEntry[], period: UsagePeriod, now: Date, language: SupportedLanguage, timeZone = 'UTC'): UsagePoint[] {
  const zone = isValidTimeZone(timeZone) ? timeZone : 'UTC';
  const locale = HISTORY_LOCALES[language] ?? HISTORY_LOCALES.en;
  const list = buckets(isUsagePeriod(period) ? period : 'month', calendarDay(now, zone), locale);
  const totals = new Map<string, number>(list.map((bucket) => [bucket.key, 0]));
  for (const entry of entries) {
    const instant = entry.timestamp instanceof Date ? entry.timestamp : new Date(entry.timestamp);
    if (Number.isNaN(instant.getTime()) || instant.getTime() > now.getTime() || !Number.isFinite(entry.tokensUsed)) continue;
    const day = calendarDay(instant, zone);
    const date = utcNoon(day.year, day.month, day.day);
    const key = period === 'year' ? monthKey(date) : dayKey(date);
    const total = totals.get(key);
    if (total !== undefined) totals.set(key, total + entry.tokensUsed);
  }
  return list.map((bucket) => ({ label: bucket.label, tokens: Math.max(0, totals.get(bucket.key) ?? 0) }));
}

/** The first instant the period's history can include (for querying entries). */
export function usageHistoryStart(period: UsagePeriod, now: Date): Date {
  // Generous by two days so every time zone's first bucket is covered.
  const back = period === 'week' ? 9 : period === 'year' ? 368 : 33;
  return new Date(now.getTime() - back * 86_400_000);
}
