import { UNIT_JOURNEY_STEPS, vnDayOf, type TUnitJourneyEntry } from '@giot-hong/contract';

/** An event of the blood centre as the journey reads it (no result, no reason). */
export type JourneyEvent = { type: string; at: Date; hospital: string | null; issuedOn: string | null };

const ORDER = new Map<string, number>(UNIT_JOURNEY_STEPS.map((s, i) => [s, i]));

/**
 * A donation's journey, oldest first: COLLECTED on the day of the DONE, then what the blood centre
 * reported, on Vietnam days. A step reported twice (a retest, a second report) shows once, on its
 * first day; each hospital a unit (or one of its components) went to shows once. Without a unit
 * number there is nothing to follow: the journey is empty.
 */
export function donationJourney(
  donatedOn: string,
  hasUnitNumber: boolean,
  events: readonly JourneyEvent[],
): TUnitJourneyEntry[] {
  if (!hasUnitNumber) return [];
  const steps: TUnitJourneyEntry[] = [{ step: 'COLLECTED', on: donatedOn, hospital: null }];
  const seen = new Set<string>();
  for (const e of [...events].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    if (!ORDER.has(e.type) || e.type === 'COLLECTED') continue;
    const step = e.type as TUnitJourneyEntry['step'];
    const hospital = step === 'ISSUED' ? e.hospital : null;
    const key = step === 'ISSUED' ? `ISSUED:${hospital}` : step;
    if (seen.has(key)) continue;
    seen.add(key);
    steps.push({ step, on: step === 'ISSUED' && e.issuedOn ? e.issuedOn : vnDayOf(e.at), hospital });
  }
  // Days first, then the order of the steps (tested before processed on the same day).
  return steps.sort((a, b) => a.on.localeCompare(b.on) || ORDER.get(a.step)! - ORDER.get(b.step)!);
}
