import { UNIT_JOURNEY_TEXTS as T, type TUnitJourneyEntry } from '@giot-hong/contract';
import { dmy } from './record-format';

/** The steps a unit goes through, in order, when it is used. */
const PATH = ['COLLECTED', 'TESTED', 'PROCESSED', 'ISSUED'] as const;

/** One row of the donor's timeline, in words: its step, its day or 'Chưa có thông tin', the hospital. */
export type TJourneyRow = {
  step: TUnitJourneyEntry['step'];
  label: string;
  /** dd/MM/yyyy, or null for a step not reached yet. */
  on: string | null;
  /** 'Chuyển tới …' under a unit sent to a hospital. */
  detail: string | null;
  state: 'done' | 'pending' | 'discarded';
};

/**
 * The timeline of one donation from its journey (oldest first, as the server sends it): the four
 * steps of a unit that is used, each with its day, and the steps not reached yet as 'Chưa có thông
 * tin'. A unit sent to several hospitals (its components) has a row per hospital, by day. A discarded unit
 * ends with the gentle 'Đơn vị máu này không được sử dụng' (never a reason) in place of the steps
 * it will not reach; if part of it was sent to a hospital anyway, that is what the donor is told.
 * Empty without a journey (a donation recorded without a unit number has nothing to follow).
 */
export function journeyRows(journey: readonly TUnitJourneyEntry[]): TJourneyRow[] {
  if (journey.length === 0) return [];
  const first = (step: TUnitJourneyEntry['step']) => journey.find((e) => e.step === step);
  const issued = journey.filter((e) => e.step === 'ISSUED').sort((a, b) => a.on.localeCompare(b.on));
  const discarded = issued.length === 0 ? first('DISCARDED') : undefined;
  const rows: TJourneyRow[] = [];
  for (const step of PATH) {
    if (step === 'ISSUED') {
      for (const e of issued)
        rows.push({
          step,
          label: T.ISSUED,
          on: dmy(e.on),
          detail: e.hospital ? T.issuedTo(e.hospital) : null,
          state: 'done',
        });
      if (issued.length > 0) continue;
    }
    const e = step === 'ISSUED' ? undefined : first(step);
    if (e) rows.push({ step, label: T[step], on: dmy(e.on), detail: null, state: 'done' });
    // After a discard no further step comes: those not reached are left out rather than awaited.
    else if (!discarded) rows.push({ step, label: T[step], on: null, detail: null, state: 'pending' });
  }
  if (discarded)
    rows.push({
      step: 'DISCARDED',
      label: T.DISCARDED,
      on: dmy(discarded.on),
      detail: null,
      state: 'discarded',
    });
  return rows;
}
