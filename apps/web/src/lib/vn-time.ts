import { VN_PARTS_LOCALE, VN_PARTS_OPTIONS } from './vn-time-format';

/*
 * The one home of Vietnam time on the web side. The database and the API speak UTC instants;
 * people read and type Vietnam time (the contract's TIME_ZONE) whatever their browser's zone,
 * so every date shown or entered goes through here. The offset is never written by hand: it
 * comes from the time-zone database through Intl, like on the server.
 */

// Built on first use, not when the module loads: a formatter with a time zone reads the zone's
// data (86 ms with a 4× slower CPU in ADR 47's profile, in the first long task of a page),
// also on the pages that show no date. Most of that is the browser's first use of its date
// library, whose data is shared by the page's threads: a worker has usually paid it before the
// page's first date is drawn (warmDateFormatting, called by boot.ts; ADR 75).
let parts: Intl.DateTimeFormat | undefined;
const partsFormat = () => (parts ??= new Intl.DateTimeFormat(VN_PARTS_LOCALE, VN_PARTS_OPTIONS));

/** Zero-padded day, month, year, hour and minute of an instant in Vietnam time. */
export type VnParts = { day: string; month: string; year: string; hour: string; minute: string };

/** The parts of an instant in Vietnam time, or null when `iso` is not a date. */
export function vnParts(iso: string): VnParts | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const p: Record<string, string> = {};
  for (const part of partsFormat().formatToParts(date)) p[part.type] = part.value;
  return { day: p.day!, month: p.month!, year: p.year!, hour: p.hour!, minute: p.minute! };
}

/** A campaign time as on the landing slider and in the registration wizard: `dd/mm/yyyy - HH:mm`. */
export function formatCampaignTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const p = vnParts(iso);
  return p ? `${p.day}/${p.month}/${p.year} - ${p.hour}:${p.minute}` : iso;
}

/** `dd/MM/yyyy` of an instant, in Vietnam time. */
export function formatVnDay(iso: string | null | undefined): string {
  if (!iso) return '';
  const p = vnParts(iso);
  return p ? `${p.day}/${p.month}/${p.year}` : iso;
}

/** `dd/MM/yyyy HH:mm` of an instant in Vietnam time (news, inbox, audit trail, staff logins). */
export function formatVnDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const p = vnParts(iso);
  return p ? `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}` : iso;
}

/**
 * The instant of a Vietnam date ('yyyy-mm-dd') and time ('HH:mm') as a form's date and time
 * inputs give them, as ISO-8601 UTC; '' when either part is missing or the date does not exist.
 */
export function vnLocalToIso(date: string, time: string): string {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return '';
  // The wall-clock reading taken as if it were UTC, then moved by the zone's offset at that moment.
  const asUtc = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  if (Number.isNaN(asUtc)) return '';
  const seen = vnParts(new Date(asUtc).toISOString());
  if (!seen) return '';
  const offset =
    Date.UTC(
      Number(seen.year),
      Number(seen.month) - 1,
      Number(seen.day),
      Number(seen.hour),
      Number(seen.minute),
    ) - asUtc;
  const iso = new Date(asUtc - offset).toISOString();
  // 2026-02-30 would roll over to March, 25:00 to the next day: refuse them instead.
  const back = vnParts(iso);
  if (!back || `${back.year}-${back.month}-${back.day}` !== date || `${back.hour}:${back.minute}` !== time) {
    return '';
  }
  return iso;
}

/** The Vietnam date and time of an instant, as a form's date and time inputs take them. */
export function isoToVnLocal(iso: string | null | undefined): { date: string; time: string } {
  const p = iso ? vnParts(iso) : null;
  if (!p) return { date: '', time: '' };
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

/** Today's date in Vietnam ('yyyy-mm-dd'): the day a staff member at the venue calls today. */
export function vnToday(now = new Date()): string {
  return isoToVnLocal(now.toISOString()).date;
}
