import {
  ADMIN_APPOINTMENT_STATUSES,
  ADMIN_APPOINTMENT_STATUS_LABELS,
  type TAdminAppointmentStatusFilter,
} from '@giot-hong/contract';

/** Labels of the statuses on the day page (COMPLETED is the spec's other spelling of DONE). */
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
