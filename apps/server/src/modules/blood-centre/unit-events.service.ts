import {
  addDays,
  DATE_LIMITS,
  dayNumber,
  normaliseUnitNumber,
  parseInstant,
  UNIT_EVENT_REFUSALS,
  vnDayOf,
  vnDayStart,
  ZUnitEvent,
  type TUnitEvent,
  type TUnitEventBatchResult,
  type TUnitEventRefusal,
  type TUnitEventResult,
} from '@giot-hong/contract';
import type { Actor } from '../../lib/actor.ts';
import type { Clock } from '../../lib/clock.ts';
import { sha256 } from '../../lib/tokens.ts';
import { audit } from '../audit/audit.repository.ts';
import type { UnitEventsRepository } from './unit-events.repository.ts';

/** Who sent a batch: a key of the blood centre, or a staff member's CSV file. */
export type UnitEventSource = { kind: 'API'; apiKeyId: number } | { kind: 'CSV'; staffId: number };

/** One event as received: its position (index in the batch, or line of the CSV file) and its value. */
export type ReceivedEvent = { index: number; value: unknown };

/** Notices to send once an event is stored (after its transaction, like every notice of the portal). */
export type UnitEventNotices = {
  labGroup(userId: number, unitEventId: number, declared: string, lab: string): Promise<unknown>;
  chapterContact(userId: number, appointmentId: number): Promise<unknown>;
};

/** A clock a few minutes off at the centre is not the future. */
const FUTURE_TOLERANCE_MS = 5 * 60_000;

type Outcome =
  | { outcome: 'ACCEPTED' | 'DUPLICATE' }
  | { outcome: 'REFUSED'; reason: TUnitEventRefusal; message?: string; unknownUnit?: string };

/**
 * The event as understood, in a fixed order: a replay of the same event (even with its instant
 * written in another offset, or its unit number spaced as printed) has the same hash; another
 * event under the same id does not.
 */
function payloadHash(e: TUnitEvent, unitNumber: string, at: Date): string {
  const common = { eventId: e.eventId, unitNumber, type: e.type, at: at.toISOString() };
  const own =
    e.type === 'TESTED'
      ? { bloodGroup: e.bloodGroup, screening: e.screening }
      : e.type === 'PROCESSED'
        ? { components: [...e.components].sort() }
        : e.type === 'ISSUED'
          ? { hospital: e.hospital, issuedOn: e.issuedOn }
          : { reason: e.reason };
  return sha256(JSON.stringify({ ...common, ...own }));
}

/** 'Sự kiện không hợp lệ — bloodGroup: …' with every field at fault (named as the sender wrote it). */
type FieldFault = { path: readonly PropertyKey[]; message: string };
function invalidMessage(issues: readonly FieldFault[], fieldName: (path: string) => string): string {
  const parts = issues.map((i) => {
    const path = i.path.map(String).join('.');
    return path ? `${fieldName(path)}: ${i.message}` : i.message;
  });
  return `${UNIT_EVENT_REFUSALS.INVALID} — ${[...new Set(parts)].join('; ')}`;
}

const INVALID_WHEN = {
  at: `Thời điểm không hợp lệ (năm ${DATE_LIMITS.minYear}–${DATE_LIMITS.maxYear}, có múi giờ)`,
  day: `Ngày không hợp lệ (yyyy-mm-dd, năm ${DATE_LIMITS.minYear}–${DATE_LIMITS.maxYear})`,
};
const inYears = (year: number) => year >= DATE_LIMITS.minYear && year <= DATE_LIMITS.maxYear;

/**
 * The blood centre's unit events, from its API key or a staff member's CSV file, through one path:
 * each event is checked on its own and answered ACCEPTED, DUPLICATE or REFUSED (with the reason),
 * so one bad event never costs the others.
 */
