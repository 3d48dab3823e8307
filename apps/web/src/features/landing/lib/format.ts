import { TIME_ZONE } from '@giot-hong/contract';

// en-GB gives zero-padded day/month and a 24-hour clock; the parts are reassembled below so the
// output does not depend on a locale's separators.
const PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** A campaign time on the landing page: `dd/mm/yyyy - HH:mm` in Vietnam time (spec section 9). */
export function formatLandingTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const p: Record<string, string> = {};
  for (const part of PARTS.formatToParts(date)) p[part.type] = part.value;
  return `${p.day}/${p.month}/${p.year} - ${p.hour}:${p.minute}`;
}

/** Registrations against the target as a whole percentage, capped at 100 (spec section 9). */
export function registrationPercent(appointmentCount: number, targetBloodUnits: number): number {
  if (!(targetBloodUnits > 0)) return appointmentCount > 0 ? 100 : 0;
  return Math.round(Math.min(100, Math.max(0, (appointmentCount / targetBloodUnits) * 100)));
}
