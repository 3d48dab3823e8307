import { APPOINTMENT_STATUS, SLOT_MESSAGES, SLOT_RULES } from '@giot-hong/contract';

const HOUR_MS = 3_600_000;

/** What the rule needs to know of a booking; both the appointment view and the move pass theirs. */
export type ReschedulableBooking = {
  status: string;
  checkedInAt: Date | null;
  campaignCancelledAt: Date | null;
  slotStart: Date | null;
  startReceiveTime: Date;
};

/**
 * Why moving to another slot is refused now, or null: only an own BOOKING not yet checked in, of a
 * campaign not cancelled, until SLOT_RULES.rescheduleBeforeHours before the old slot starts.
 * It lives with the slots (which perform the move); the appointment page asks it whether to offer
 * the move, so appointments depend on slots and never the other way round.
 */
export function rescheduleRefusal(a: ReschedulableBooking, now: Date): string | null {
  if (a.status !== APPOINTMENT_STATUS.BOOKING || a.checkedInAt || a.campaignCancelledAt)
    return SLOT_MESSAGES.rescheduleOnlyBooking;
  const start = (a.slotStart ?? a.startReceiveTime).getTime();
  if (now.getTime() > start - SLOT_RULES.rescheduleBeforeHours * HOUR_MS)
    return SLOT_MESSAGES.rescheduleTooLate;
  return null;
}