export function createUnitEventsService(deps: {
  repo: UnitEventsRepository;
  clock: Clock;
  /** Days (Vietnam) staff have to call a donor about a reactive result. */
  counsellingCallDays: number;
  notices: UnitEventNotices;
  logError: (err: unknown, msg: string) => void;
}) {
  const { repo, clock } = deps;

  /** Stores one valid event and applies what it means, in one transaction locking its unit. */
  async function apply(e: TUnitEvent, at: Date, source: UnitEventSource): Promise<Outcome> {
    const unitNumber = normaliseUnitNumber(e.unitNumber);
    const hash = payloadHash(e, unitNumber, at);
    const replay = (stored: { payloadHash: string }): Outcome =>
      stored.payloadHash === hash
        ? { outcome: 'DUPLICATE' }
        : { outcome: 'REFUSED', reason: 'EVENT_ID_REUSED' };
    const after: (() => Promise<unknown>)[] = [];
    const outcome = await repo.transaction(async (tx): Promise<Outcome> => {
      const known = await repo.byEventId(tx, e.eventId);
      if (known) return replay(known);
      const unit = await repo.lockUnit(tx, unitNumber);
      if (!unit) return { outcome: 'REFUSED', reason: 'UNKNOWN_UNIT', unknownUnit: unitNumber };
      const now = clock.now();
      const today = vnDayOf(now);
      const issuedOn = e.type === 'ISSUED' ? e.issuedOn : undefined;
      if (at.getTime() > now.getTime() + FUTURE_TOLERANCE_MS || (issuedOn && issuedOn > today))
        return { outcome: 'REFUSED', reason: 'FUTURE' };
      const donatedOn = unit.donatedAt ? vnDayOf(unit.donatedAt) : null;
      if (donatedOn && (at < vnDayStart(donatedOn) || (issuedOn && issuedOn < donatedOn)))
        return { outcome: 'REFUSED', reason: 'BEFORE_DONATION' };

      const id = await repo.insertEvent(tx, {
        eventId: e.eventId,
        payloadHash: hash,
        appointmentId: unit.id,
        unitNumber,
        type: e.type,
        at,
        bloodGroup: e.type === 'TESTED' ? e.bloodGroup : null,
        screening: e.type === 'TESTED' ? e.screening : null,
        components: e.type === 'PROCESSED' ? e.components : null,
        hospital: e.type === 'ISSUED' ? e.hospital : null,
        issuedOn: issuedOn ?? null,
        discardReason: e.type === 'DISCARDED' ? e.reason : null,
        source: source.kind,
        apiKeyId: source.kind === 'API' ? source.apiKeyId : null,
        importedBy: source.kind === 'CSV' ? source.staffId : null,
        receivedAt: now,
      });
      if (id === undefined) {
        // Another batch stored this id between our read and our insert: answer as a replay.
        const stored = await repo.byEventId(tx, e.eventId);
        return stored ? replay(stored) : { outcome: 'REFUSED', reason: 'EVENT_ID_REUSED' };
      }

      const userId = unit.userId;
      if (e.type === 'TESTED' && userId !== null) {
        const reactive = e.screening === 'REACTIVE';
        const groups = await repo.lockGroups(tx, userId);
        const lab = groups?.lab ?? null;
        if (lab !== null && lab !== e.bloodGroup) {
          // An earlier lab group says otherwise: staff decide, nothing changes meanwhile.
          await repo.openBloodGroupTask(tx, {
            userId,
            appointmentId: unit.id,
            unitEventId: id,
            earlierGroup: lab,
            reportedGroup: e.bloodGroup,
            openedAt: now,
          });
        } else {
          const declared = groups?.declared ?? null;
          const replaces = declared !== e.bloodGroup;
          if (lab === null || replaces)
            await repo.confirmGroup(tx, userId, e.bloodGroup, replaces ? e.bloodGroup : undefined, now);
          // The donor is told of a replaced group, except with a reactive result: then the one
          // neutral request to call the chapter is the only message (the group waits for the call).
          if (replaces && declared !== null && !reactive)
            after.push(() => deps.notices.labGroup(userId, id, declared, e.bloodGroup));
        }
        if (reactive) {
          const opened = await repo.openCounsellingCase(tx, {
            appointmentId: unit.id,
            userId,
            unitEventId: id,
            openedAt: now,
            callBy: addDays(today, deps.counsellingCallDays),
          });
          if (opened !== undefined) after.push(() => deps.notices.chapterContact(userId, unit.id));
        }
      }
      if (e.type === 'ISSUED')
        await repo.queueIssuedMessage(tx, {
          appointmentId: unit.id,
          hospital: e.hospital,
          issuedOn: e.issuedOn,
          queuedAt: now,
        });
      return { outcome: 'ACCEPTED' };
    });
    for (const notice of after)
      await notice().catch((err: unknown) => deps.logError(err, 'unit event notice failed'));
    return outcome;
  }

  /**
   * A batch (≤ UNIT_EVENT_BATCH_MAX, checked by the route) in order: events about one unit are
   * applied in the order sent. `fieldName` names a field as the sender wrote it (a CSV column).
   */
  async function receive(
    events: ReceivedEvent[],
    source: UnitEventSource,
    fieldName: (path: string) => string = (p) => p,
  ): Promise<TUnitEventBatchResult> {
    const results: TUnitEventResult[] = [];
    const unknownUnits = new Set<string>();
    for (const { index, value } of events) {
      const raw = value as { eventId?: unknown } | null;
      const rawId = typeof raw?.eventId === 'string' ? raw.eventId.trim().slice(0, 100) || null : null;
      const refuse = (reason: TUnitEventRefusal, message: string = UNIT_EVENT_REFUSALS[reason]) =>
        results.push({ index, eventId: rawId, outcome: 'REFUSED', reason, message });
      const parsed = ZUnitEvent.safeParse(value);
      if (!parsed.success) {
        refuse('INVALID', invalidMessage(parsed.error.issues, fieldName));
        continue;
      }
      const e = parsed.data;
      // Instants and days the database can hold and the portal means (years 2000–2100).
      const instant = parseInstant(e.at);
      if (!instant || !inYears(instant.year)) {
        refuse('INVALID', invalidMessage([{ path: ['at'], message: INVALID_WHEN.at }], fieldName));
        continue;
      }
      if (
        e.type === 'ISSUED' &&
        (dayNumber(e.issuedOn) === null || !inYears(Number(e.issuedOn.slice(0, 4))))
      ) {
        refuse('INVALID', invalidMessage([{ path: ['issuedOn'], message: INVALID_WHEN.day }], fieldName));
        continue;
      }
      const done = await apply(e, instant.at, source);
      if (done.outcome === 'REFUSED') {
        if (done.unknownUnit) unknownUnits.add(done.unknownUnit);
        results.push({
          index,
          eventId: e.eventId,
          outcome: 'REFUSED',
          reason: done.reason,
          message: done.message ?? UNIT_EVENT_REFUSALS[done.reason],
        });
      } else results.push({ index, eventId: e.eventId, outcome: done.outcome, reason: null, message: null });
    }
    const count = (o: TUnitEventResult['outcome']) => results.filter((r) => r.outcome === o).length;
    return {
      accepted: count('ACCEPTED'),
      duplicates: count('DUPLICATE'),
      refused: count('REFUSED'),
      results,
      unknownUnits: [...unknownUnits],
    };
  }

  return {
    receive,

    /** A staff member's CSV file (rows read by unit-import.ts): the same path, one audit row. */
    async importFile(
      actor: Actor,
      events: ReceivedEvent[],
      fieldName: (path: string) => string,
    ): Promise<TUnitEventBatchResult> {
      const result = await receive(events, { kind: 'CSV', staffId: actor.id }, fieldName);
      await audit(
        repo.auditWriter,
        actor,
        'unit-events.import',
        { type: 'unit-events', id: null },
        clock.now(),
        {
          detail: {
            rows: events.length,
            accepted: result.accepted,
            duplicates: result.duplicates,
            refused: result.refused,
          },
        },
      );
      return result;
    },
  };
}
export type UnitEventsService = ReturnType<typeof createUnitEventsService>;
