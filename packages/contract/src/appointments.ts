/** Appointment statuses and their labels (spec section 4). */
export const APPOINTMENT_STATUS = {
  BOOKING: 'BOOKING',
  DONE: 'DONE',
  COMPLETED: 'COMPLETED',
  CANCELLED: 'CANCELLED',
  PENDING: 'PENDING',
} as const;
export type TAppointmentStatus = (typeof APPOINTMENT_STATUS)[keyof typeof APPOINTMENT_STATUS];

/** Statuses that count towards a campaign's registrations and block a second one. */
export const ACTIVE_APPOINTMENT_STATUSES = [APPOINTMENT_STATUS.BOOKING, APPOINTMENT_STATUS.DONE] as const;
