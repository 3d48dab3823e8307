import { appointmentStatusLabel } from '@giot-hong/contract';
import { statusTone, type StatusTone } from '../lib/appointment-format';

/** Shared look of the appointments feature (mobile first; visible focus comes from styles.css). */
export const cardClass = 'rounded-2xl border border-slate-200 bg-white p-4 sm:p-6';

const TONES: Record<StatusTone, string> = {
  booking: 'bg-sky-100 text-sky-900',
  done: 'bg-green-100 text-green-900',
  cancelled: 'bg-slate-200 text-slate-800',
  pending: 'bg-amber-100 text-amber-900',
  other: 'bg-slate-100 text-slate-800',
};

/** The status as a coloured label. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-3 py-1 text-sm font-semibold ${TONES[statusTone(status)]}`}
    >
      {appointmentStatusLabel(status)}
    </span>
  );
}
