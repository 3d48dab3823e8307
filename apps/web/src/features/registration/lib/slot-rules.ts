import type { TSlot } from '@giot-hong/contract';

/** Whether a slot can be chosen now: places left and not yet over. */
export const isSlotOpen = (s: TSlot, now = Date.now()) => s.available > 0 && Date.parse(s.end) > now;
