import { freeSlots } from './freeSlots.js';

const day = (time: string) => `2026-11-26T${time}:00Z`;
const starts = (slots: { start: string }[]) => slots.map((slot) => slot.start.slice(11, 16));

describe('freeSlots', () => {
  it('fills the gaps between busy periods with back-to-back slots of the length', () => {
    const slots = freeSlots([{ start: day('10:00'), end: day('11:00') }], day('09:00'), day('12:00'), 30);
    expect(slots).toEqual([
      { start: day('09:00'), end: day('09:30') },
      { start: day('09:30'), end: day('10:00') },
      { start: day('11:00'), end: day('11:30') },
      { start: day('11:30'), end: day('12:00') },
    ]);
  });

  it('merges overlapping, touching and unsorted busy periods', () => {
    const busy = [
      { start: day('13:00'), end: day('14:00') },
      { start: day('09:30'), end: day('10:30') },
      { start: day('10:00'), end: day('11:00') },
      { start: day('11:00'), end: day('11:15') },
    ];
    expect(starts(freeSlots(busy, day('09:00'), day('15:00'), 60))).toEqual(['11:15', '14:00']);
  });

  it('skips gaps shorter than the length and busy periods outside the range', () => {
    const busy = [
      { start: day('07:00'), end: day('08:00') },
      { start: day('09:20'), end: day('10:00') },
      { start: day('10:45'), end: day('12:00') },
      { start: day('13:00'), end: day('15:00') },
    ];
    expect(starts(freeSlots(busy, day('09:00'), day('12:30'), 30))).toEqual(['10:00', '12:00']);
  });

  it('rounds a gap’s start up to whole 5 minutes', () => {
    expect(starts(freeSlots([{ start: day('09:00'), end: day('09:03') }], '2026-11-26T08:57:27Z', day('09:40'), 15))).toEqual(['09:05', '09:20']);
  });

  it('gives none when the day is busy or the range is empty, and stops at the maximum', () => {
    expect(freeSlots([{ start: day('08:00'), end: day('18:00') }], day('09:00'), day('17:00'), 30)).toEqual([]);
    expect(freeSlots([], day('10:00'), day('10:00'), 30)).toEqual([]);
    expect(freeSlots([], day('00:00'), '2026-11-27T00:00:00Z', 5, 10)).toHaveLength(10);
  });

  it('reads busy times with offsets as the same instants', () => {
    expect(starts(freeSlots([{ start: '2026-11-26T11:00:00+01:00', end: '2026-11-26T12:00:00+01:00' }], day('09:00'), day('12:00'), 60))).toEqual(['09:00', '11:00']);
  });
});
