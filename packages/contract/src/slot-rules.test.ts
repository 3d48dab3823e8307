import { describe, expect, it } from 'vitest';
import { SLOT_RULES, defaultSlotCapacity, slotEnd, slotLabel, slotStarts, vnClock } from './slot-rules.ts';

const vn = (hhmm: string) => new Date(`2026-11-25T${hhmm}:00+07:00`);
const labels = (start: string, end: string, minutes: number) =>
  slotStarts(vn(start), vn(end), minutes).map((s) => slotLabel(s, slotEnd(s, vn(end), minutes)));

describe('slot generation', () => {
  it('divides a window exactly divisible by the length', () => {
    expect(labels('07:00', '09:00', 30)).toEqual([
      '07:00 – 07:30',
      '07:30 – 08:00',
      '08:00 – 08:30',
      '08:30 – 09:00',
    ]);
  });

  it('ends with a shorter slot when the window is not divisible by the length', () => {
    expect(labels('07:00', '08:15', 30)).toEqual(['07:00 – 07:30', '07:30 – 08:00', '08:00 – 08:15']);
    expect(labels('13:30', '16:30', 45)).toEqual([
      '13:30 – 14:15',
      '14:15 – 15:00',
      '15:00 – 15:45',
      '15:45 – 16:30',
    ]);
  });

  it('gives one slot to a window shorter than the length, none to an empty or inverted one', () => {
    expect(labels('07:00', '07:10', 30)).toEqual(['07:00 – 07:10']);
    expect(slotStarts(vn('07:00'), vn('07:00'), 30)).toEqual([]);
    expect(slotStarts(vn('08:00'), vn('07:00'), 30)).toEqual([]);
  });

  it('the window end is never a slot start; starts are exact instants', () => {
    const starts = slotStarts(vn('07:00'), vn('08:00'), 30);
    expect(starts.map((s) => s.toISOString())).toEqual([
      '2026-11-25T00:00:00.000Z',
      '2026-11-25T00:30:00.000Z',
    ]);
  });

  it('never yields more than the safety bound', () => {
    const long = slotStarts(new Date('2026-11-01T00:00:00Z'), new Date('2026-12-01T00:00:00Z'), 10);
    expect(long).toHaveLength(SLOT_RULES.maxSlots);
  });

  it('derives a capacity from the target, with a default when there is none', () => {
    expect(defaultSlotCapacity(500, 9)).toBe(56);
    expect(defaultSlotCapacity(40, 8)).toBe(5);
    expect(defaultSlotCapacity(3, 8)).toBe(1);
    expect(defaultSlotCapacity(0, 8)).toBe(SLOT_RULES.defaultCapacity);
    expect(defaultSlotCapacity(null, 8)).toBe(SLOT_RULES.defaultCapacity);
    expect(defaultSlotCapacity(100, 0)).toBe(SLOT_RULES.defaultCapacity);
  });

  it('shows times in Vietnam time whatever the instant', () => {
    expect(vnClock('2026-11-25T01:30:00Z')).toBe('08:30');
    expect(vnClock('2026-11-24T17:00:00Z')).toBe('00:00');
  });
});
