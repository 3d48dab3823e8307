import {
  ADMIN_APPOINTMENT_STATUSES,
  ADMIN_APPOINTMENT_STATUS_LABELS,
  vnDayOf,
  type TAdminAppointmentStatusFilter,
} from '@giot-hong/contract';

/**
 * Where today (Vietnam) stands against a campaign's day: check-in and outcomes are taken on the
 * day; after it an outcome needs a reason (the server holds the same rule).
 */
export function campaignDayState(organizeTime: string, now = new Date()): 'before' | 'today' | 'after' {
  const day = vnDayOf(organizeTime);
  const today = vnDayOf(now);
  return today < day ? 'before' : today > day ? 'after' : 'today';
}

/** Labels of the statuses on the day page (COMPLETED is another spelling of DONE). */
const LABELS: Record<string, string> = {
  ...ADMIN_APPOINTMENT_STATUS_LABELS,
  COMPLETED: ADMIN_APPOINTMENT_STATUS_LABELS.DONE,
};
export const adminStatusLabel = (status: string) => LABELS[status] ?? status;

export const STATUS_FILTERS: readonly { value: TAdminAppointmentStatusFilter; label: string }[] = [
  { value: 'ALL', label: 'Tất cả' },
  ...ADMIN_APPOINTMENT_STATUSES.map((value) => ({ value, label: ADMIN_APPOINTMENT_STATUS_LABELS[value] })),
];

export const canCheckIn = (status: string) => status === 'BOOKING';
/** An outcome is recorded for a booked or checked-in donor, and corrected afterwards. */
export const canRecordOutcome = (status: string) => status !== 'CANCELLED';
export const hasOutcome = (status: string) => ['DONE', 'COMPLETED', 'DEFERRED', 'NO_SHOW'].includes(status);
/** The venue check is recorded for an arrived donor, and corrected with the outcome. */
export const canScreen = (status: string) => ['CHECKED_IN', 'DONE', 'COMPLETED', 'DEFERRED'].includes(status);
