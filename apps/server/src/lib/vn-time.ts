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
