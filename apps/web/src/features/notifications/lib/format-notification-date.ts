import { TIME_ZONE } from '@giot-hong/contract';

// en-GB gives zero-padded parts and a 24-hour clock; they are reassembled below, so the output
// is the spec's dd/MM/yyyy HH:mm whatever the browser's locale and time zone.
const PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const two = (n: string) => n.padStart(2, '0');

/**
 * The other shape a `created` may take (spec section 3): day/month/year with the time first,
 * e.g. '14:30 22/11/2026' or '14:30:05 22-11-2026', already in Vietnam time.
 */
const TIME_FIRST = /^\s*(\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?\s+(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/;

/**
 * A notification's date as dd/MM/yyyy HH:mm in Vietnam time (spec section 9). A value that is
 * neither an ISO instant nor the time-first shape is logged and shown as it came (section 8).
 */
export function formatNotificationDate(created: string): string {
  const m = TIME_FIRST.exec(created);
  if (m) {
    const [, hh, mm, d, mo, y] = m as unknown as [string, string, string, string, string, string];
    if (Number(hh) < 24 && Number(mm) < 60 && Number(d) >= 1 && Number(d) <= 31 && Number(mo) >= 1 && Number(mo) <= 12) {
      return `${two(d)}/${two(mo)}/${y} ${two(hh)}:${mm}`;
    }
  }
  const date = /^\d{4}-\d{2}-\d{2}/.test(created) ? new Date(created) : new Date(Number.NaN);
  if (Number.isNaN(date.getTime())) {
    console.warn('Invalid notification date', created);
    return created;
  }
  const p: Record<string, string> = {};
  for (const part of PARTS.formatToParts(date)) p[part.type] = part.value;
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}
