import { describe, expect, it } from 'vitest';
import { appealState, slotChoice } from './appeal-answer';

const NOW = Date.parse('2026-12-01T00:00:00.000Z');
const at = (h: number) => new Date(NOW + h * 3_600_000).toISOString();

describe('slotChoice', () => {
  it('no slot named: any slot (the wizard offers them all)', () => {
    expect(slotChoice([], NOW)).toEqual({ kind: 'any' });
  });
  it('one slot named: that one', () => {
    expect(slotChoice([at(2)], NOW)).toEqual({ kind: 'one', start: at(2) });
  });
  it('several: the donor chooses among those still to come, earliest first, each once', () => {
    expect(slotChoice([at(3), at(-1), at(2), at(3)], NOW)).toEqual({
      kind: 'choose',
      starts: [at(2), at(3)],
    });
  });
  it('several of which one is still ahead: that one, no choice to make', () => {
    expect(slotChoice([at(-2), at(1)], NOW)).toEqual({ kind: 'one', start: at(1) });
  });
  it('every named slot has begun: any slot still open', () => {
    expect(slotChoice([at(-2), at(-1)], NOW)).toEqual({ kind: 'any' });
  });
});

describe('appealState', () => {
  it('booked wins, then ended, then the answer, else the question', () => {
    expect(appealState({ status: 'ENDED', booked: true, answer: 'COMING' })).toBe('BOOKED');
    expect(appealState({ status: 'ENDED', booked: false, answer: 'COMING' })).toBe('ENDED');
    expect(appealState({ status: 'OPEN', booked: false, answer: 'DECLINED' })).toBe('DECLINED');
    expect(appealState({ status: 'OPEN', booked: false, answer: 'COMING' })).toBe('COMING');
    expect(appealState({ status: 'OPEN', booked: false, answer: null })).toBe('ASK');
  });
});
