import { z } from 'zod';

/*
 * Every date and date-time the API takes goes through this module: one reading of the text, the
 * same checks everywhere. Why a module of its own: `Date.parse` quietly rolls '2025-02-30' over to
 * 2 March, accepts years 0 and ±275760 (which PostgreSQL refuses with an error, a 500), and reads a
 * time without a zone in the server's own zone. And date *strings* do not sort like dates once the
 * year leaves four digits: a loop `for (d = from; d <= to; d = next(d))` that was given 9999-12-31
 * never ended. Here a day is a whole number (days since 1970-01-01) and loops are capped.
 */

/** Years a date may have: birth dates reach back to 1900; everything else the portal handles is 2000–2100. */
export const DATE_LIMITS = {
  minYear: 2000,
  maxYear: 2100,
  birthMinYear: 1900,
  /** The longest span of any range filter (days, both ends included): dashboard, audit trail. */
  maxRangeDays: 366,
} as const;

export const DATE_MESSAGES = {
  yearRange: (min: number, max: number) => `Năm phải trong khoảng từ ${min} đến ${max}`,
  toBeforeFrom: 'Ngày kết thúc phải từ ngày bắt đầu trở đi',
  rangeTooLong: (days: number) => `Khoảng thời gian không quá ${days} ngày`,
} as const;

const DAY_MS = 86_400_000;
const VN_OFFSET_MS = 7 * 3_600_000;

/** Days since 1970-01-01 of a real calendar day, or null (30 February, month 13 …). */
function calendarDay(year: number, month: number, day: number): number | null {
  // setUTCFullYear, not Date.UTC: the latter reads years 0–99 as 1900–1999.
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  // The round trip catches every roll-over (30 February becomes 2 March).
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return d.getTime() / DAY_MS;
}

