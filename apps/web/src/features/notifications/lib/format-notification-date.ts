import { vnParts } from '../../../lib/vn-time';

const two = (n: string) => n.padStart(2, '0');

/**
 * The other shape a `created` may take: day/month/year with the time first,
 * e.g. '14:30 22/11/2026' or '14:30:05 22-11-2026', already in Vietnam time.
 */
const TIME_FIRST = /^\s*(\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?\s+(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/;

/**
 * A notification's date as dd/MM/yyyy HH:mm in Vietnam time. A value that is neither an ISO
 * instant nor the time-first shape is logged and shown as it came.
 */
export function formatNotificationDate(created: string): string {
  const m = TIME_FIRST.exec(created);
  if (m) {
    const [, hh, mm, d, mo, y] = m as unknown as [string, string, string, string, string, string];
    if (
      Number(hh) < 24 &&
      Number(mm) < 60 &&
      Number(d) >= 1 &&
      Number(d) <= 31 &&
      Number(mo) >= 1 &&
      Number(mo) <= 12
    ) {
      return `${two(d)}/${two(mo)}/${y} ${two(hh)}:${mm}`;
    }
  }
  const p = /^\d{4}-\d{2}-\d{2}/.test(created) ? vnParts(created) : null;
  if (!p) {
    console.warn('Invalid notification date', created);
    return created;
  }
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}
