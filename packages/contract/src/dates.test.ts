import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  addDays,
  checkDayRange,
  DATE_MESSAGES,
  dayNumber,
  daysBetween,
  parseInstant,
  vnDayStart,
  zBirthDate,
  zDay,
  zInstant,
  zVnDate,
} from './dates.ts';

const message = 'Ngày không hợp lệ';
const errorOf = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? null : r.error.issues[0]!.message;
};

describe('dayNumber', () => {
  it('reads real calendar days only', () => {
    expect(dayNumber('1970-01-01')).toBe(0);
    expect(dayNumber('2024-02-29')).toBe(19782);
    // 2025-02-30 used to be stored as 2 March.
    for (const bad of ['2025-02-30', '2023-02-29', '2025-13-01', '2025-00-10', '2025-1-1', '20250101', ''])
      expect(dayNumber(bad), bad).toBeNull();
  });

  it('orders days by number where their text would not', () => {
    // The day after 9999-12-31 is +010000-01-01, which sorts before it as text.
    expect(addDays('9999-12-31', 1) < '9999-12-31').toBe(true);
    expect(dayNumber('9999-12-31')! + 1).toBeGreaterThan(dayNumber('9999-12-31')!);
  });
});

describe('daysBetween', () => {
  it('lists the days of a range, both ends included', () => {
    expect(daysBetween('2026-02-27', '2026-03-02')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(daysBetween('2026-03-02', '2026-03-01')).toEqual([]);
    expect(daysBetween('2026-01-05', '2026-01-20', 7)).toEqual(['2026-01-05', '2026-01-12', '2026-01-19']);
  });

  it('never runs past its cap, whatever the input', () => {
    expect(daysBetween('9999-12-25', '9999-12-31')).toHaveLength(7);
    expect(daysBetween('0001-01-01', '9999-12-31')).toHaveLength(366);
    expect(daysBetween('2026-01-01', '2026-12-31', 1, 10)).toHaveLength(10);
  });
});

describe('zDay', () => {
  const schema = zDay({ message });
  it('takes a real day of 2000–2100', () => {
    expect(schema.parse('2026-11-27')).toBe('2026-11-27');
    expect(schema.parse('2000-01-01')).toBe('2000-01-01');
    expect(schema.parse('2100-12-31')).toBe('2100-12-31');
  });
  it("refuses other days with the field's message or the years allowed", () => {
    expect(errorOf(schema, '2025-02-30')).toBe(message);
    expect(errorOf(schema, 'not a day')).toBe(message);
    expect(errorOf(schema, 42)).toBe(message);
    expect(errorOf(schema, '0000-01-01')).toBe(DATE_MESSAGES.yearRange(2000, 2100));
    expect(errorOf(schema, '0001-01-01')).toBe(DATE_MESSAGES.yearRange(2000, 2100));
    expect(errorOf(schema, '9999-12-31')).toBe(DATE_MESSAGES.yearRange(2000, 2100));
    expect(errorOf(schema, '1999-12-31')).toBe(DATE_MESSAGES.yearRange(2000, 2100));
  });
  it('takes an empty filter only when told', () => {
    expect(errorOf(schema, '')).toBe(message);
    expect(zDay({ message, allowEmpty: true }).parse('')).toBe('');
  });
});

describe('zBirthDate and zVnDate', () => {
  it('takes dd/mm/yyyy birth dates from 1900', () => {
    const schema = zBirthDate({ message });
    expect(schema.parse('29/02/1904')).toBe('29/02/1904');
    expect(schema.parse(' 01/01/1900 ')).toBe('01/01/1900');
    expect(errorOf(schema, '30/02/1990')).toBe(message);
    expect(errorOf(schema, '1990-02-01')).toBe(message);
    expect(errorOf(schema, '31/12/1899')).toBe(DATE_MESSAGES.yearRange(1900, 2100));
    expect(errorOf(schema, '01/01/0000')).toBe(DATE_MESSAGES.yearRange(1900, 2100));
  });
  it('takes the words that stand for a date when told', () => {
    const schema = zVnDate({ message, accept: ['Không thời hạn'] });
    expect(schema.parse('Không thời hạn')).toBe('Không thời hạn');
    expect(schema.parse('12/03/2041')).toBe('12/03/2041');
    expect(errorOf(schema, 'Vĩnh viễn')).toBe(message);
  });
});

describe('zInstant', () => {
  const schema = zInstant({ message });
  it('takes ISO instants with a zone', () => {
    expect(schema.parse('2026-12-05T00:30:00.000Z')).toBe('2026-12-05T00:30:00.000Z');
    expect(schema.parse('2026-12-05T07:30+07:00')).toBe('2026-12-05T07:30+07:00');
    expect(parseInstant('2026-12-05T07:30:00+07:00')!.at.toISOString()).toBe('2026-12-05T00:30:00.000Z');
  });
  it('refuses instants without a zone, on days that do not exist, or out of range', () => {
    expect(errorOf(schema, '2026-12-05T07:30:00')).toBe(message);
    expect(errorOf(schema, '2025-02-30T00:00:00Z')).toBe(message);
    expect(errorOf(schema, 'Tue Nov 25 2025')).toBe(message);
    expect(errorOf(schema, '+275760-09-13T00:00:00.000Z')).toBe(message);
    expect(errorOf(schema, '-271821-04-20T00:00:00.000Z')).toBe(message);
    expect(errorOf(schema, '0000-01-01T00:00:00Z')).toBe(DATE_MESSAGES.yearRange(2000, 2100));
    expect(errorOf(schema, '2101-01-01T00:00:00Z')).toBe(DATE_MESSAGES.yearRange(2000, 2100));
  });
});

describe('checkDayRange', () => {
  const schema = z
    .object({ from: zDay({ message }), to: zDay({ message }) })
    .superRefine((v, ctx) => checkDayRange(v, ctx, 366));
  it('takes at most 366 days, both ends included, in order', () => {
    expect(schema.safeParse({ from: '2024-01-01', to: '2024-12-31' }).success).toBe(true);
    expect(errorOf(schema, { from: '2024-01-01', to: '2025-01-01' })).toBe(DATE_MESSAGES.rangeTooLong(366));
    expect(errorOf(schema, { from: '2024-01-02', to: '2024-01-01' })).toBe(DATE_MESSAGES.toBeforeFrom);
  });
});

describe('vnDayStart', () => {
  it('is 17:00 UTC of the day before', () => {
    expect(vnDayStart('2026-11-27').toISOString()).toBe('2026-11-26T17:00:00.000Z');
    expect(() => vnDayStart('2026-02-30')).toThrow(RangeError);
  });
});
