// Run and step durations for the run views, the run graph and the builder's
// last-run overlay. Pure, and free of zod (unlike runModel.ts).

/** Milliseconds between start and end (or now, while it runs); null before it starts. */
export function durationMs(startedAt: string | null, endedAt: string | null, now: number = Date.now()): number | null {
  if (!startedAt) return null;
  const start = Date.parse(startedAt);
  const end = endedAt ? Date.parse(endedAt) : now;
  if (Number.isNaN(start) || Number.isNaN(end)) return null;
  return Math.max(0, end - start);
}

/** '850 ms', '4.2 s', '2 min, 5 s' in the language's own units (Intl), so no catalog text is needed. */
export function formatDuration(ms: number, language: string): string {
  const unit = (value: number, name: 'millisecond' | 'second' | 'minute' | 'hour', digits = 0) =>
    new Intl.NumberFormat(language, { style: 'unit', unit: name, unitDisplay: 'short', maximumFractionDigits: digits }).format(value);
  if (ms < 1000) return unit(Math.round(ms), 'millisecond');
  if (ms < 60_000) return unit(ms / 1000, 'second', 1);
  const totalSeconds = Math.round(ms / 1000);
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  const parts = hours > 0 ? [unit(hours, 'hour'), unit(minutes, 'minute')] : [unit(minutes, 'minute'), unit(seconds, 'second')];
  return parts.join(' ');
}
