import type { TMyAppeal } from '@giot-hong/contract';

/**
 * Which slot 'Tôi sẽ đến' takes the donor to: none named (the wizard offers every slot), the one
 * named, or — when the appeal names several — the donor's choice among those still to come.
 */
export type SlotChoice =
  { kind: 'any' } | { kind: 'one'; start: string } | { kind: 'choose'; starts: string[] };

export function slotChoice(slotStarts: readonly string[], now = Date.now()): SlotChoice {
  const ahead = [...new Set(slotStarts)].filter((s) => Date.parse(s) > now).sort();
  // Every named slot has begun: the wizard shows what is still open on the campaign.
  if (ahead.length === 0) return { kind: 'any' };
  if (ahead.length === 1) return { kind: 'one', start: ahead[0]! };
  return { kind: 'choose', starts: ahead };
}

/** What the appeal page shows: the buttons, or the answer given (with 'Đổi câu trả lời'), booked or ended. */
export type AppealState = 'ENDED' | 'BOOKED' | 'COMING' | 'DECLINED' | 'ASK';

export function appealState(a: Pick<TMyAppeal, 'status' | 'booked' | 'answer'>): AppealState {
  if (a.booked) return 'BOOKED';
  if (a.status === 'ENDED') return 'ENDED';
  return a.answer ?? 'ASK';
}
