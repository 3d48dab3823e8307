import { vnParts } from '../../../lib/vn-time';

/** Vietnam is UTC+7 all year (no daylight saving). */
const VN_OFFSET = '+07:00';

/**
 * The instant of a Vietnam date ('yyyy-mm-dd') and time ('HH:mm') as the form enters them, as
 * ISO-8601 UTC; '' when either part is missing or not a real date.
 */
export function vnLocalToIso(date: string, time: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return '';
  const d = new Date(`${date}T${time}:00${VN_OFFSET}`);
  if (Number.isNaN(d.getTime())) return '';
  // 2026-02-30 would roll over to March: refuse it instead.
  const back = vnParts(d.toISOString());
  if (!back || `${back.year}-${back.month}-${back.day}` !== date) return '';
  return d.toISOString();
}

/** The Vietnam date and time of an instant, as the form's date and time inputs take them. */
export function isoToVnLocal(iso: string | null | undefined): { date: string; time: string } {
  const p = iso ? vnParts(iso) : null;
  if (!p) return { date: '', time: '' };
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

/** Today's date in Vietnam ('yyyy-mm-dd'). */
export function vnToday(now = new Date()): string {
  return isoToVnLocal(now.toISOString()).date;
}
