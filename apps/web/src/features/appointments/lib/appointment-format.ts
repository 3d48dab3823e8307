import {
  APPOINTMENT_STATUS,
  appointmentStatusLabel,
  isFinishedAppointment,
  slotLabel,
  type TAppointment,
  type TNextEligible,
} from '@giot-hong/contract';
import { formatVnDay, vnParts } from '../../../lib/vn-time';

/** Pure helpers of the history and the appointment view (no React, no I/O). */

/** `HH:mm - dd/MM/yyyy` in Vietnam time, as appointments are shown. */
export function formatAppointmentTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const p = vnParts(iso);
  return p ? `${p.hour}:${p.minute} - ${p.day}/${p.month}/${p.year}` : iso;
}

/**
 * The booked slot 'HH:mm – HH:mm ngày dd/MM/yyyy' (Vietnam time), or the plain `HH:mm - dd/MM/yyyy`
 * of the campaign for a registration made before slots existed.
 */
export function formatSlotTime(
  a: { slotStart?: string | null; slotEnd?: string | null },
  fallbackIso: string | null | undefined,
): string {
  if (!a.slotStart || !a.slotEnd) return formatAppointmentTime(fallbackIso);
  return `${slotLabel(a.slotStart, a.slotEnd)} ngày ${formatVnDay(a.slotStart)}`;
}

export const LOCATION_NOT_SET = 'Chưa cập nhật';
export const locationOrDefault = (location: string | null | undefined) =>
  location && location.trim() ? location : LOCATION_NOT_SET;

export type StatusTone = 'booking' | 'done' | 'cancelled' | 'pending' | 'other';

export function statusTone(status: string): StatusTone {
  if (status === APPOINTMENT_STATUS.BOOKING) return 'booking';
  if (isFinishedAppointment(status)) return 'done';
  if (status === APPOINTMENT_STATUS.CANCELLED) return 'cancelled';
  if (status === APPOINTMENT_STATUS.PENDING) return 'pending';
  return 'other';
}

export { appointmentStatusLabel };

/** The counters above the history: donations done, upcoming bookings, cancelled ones. */
export function summarise(list: readonly TAppointment[], now = new Date()) {
  let done = 0;
  let upcoming = 0;
  let cancelled = 0;
  for (const a of list) {
    if (isFinishedAppointment(a.status)) done++;
    else if (a.status === APPOINTMENT_STATUS.CANCELLED) cancelled++;
    // A booking whose campaign is over but was never checked in is no longer "upcoming".
    else if (a.status === APPOINTMENT_STATUS.BOOKING && Date.parse(a.appointmentDate) >= now.getTime())
      upcoming++;
  }
  return { done, upcoming, cancelled };
}

export const ELIGIBLE_NOW = 'Có thể hiến ngay';

/** The next-eligible counter: the date while it is ahead, else "now". */
export function nextEligibleLabel(next: TNextEligible | undefined): string {
  if (!next) return '-';
  if (next.eligibleNow || !next.nextEligibleDate) return ELIGIBLE_NOW;
  return formatVnDay(next.nextEligibleDate);
}

/** Whether the view offers the registration form's detail: for BOOKING and for a finished donation. */
export const showsFormDetail = (status: string) =>
  status === APPOINTMENT_STATUS.BOOKING || isFinishedAppointment(status);
