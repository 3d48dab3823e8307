import { describe, expect, it } from 'vitest';
import { BLOOD_GROUPS, stockGroupLabel } from './constants.ts';
import { isStockLevelStale, STOCK_GROUP_ORDER, STOCK_MESSAGES, ZStockUpdateRequest } from './stock.ts';

const DAY = 24 * 60 * 60 * 1000;
const SET = new Date('2026-11-20T02:00:00.000Z');

describe('isStockLevelStale: a level unchanged for 7 days is "chưa cập nhật"', () => {
  it('is current up to the last millisecond before 7 × 24 hours', () => {
    expect(isStockLevelStale(SET, SET)).toBe(false);
    expect(isStockLevelStale(SET, new Date(SET.getTime() + 7 * DAY - 1))).toBe(false);
  });
  it('is stale at exactly 7 × 24 hours and after', () => {
    expect(isStockLevelStale(SET, new Date(SET.getTime() + 7 * DAY))).toBe(true);
    expect(isStockLevelStale(SET, new Date(SET.getTime() + 30 * DAY))).toBe(true);
  });
  it('reads the instant the API answers, and a level never set is stale', () => {
    expect(isStockLevelStale(SET.toISOString(), new Date(SET.getTime() + 7 * DAY - 1))).toBe(false);
    expect(isStockLevelStale('2026-11-20T09:00:00+07:00', new Date(SET.getTime() + 7 * DAY))).toBe(true);
    expect(isStockLevelStale(null, SET)).toBe(true);
    expect(isStockLevelStale('not a date', SET)).toBe(true);
  });
});

describe('the stock update request', () => {
  it('takes a subset, trims notes and makes an empty note none', () => {
    const parsed = ZStockUpdateRequest.parse({
      levels: [
        { group: 'O-', level: 'CRITICAL', note: '  Cần gấp  ' },
        { group: 'AB+', level: 'HIGH', note: '' },
      ],
    });
    expect(parsed.levels).toEqual([
      { group: 'O-', level: 'CRITICAL', note: 'Cần gấp' },
      { group: 'AB+', level: 'HIGH', note: null },
    ]);
  });
  it('refuses a group twice, an empty list, an unknown level and a long note in its words', () => {
    const message = (body: unknown) => ZStockUpdateRequest.safeParse(body).error?.issues[0]?.message;
    expect(
      message({
        levels: [
          { group: 'O+', level: 'LOW' },
          { group: 'O+', level: 'OK' },
        ],
      }),
    ).toBe(STOCK_MESSAGES.groupTwice);
    expect(message({ levels: [] })).toBe(STOCK_MESSAGES.levelsRequired);
    expect(message({ levels: [{ group: 'O+', level: 'EMPTY' }] })).toBe(STOCK_MESSAGES.levelRequired);
    expect(message({ levels: [{ group: 'O+', level: 'OK', note: 'x'.repeat(201) }] })).toBe(
      STOCK_MESSAGES.noteTooLong,
    );
  });
  it('orders all eight groups and prints the minus sign', () => {
    expect([...STOCK_GROUP_ORDER].sort()).toEqual([...BLOOD_GROUPS].sort());
    expect(stockGroupLabel('AB-')).toBe('AB−');
    expect(stockGroupLabel('O+')).toBe('O+');
  });
});
