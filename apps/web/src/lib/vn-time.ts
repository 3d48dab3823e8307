import { TIME_ZONE } from '@giot-hong/contract';

// en-GB gives zero-padded parts and a 24-hour clock; callers reassemble them, so what the portal
// shows is the spec's shape whatever the browser's locale and time zone (spec section 9).
const PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Zero-padded day, month, year, hour and minute of an instant in Vietnam time. */
export type VnParts = { day: string; month: string; year: string; hour: string; minute: string };

/** The parts of an instant in Vietnam time, or null when `iso` is not a date. */
export function vnParts(iso: string): VnParts | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const p: Record<string, string> = {};
  for (const part of PARTS.formatToParts(date)) p[part.type] = part.value;
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
