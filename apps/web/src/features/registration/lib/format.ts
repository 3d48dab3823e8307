import { TIME_ZONE } from '@giot-hong/contract';

const PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** `dd/mm/yyyy - HH:mm` in Vietnam time, as on the landing slider (spec section 9). */
export function formatCampaignTime(iso: string | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const p: Record<string, string> = {};
  for (const part of PARTS.formatToParts(date)) p[part.type] = part.value;
  return `${p.day}/${p.month}/${p.year} - ${p.hour}:${p.minute}`;
}
