import { describe, expect, it } from 'vitest';
import { canCounsel, inboxWork, isOverdue, sortCases } from './task-rules';

describe('isOverdue', () => {
  it('is not overdue on the deadline itself: the call may still be made that day', () => {
    expect(isOverdue({ callBy: '2026-11-30', status: 'OPEN' }, '2026-11-29')).toBe(false);
    expect(isOverdue({ callBy: '2026-11-30', status: 'OPEN' }, '2026-11-30')).toBe(false);
  });

  it('is overdue from the day after, across a month and a year', () => {
    expect(isOverdue({ callBy: '2026-11-30', status: 'OPEN' }, '2026-12-01')).toBe(true);
    expect(isOverdue({ callBy: '2026-12-31', status: 'OPEN' }, '2027-01-01')).toBe(true);
  });

  it('never marks a closed case', () => {
    expect(isOverdue({ callBy: '2026-11-01', status: 'CLOSED' }, '2026-12-01')).toBe(false);
  });
});

describe('sortCases', () => {
  const open = (callBy: string, openedAt: string) =>
    ({ callBy, openedAt, closedAt: null, status: 'OPEN' }) as const;
  it('puts the earliest deadline first, then the oldest case', () => {
    const a = open('2026-11-30', '2026-11-27T02:00:00Z');
    const b = open('2026-11-28', '2026-11-25T02:00:00Z');
    const c = open('2026-11-30', '2026-11-27T01:00:00Z');
    expect(sortCases([a, b, c])).toEqual([b, c, a]);
  });

  it('lists closed cases most recently closed first', () => {
    const closed = (closedAt: string) =>
      ({ callBy: '2026-11-30', openedAt: '2026-11-27T00:00:00Z', closedAt, status: 'CLOSED' }) as const;
    const early = closed('2026-11-28T03:00:00Z');
    const late = closed('2026-11-29T03:00:00Z');
    expect(sortCases([early, late])).toEqual([late, early]);
  });
});

describe('canCounsel', () => {
  it('lets an ADMIN in without any permission', () => {
    expect(canCounsel('ADMIN', undefined)).toBe(true);
    expect(canCounsel('ADMIN', [])).toBe(true);
  });

  it('lets a staff member in only with RESULT_COUNSELLING', () => {
    expect(canCounsel('STAFF', ['RESULT_COUNSELLING'])).toBe(true);
    expect(canCounsel('STAFF', [])).toBe(false);
    expect(canCounsel('STAFF', undefined)).toBe(false);
  });

  it('never lets a donor in', () => {
    expect(canCounsel('DONOR', ['RESULT_COUNSELLING'])).toBe(false);
  });
});

describe('inboxWork', () => {
  const w = { identityReviews: 4, inboxNew: 2, bloodGroupTasksOpen: 1, counsellingOpen: 3 };
  it('adds the open tasks to the new messages', () => {
    expect(inboxWork(w)).toEqual({ messages: 2, tasks: 4, total: 6 });
  });

  it('counts no counselling for someone not allowed to know of it', () => {
    expect(inboxWork({ ...w, counsellingOpen: null })).toEqual({ messages: 2, tasks: 1, total: 3 });
  });
});
