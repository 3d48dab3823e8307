/*
 * Vietnam's wall clock (UTC+7 all year, no daylight saving), computed here independently of the
 * app, for the texts the pages must show.
 */

const VN_OFFSET_MS = 7 * 3_600_000;
const two = (n: number) => String(n).padStart(2, '0');

/** The parts of an instant as the pages write them in Vietnam. */
export function vn(iso: string) {
  const d = new Date(Date.parse(iso) + VN_OFFSET_MS);
  const date = `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
  const time = `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
  return {
    /** dd/mm/yyyy */
    date,
    /** HH:mm */
    time,
    /** dd/mm/yyyy HH:mm */
    full: `${date} ${time}`,
    /** "5 tháng 3 năm 2026" */
    long: `${d.getUTCDate()} tháng ${d.getUTCMonth() + 1} năm ${d.getUTCFullYear()}`,
  };
}

/** yyyy-mm-dd of a day `offsetDays` from today, in Vietnam. */
export const vnDay = (offsetDays: number) =>
  new Date(Date.now() + VN_OFFSET_MS + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** An ISO instant at a Vietnam wall time `hhmm` on the day `days` from today. */
export const vnAt = (days: number, hhmm: string) => new Date(`${vnDay(days)}T${hhmm}:00+07:00`).toISOString();
