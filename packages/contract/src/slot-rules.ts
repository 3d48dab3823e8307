/*
 * Time slots of a campaign's receive window (issue #21): the pure rules and texts, without zod so
 * the landing page can show the places left without pulling the schema library into its chunk.
 */

const VN_OFFSET_MS = 7 * 3600_000;
const MINUTE_MS = 60_000;

export const SLOT_RULES = {
  /** Default slot length, minutes. */
  defaultMinutes: 30,
  minMinutes: 10,
  maxMinutes: 240,
  /** Capacity per slot when a campaign has no target to derive it from. */
  defaultCapacity: 10,
  maxCapacity: 10_000,
  /** The wizard says 'Còn N chỗ' from this many places left down. */
  fewPlacesLeft: 5,
  /** A donor may move to another slot until this many hours before the old slot starts. */
  rescheduleBeforeHours: 2,
  /** How many nearest free slots a 'full' answer names. */
  suggestions: 3,
  /** Safety bound: a window never yields more slots than this. */
  maxSlots: 200,
} as const;

/**
 * The starts of the slots dividing [start, end) into `minutes`-long slots. A window not divisible by
 * the length ends with a shorter slot (07:00–08:15 by 30 min: 07:00, 07:30, 08:00; the last one
 * 08:00–08:15). An empty or inverted window has no slot.
 */
export function slotStarts(start: Date, end: Date, minutes: number): Date[] {
  const step = Math.max(1, Math.round(minutes)) * MINUTE_MS;
  const out: Date[] = [];
  for (let t = start.getTime(); t < end.getTime() && out.length < SLOT_RULES.maxSlots; t += step)
    out.push(new Date(t));
  return out;
}

/** The end of the slot starting at `start`: its length later, never after the window's end. */
export function slotEnd(start: Date, windowEnd: Date, minutes: number): Date {
  return new Date(Math.min(start.getTime() + minutes * MINUTE_MS, windowEnd.getTime()));
}

/** A capacity per slot derived from the campaign's target: the target spread over the slots. */
export function defaultSlotCapacity(targetBloodUnits: number | null | undefined, slotCount: number): number {
  if (!targetBloodUnits || targetBloodUnits < 1 || slotCount < 1) return SLOT_RULES.defaultCapacity;
  return Math.min(SLOT_RULES.maxCapacity, Math.max(1, Math.ceil(targetBloodUnits / slotCount)));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** HH:mm of an instant in Vietnam (UTC+7, no daylight saving). */
export function vnClock(at: string | number | Date): string {
  const d = new Date(new Date(at).getTime() + VN_OFFSET_MS);
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** 'HH:mm – HH:mm' in Vietnam time. */
export const slotLabel = (start: string | number | Date, end: string | number | Date) =>
  `${vnClock(start)} – ${vnClock(end)}`;

export const SLOT_MESSAGES = {
  full: 'Hết chỗ',
  placesLeft: (n: number) => `Còn ${n} chỗ`,
  /** The campaign list and the landing slider. */
  campaignPlacesLeft: (n: number) => (n > 0 ? `Còn ${n} chỗ` : 'Đã hết chỗ'),
  chooseSlot: 'Chọn khung giờ',
  slotRequired: 'Vui lòng chọn khung giờ',
  noSlots: 'Chiến dịch chưa có khung giờ nhận máu',
  slotNotFound: 'Khung giờ không thuộc chiến dịch này',
  slotPassed: 'Khung giờ này đã qua, vui lòng chọn khung giờ khác',
  slotFull: (label: string, nearest: string[]) =>
    nearest.length
      ? `Khung giờ ${label} đã hết chỗ. Các khung giờ còn chỗ gần nhất: ${nearest.join(', ')}.`
      : `Khung giờ ${label} đã hết chỗ và chiến dịch không còn khung giờ nào trống.`,
  campaignFull: 'Chiến dịch đã hết chỗ, vui lòng chọn chiến dịch khác.',
  slotTime: 'Khung giờ',
  loadFailed: 'Không thể tải khung giờ',
  currentSlot: 'Khung giờ hiện tại',
  /** The wizard's summary when the donor came from a link and chose no slot. */
  earliestSlot: 'Khung giờ sớm nhất còn chỗ',
  /** Reschedule from the appointment view. */
  rescheduleTitle: 'Đổi khung giờ',
  rescheduleSubmit: 'Đổi sang khung giờ này',
  rescheduled: (label: string) => `Đã đổi sang khung giờ ${label}`,
  rescheduleTooLate: `Chỉ có thể đổi khung giờ trước giờ hẹn ít nhất ${SLOT_RULES.rescheduleBeforeHours} giờ.`,
  rescheduleOnlyBooking: 'Chỉ lịch hẹn đang đặt mới có thể đổi khung giờ.',
  rescheduleSameSlot: 'Bạn đã đặt khung giờ này.',
  /** Staff: slot length and capacities. */
  minutesRange: `Độ dài khung giờ phải là số phút nguyên từ ${SLOT_RULES.minMinutes} đến ${SLOT_RULES.maxMinutes}`,
  capacityRange: `Số chỗ mỗi khung giờ phải là số nguyên từ 1 đến ${SLOT_RULES.maxCapacity}`,
  capacityBelowBooked: (label: string, booked: number) =>
    `Khung giờ ${label} đã có ${booked} người đặt: số chỗ không thể nhỏ hơn ${booked}.`,
  slotHasBookings: (label: string, booked: number) =>
    `Không thể bỏ khung giờ ${label} vì đã có ${booked} người đặt. Hãy giữ khung giờ này trong thời gian nhận máu.`,
  slotsSaved: 'Đã lưu số chỗ của các khung giờ',
  slotsRequired: 'Vui lòng nhập ít nhất một khung giờ',
  slotStartInvalid: 'Giờ bắt đầu khung giờ không hợp lệ',
} as const;
