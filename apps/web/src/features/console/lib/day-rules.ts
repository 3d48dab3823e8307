import type { TAdminAppointmentStatusFilter } from '@giot-hong/contract';

/** Labels of the statuses on the day page. */
const LABELS: Record<string, string> = {
  BOOKING: 'Đã đặt lịch',
  CHECKED_IN: 'Đã check-in',
  DONE: 'Hoàn thành',
  COMPLETED: 'Hoàn thành',
  DEFERRED: 'Tạm hoãn',
  NO_SHOW: 'Vắng mặt',
  CANCELLED: 'Đã hủy',
};
export const adminStatusLabel = (status: string) => LABELS[status] ?? status;

export const STATUS_FILTERS: readonly { value: TAdminAppointmentStatusFilter; label: string }[] = [
  { value: 'ALL', label: 'Tất cả' },
  { value: 'BOOKING', label: 'Đã đặt lịch' },
  { value: 'CHECKED_IN', label: 'Đã check-in' },
  { value: 'DONE', label: 'Hoàn thành' },
  { value: 'DEFERRED', label: 'Tạm hoãn' },
  { value: 'NO_SHOW', label: 'Vắng mặt' },
  { value: 'CANCELLED', label: 'Đã hủy' },
];

export const canCheckIn = (status: string) => status === 'BOOKING';
/** An outcome is recorded for a booked or checked-in donor, and corrected afterwards. */
export const canRecordOutcome = (status: string) => status !== 'CANCELLED';
export const hasOutcome = (status: string) => ['DONE', 'COMPLETED', 'DEFERRED', 'NO_SHOW'].includes(status);
