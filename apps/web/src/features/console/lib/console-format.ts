import { vnParts } from '../../../lib/vn-time';

/** 'dd/mm/yyyy, HH:mm–HH:mm' in Vietnam time: a campaign's day and its receiving window. */
export function formatCampaignWindow(c: { startReceiveTime: string; endReceiveTime: string }): string {
  const s = vnParts(c.startReceiveTime);
  const e = vnParts(c.endReceiveTime);
  if (!s || !e) return '';
  return `${s.day}/${s.month}/${s.year}, ${s.hour}:${s.minute}–${e.hour}:${e.minute}`;
}

/** 'HH:mm dd/mm' of an instant in Vietnam time (check-in times in the day's list). */
export function formatShortTime(iso: string | null | undefined): string {
  const p = iso ? vnParts(iso) : null;
  return p ? `${p.hour}:${p.minute} ${p.day}/${p.month}` : '';
}

/** 'dd/mm/yyyy' of an instant in Vietnam time (a campaign's day). */
export function formatCampaignDay(iso: string): string {
  const p = vnParts(iso);
  return p ? `${p.day}/${p.month}/${p.year}` : '';
}
