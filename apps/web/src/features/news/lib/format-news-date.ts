import { TIME_ZONE } from '@giot-hong/contract';

/** Day, month, year, hour and minute of an instant in Vietnam time, whatever the browser's zone. */
function vnParts(iso: string) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return { d: get('day'), m: get('month'), y: get('year'), hh: get('hour'), mm: get('minute') };
}

const two = (n: number) => String(n).padStart(2, '0');

/** Vietnamese long date: '21 tháng 11 năm 2026'. */
export function formatLongDate(iso: string): string {
  const { d, m, y } = vnParts(iso);
  return `${d} tháng ${m} năm ${y}`;
}

/** Vietnamese long date with the time: '21 tháng 11 năm 2026 lúc 06:00'. */
export function formatLongDateTime(iso: string): string {
  const { d, m, y, hh, mm } = vnParts(iso);
  return `${d} tháng ${m} năm ${y} lúc ${two(hh)}:${two(mm)}`;
}
