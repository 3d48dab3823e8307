import { vnParts } from '../../../lib/vn-time';

/** Day, month and year without leading zeros, and the zero-padded time, in Vietnam time. */
function longParts(iso: string) {
  const p = vnParts(iso);
  if (!p) return null;
  return { d: Number(p.day), m: Number(p.month), y: p.year, time: `${p.hour}:${p.minute}` };
}

/** Vietnamese long date: '21 tháng 11 năm 2026'. */
export function formatLongDate(iso: string): string {
  const p = longParts(iso);
  return p ? `${p.d} tháng ${p.m} năm ${p.y}` : iso;
}

/** Vietnamese long date with the time: '21 tháng 11 năm 2026 lúc 06:00'. */
export function formatLongDateTime(iso: string): string {
  const p = longParts(iso);
  return p ? `${p.d} tháng ${p.m} năm ${p.y} lúc ${p.time}` : iso;
}