const ISO_DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const VN_DAY_RE = /^(\d{2})\/(\d{2})\/(\d{4})$/;
/** yyyy-mm-ddThh:mm[:ss[.fff]] with a zone (Z or ±hh:mm): a time without one would mean the server's zone. */
const ISO_INSTANT_RE =
  /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d{1,9})?)?(Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;

/** The day number of 'yyyy-mm-dd' (a real calendar day), or null. Years are not limited here. */
export function dayNumber(text: string): number | null {
  const m = ISO_DAY_RE.exec(text);
  return m ? calendarDay(Number(m[1]), Number(m[2]), Number(m[3])) : null;
}

/** 'yyyy-mm-dd' of a day number. */
export const dayOfNumber = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** 'yyyy-mm-dd' of the day `n` days after `day` (n may be negative). */
export function addDays(day: string, n: number): string {
  const d = dayNumber(day);
  if (d === null) throw new RangeError(`not a day: ${day}`);
  return dayOfNumber(d + n);
}

/** yyyy-mm-dd of an instant in Vietnam (UTC+7, no daylight saving). */
export const vnDayOf = (at: string | number | Date) =>
  new Date(new Date(at).getTime() + VN_OFFSET_MS).toISOString().slice(0, 10);

/** The instant Vietnam's day 'yyyy-mm-dd' begins (00:00 in Vietnam is 17:00 UTC the day before). */
export function vnDayStart(day: string): Date {
  const d = dayNumber(day);
  if (d === null) throw new RangeError(`not a day: ${day}`);
  return new Date(d * DAY_MS - VN_OFFSET_MS);
}

/**
 * The whole days from `from` to `to`, both included, as 'yyyy-mm-dd' — never more than `cap`
 * (DATE_LIMITS.maxRangeDays by default) whatever the input: a loop over days cannot run away.
 */
export function daysBetween(
  from: string,
  to: string,
  step = 1,
  cap: number = DATE_LIMITS.maxRangeDays,
): string[] {
  const a = dayNumber(from);
  const b = dayNumber(to);
  if (a === null || b === null || step < 1) return [];
  const out: string[] = [];
  for (let n = a; n <= b && out.length < cap; n += step) out.push(dayOfNumber(n));
  return out;
}

/** The instant of an ISO 8601 date-time with a zone, when its date is a real calendar day; else null. */
export function parseInstant(text: string): { at: Date; year: number } | null {
  const m = ISO_INSTANT_RE.exec(text);
  if (!m || calendarDay(Number(m[1]), Number(m[2]), Number(m[3])) === null) return null;
  return { at: new Date(Date.parse(text)), year: Number(m[1]) };
}

type DateFieldOptions = {
  /** The field's own message for anything that is not such a date (the form shows it). */
  message: string;
  minYear?: number;
  maxYear?: number;
  /** '' passes (a filter left empty). */
  allowEmpty?: boolean;
};

function yearCheck(year: number, o: DateFieldOptions, ctx: z.RefinementCtx) {
  const min = o.minYear ?? DATE_LIMITS.minYear;
  const max = o.maxYear ?? DATE_LIMITS.maxYear;
  if (year < min || year > max) ctx.addIssue({ code: 'custom', message: DATE_MESSAGES.yearRange(min, max) });
}

/**
 * A day 'yyyy-mm-dd': a real calendar day with a year of 2000–2100 (unless told otherwise).
 * Anything else is a 400 with the field's message (or the year range's).
 */
export function zDay(o: DateFieldOptions) {
  return z
    .string({ error: o.message })
    .max(10, o.message)
    .superRefine((s, ctx) => {
      if (s === '' && o.allowEmpty) return;
      if (dayNumber(s) === null) return void ctx.addIssue({ code: 'custom', message: o.message });
      yearCheck(Number(s.slice(0, 4)), o, ctx);
    });
}

/**
 * A day as printed on Vietnamese cards, 'dd/mm/yyyy': a real calendar day, 2000–2100 unless told
 * otherwise; `accept` names words that stand for a date ('Không thời hạn' for a card's expiry).
 */
export function zVnDate(o: DateFieldOptions & { accept?: readonly string[] }) {
  return z
    .string({ error: o.message })
    .trim()
    .max(40, o.message)
    .superRefine((s, ctx) => {
      if ((s === '' && o.allowEmpty) || o.accept?.includes(s)) return;
      const m = VN_DAY_RE.exec(s);
      if (!m || calendarDay(Number(m[3]), Number(m[2]), Number(m[1])) === null)
        return void ctx.addIssue({ code: 'custom', message: o.message });
      yearCheck(Number(m[3]), o, ctx);
    });
}

/** A birth date 'dd/mm/yyyy' (years 1900–2100). */
export const zBirthDate = (o: DateFieldOptions) => zVnDate({ minYear: DATE_LIMITS.birthMinYear, ...o });

/** An instant: ISO 8601 with a zone (what `Date.toISOString()` gives), a real day, year 2000–2100. */
export function zInstant(o: DateFieldOptions) {
  return z
    .string({ error: o.message })
    .max(40, o.message)
    .superRefine((s, ctx) => {
      const parsed = parseInstant(s);
      if (!parsed) return void ctx.addIssue({ code: 'custom', message: o.message });
      yearCheck(parsed.year, o, ctx);
    });
}

/**
 * A range filter's check: `to` not before `from`, and at most `maxDays` days with both ends
 * included. Runs only when both ends are valid days (their own checks speak otherwise).
 */
export function checkDayRange(
  v: { from?: string | null; to?: string | null },
  ctx: z.RefinementCtx,
  maxDays: number = DATE_LIMITS.maxRangeDays,
) {
  const a = v.from ? dayNumber(v.from) : null;
  const b = v.to ? dayNumber(v.to) : null;
  if (a === null || b === null) return;
  if (b < a) ctx.addIssue({ code: 'custom', path: ['to'], message: DATE_MESSAGES.toBeforeFrom });
  else if (b - a + 1 > maxDays)
    ctx.addIssue({ code: 'custom', path: ['to'], message: DATE_MESSAGES.rangeTooLong(maxDays) });
}
