// Free slots between busy periods: pure, so the arithmetic is tested on its
// own. Busy periods may overlap, touch, come unsorted or reach outside the
// range. Slots follow each other from the start of every free gap, which is
// rounded up to a whole 5 minutes so a slot never starts at 14:03:27.
export interface Period {
  start: string;
  end: string;
}

const STEP_MS = 5 * 60_000;
/** Slots one answer lists at most. */
export const MAX_SLOTS = 100;

const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

export function freeSlots(busy: readonly Period[], from: string, to: string, durationMinutes: number, max = MAX_SLOTS): Period[] {
  const rangeStart = Date.parse(from);
  const rangeEnd = Date.parse(to);
  const duration = durationMinutes * 60_000;
  if (!(rangeEnd > rangeStart) || !(duration > 0)) return [];
  const periods = busy
    .map((period) => ({ start: Date.parse(period.start), end: Date.parse(period.end) }))
    .filter((period) => period.end > period.start && period.end > rangeStart && period.start < rangeEnd)
    .sort((a, b) => a.start - b.start);
  const slots: Period[] = [];
  let cursor = rangeStart;
  const fill = (until: number) => {
    for (let start = Math.ceil(cursor / STEP_MS) * STEP_MS; start + duration <= until && slots.length < max; start += duration) slots.push({ start: iso(start), end: iso(start + duration) });
  };
  for (const period of periods) {
    if (period.start > cursor) fill(period.start);
    cursor = Math.max(cursor, period.end);
  }
  if (cursor < rangeEnd) fill(rangeEnd);
  return slots;
}
