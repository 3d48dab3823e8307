/** Vietnam has no daylight saving time: it is always UTC+7. */
export const VN_OFFSET_MS = 7 * 60 * 60 * 1000;

/** The calendar date in Vietnam of an instant, as {y, m (0-based), d}. */
export function vnCalendarDate(at: Date) {
  const shifted = new Date(at.getTime() + VN_OFFSET_MS);
  return { y: shifted.getUTCFullYear(), m: shifted.getUTCMonth(), d: shifted.getUTCDate() };
}

/** The instant of `hour` (fractional allowed) Vietnam time, `dayOffset` days after the Vietnam date of `from`. */
export function vnTimeOnDay(from: Date, dayOffset: number, hour: number): Date {
  const { y, m, d } = vnCalendarDate(from);
  const minutes = Math.round(hour * 60);
  return new Date(Date.UTC(y, m, d + dayOffset, 0, minutes) - VN_OFFSET_MS);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** dd/MM/yyyy of an instant in Vietnam. */
export function formatVnDate(at: Date): string {
  const { y, m, d } = vnCalendarDate(at);
  return `${pad(d)}/${pad(m + 1)}/${y}`;
}

/** Midnight (Vietnam) starting the Vietnam calendar day of `at`, as an instant. */
export function vnStartOfDay(at: Date): Date {
  return vnTimeOnDay(at, 0, 0);
}

/**
 * Age in whole years, on the Vietnam calendar date of `at`, of someone born on `dob`
 * (dd/MM/yyyy as read from an ID card): the birthday itself counts as the new year of age.
 * Undefined when `dob` is not such a date.
 */
export function ageOnVnDate(dob: string, at: Date): number | undefined {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(dob.trim());
  if (!match) return undefined;
  const [bd, bm, by] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  if (bm < 0 || bm > 11 || bd < 1 || bd > 31) return undefined;
  const { y, m, d } = vnCalendarDate(at);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}
