import { SLOT_RULES, defaultSlotCapacity, slotEnd, slotLabel, slotStarts } from '@giot-hong/contract';
import { vnLocalToIso } from '../../../lib/vn-time';

export type TSlotPreview = {
  labels: string[];
  /** Places per slot: the one entered, or the target spread over the slots (as the server does). */
  capacity: number;
  total: number;
  /** Fewer places than the target: the campaign fills before reaching it. */
  belowTarget: boolean;
};

/**
 * The slots a campaign's form makes, with the contract's slot rules (the server's): the receiving
 * window divided into `slotMinutes`, each with `slotCapacity` places (empty: the target spread over
 * the slots). Null while the window is incomplete or inverted, or the length is out of range.
 */
export function slotPreview(v: {
  date: string;
  startTime: string;
  endTime: string;
  slotMinutes: string;
  slotCapacity: string;
  targetBloodUnits: string;
}): TSlotPreview | null {
  const start = vnLocalToIso(v.date, v.startTime);
  const end = vnLocalToIso(v.date, v.endTime);
  const minutes = Number(v.slotMinutes);
  if (!start || !end || !Number.isInteger(minutes)) return null;
  if (minutes < SLOT_RULES.minMinutes || minutes > SLOT_RULES.maxMinutes) return null;
  const [from, to] = [new Date(start), new Date(end)];
  const starts = slotStarts(from, to, minutes);
  if (starts.length === 0) return null;
  const target = Number(v.targetBloodUnits);
  const entered = v.slotCapacity.trim() === '' ? NaN : Number(v.slotCapacity);
  const capacity =
    Number.isInteger(entered) && entered > 0
      ? entered
      : defaultSlotCapacity(Number.isInteger(target) ? target : null, starts.length);
  const total = capacity * starts.length;
  return {
    labels: starts.map((s) => slotLabel(s, slotEnd(s, to, minutes))),
    capacity,
    total,
    belowTarget: Number.isInteger(target) && target > 0 && total < target,
  };
}
