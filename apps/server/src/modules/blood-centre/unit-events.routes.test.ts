import {
  ADMIN_TASKS_API,
  BLOOD_GROUP_TASK_TEXTS,
  DONATION_RECORD_API,
  LAB_GROUP_CORRECTED_MESSAGE,
  LAB_GROUP_MESSAGE,
  UNIT_EVENT_REFUSALS,
} from '@giot-hong/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  bloodGroupTasks,
  counsellingCases,
  donorProfiles,
  unitEvents,
  unitIssuedMessages,
} from '../../db/schema/index.ts';
import { loginAdmin, loginStaff } from '../../../test/auth.ts';
import { createVerifiedDonor } from '../../../test/donor.ts';
import { createTestContext, DB_KINDS, TEST_NOW, type TestContext } from '../../../test/helper.ts';
import { notificationRows } from '../../../test/notifications.ts';
import { createApiKey, recordDonation, sendEvents, unitEvent } from '../../../test/units.ts';

type Auth = Record<string, string>;

// On both databases (test/helper.ts, DB_KINDS): idempotency rests on a unique index and
// INSERT … ON CONFLICT, and batches about one unit sent at once are ordered by a row lock — on
// PostgreSQL they really run in parallel on several connections.
describe.each(DB_KINDS)('unit events from the blood centre on %s', (kind) => {
  let t: TestContext;
  let admin: Auth;
  let staff: Auth;
  let key: Auth;
  let run = 0;
  /** Event ids unique to this run and test. */
  const id = (name: string) => `${kind}-${run}-${name}`;

  const eventsOf = (appointmentId: number) =>
    t.database.db.select().from(unitEvents).where(eq(unitEvents.appointmentId, appointmentId));

  beforeAll(async () => {
    // Many calls with one key here: the per-key limit is tested in api-keys.routes.test.ts.
    t = await createTestContext(kind, { env: { INTEGRATION_RATE_LIMIT: '10000' } });
    admin = { authorization: `Bearer ${(await loginAdmin(t)).accessToken}` };
    staff = { authorization: `Bearer ${(await loginStaff(t)).accessToken}` };
    key = (await createApiKey(t, admin)).auth;
  });
  afterAll(() => t?.close());

  it('a batch sent again changes nothing and says so per event; an id reused for another event is refused', async () => {
    run++;
    const donor = await createVerifiedDonor(t);
    const { appointmentId, unitNumber } = await recordDonation(t, donor.user.id);
    const batch = [
      unitEvent.tested(t, id('t'), unitNumber),
      unitEvent.processed(t, id('p'), unitNumber),
      unitEvent.issued(t, id('i'), unitNumber),
    ];
    const first = await sendEvents(t, key, batch);
    expect(first.status, first.body.message).toBe(200);
    expect(first.body.message).toBe('Đã nhận 3 sự kiện, 0 trùng lặp, 0 bị từ chối');
    expect(first.body.data).toEqual({
      accepted: 3,
      duplicates: 0,
      refused: 0,
      unknownUnits: [],
      results: batch.map((e, index) => ({
        index,
        eventId: e.eventId,
        outcome: 'ACCEPTED',
        reason: null,
        message: null,
      })),
    });
    const stored = await eventsOf(appointmentId);
    expect(stored.map((e) => e.type).sort()).toEqual(['ISSUED', 'PROCESSED', 'TESTED']);
    const notices = (await notificationRows(t, donor.user.id)).length;

    // The same batch again, with the unit number spaced as printed and the instants in +07:00.
    const replay = batch.map((e) => ({
      ...e,
      unitNumber: unitNumber.replace(/^(.{5})(.{2})(.{6})/, '$1 $2 $3 ').toLowerCase(),
      at: new Date(Date.parse(e.at) + 7 * 3_600_000).toISOString().replace('Z', '+07:00'),
    }));
    const second = await sendEvents(t, key, replay);
    expect(second.body.data).toMatchObject({ accepted: 0, duplicates: 3, refused: 0 });
    expect(second.body.data.results.map((r: { outcome: string }) => r.outcome)).toEqual([
      'DUPLICATE',
      'DUPLICATE',
      'DUPLICATE',
    ]);
    expect(await eventsOf(appointmentId)).toHaveLength(3);
    expect((await notificationRows(t, donor.user.id)).length).toBe(notices);

    // The id of the ISSUED event again, for another hospital: not the same event.
    const reused = await sendEvents(t, key, [unitEvent.issued(t, id('i'), unitNumber, 'Bệnh viện K')]);
    expect(reused.body.data.results).toEqual([
      {
        index: 0,
        eventId: id('i'),
        outcome: 'REFUSED',
        reason: 'EVENT_ID_REUSED',
        message: UNIT_EVENT_REFUSALS.EVENT_ID_REUSED,
      },
    ]);
    const [hospital] = await t.database.db
      .select({ hospital: unitEvents.hospital })
      .from(unitEvents)
      .where(eq(unitEvents.eventId, id('i')));
    expect(hospital!.hospital).toBe('Bệnh viện Bạch Mai');
  });

  it('answers each event of a mixed batch on its own: the valid ones stored, unknown units listed, never guessed', async () => {
    run++;
    const donor = await createVerifiedDonor(t);
    const { appointmentId, unitNumber } = await recordDonation(t, donor.user.id);
    const near = `${unitNumber.slice(0, -1)}${unitNumber.endsWith('0') ? '1' : '0'}`;
    const future = { ...unitEvent.processed(t, id('future'), unitNumber), at: '2026-12-31T00:00:00Z' };
    const early = { ...unitEvent.processed(t, id('early'), unitNumber), at: '2026-01-01T00:00:00+07:00' };
    const batch: unknown[] = [
      unitEvent.tested(t, id('ok-1'), unitNumber),
      { ...unitEvent.tested(t, id('bad-group'), unitNumber), bloodGroup: 'C+' },
      { eventId: id('no-type'), unitNumber, at: TEST_NOW },
      unitEvent.processed(t, id('unknown'), 'ZZ-UNKNOWN-1'),
      unitEvent.processed(t, id('near'), near),
      future,
      early,
      'not an event',
      { ...unitEvent.issued(t, id('year'), unitNumber), at: '0000-01-01T00:00:00Z' },
      unitEvent.discarded(t, id('ok-2'), unitNumber),
    ];
    const res = await sendEvents(t, key, batch);
    expect(res.status).toBe(200);
    const results = res.body.data.results as {
      index: number;
      outcome: string;
      reason: string | null;
      message: string | null;
      eventId: string | null;
    }[];
    expect(results.map((r) => [r.index, r.outcome, r.reason])).toEqual([
      [0, 'ACCEPTED', null],
      [1, 'REFUSED', 'INVALID'],
      [2, 'REFUSED', 'INVALID'],
      [3, 'REFUSED', 'UNKNOWN_UNIT'],
      [4, 'REFUSED', 'UNKNOWN_UNIT'],
      [5, 'REFUSED', 'FUTURE'],
      [6, 'REFUSED', 'BEFORE_DONATION'],
      [7, 'REFUSED', 'INVALID'],
      [8, 'REFUSED', 'INVALID'],
      [9, 'ACCEPTED', null],
    ]);
    // The refusals say why, with the field at fault for an invalid event.
    expect(results[1]!.message).toMatch(/^Sự kiện không hợp lệ — bloodGroup: /);
    expect(results[2]!.message).toMatch(/^Sự kiện không hợp lệ — type: /);
    expect(results[2]!.eventId).toBe(id('no-type'));
    expect(results[7]!.eventId).toBeNull();
    expect(results[3]!.message).toBe(UNIT_EVENT_REFUSALS.UNKNOWN_UNIT);
    expect(results[5]!.message).toBe(UNIT_EVENT_REFUSALS.FUTURE);
    expect(results[6]!.message).toBe(UNIT_EVENT_REFUSALS.BEFORE_DONATION);
    expect(res.body.data).toMatchObject({ accepted: 2, duplicates: 0, refused: 8 });
    expect(res.body.data.unknownUnits).toEqual(['ZZ-UNKNOWN-1', near]);
    expect((await eventsOf(appointmentId)).map((e) => e.eventId).sort()).toEqual([id('ok-1'), id('ok-2')]);
    // A refused event is not kept: sent again once its unit exists, it is accepted.
    const later = await recordDonation(t, (await createVerifiedDonor(t)).user.id, {
      unitNumber: 'ZZ-UNKNOWN-1',
    });
    const retry = await sendEvents(t, key, [unitEvent.processed(t, id('unknown'), 'ZZ-UNKNOWN-1')]);
    expect(retry.body.data.accepted).toBe(1);
    expect(await eventsOf(later.appointmentId)).toHaveLength(1);
  });

  it('batches about one unit sent at once: each event stored once, one ACCEPTED per event, one message and one case', async () => {
    run++;
    const donor = await createVerifiedDonor(t);
    const { appointmentId, unitNumber } = await recordDonation(t, donor.user.id);
    const batch = [
      unitEvent.tested(t, id('t'), unitNumber, 'O+', 'REACTIVE'),
      unitEvent.processed(t, id('p'), unitNumber),
      unitEvent.issued(t, id('i1'), unitNumber),
      unitEvent.issued(t, id('i2'), unitNumber, 'Bệnh viện Việt Đức'),
      unitEvent.discarded(t, id('d'), unitNumber, 'TEST_RESULT'),
    ];
    const receiveRows = async () =>
      (await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'unit-events.receive'))).length;
    const rowsBefore = await receiveRows();
    // Six senders at once, each with the batch in another order.
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, n) =>
        sendEvents(t, key, n % 2 ? [...batch].reverse() : [...batch.slice(n % 5), ...batch.slice(0, n % 5)]),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const outcomes = new Map<string, string[]>();
    for (const a of answers)
      for (const r of a.body.data.results as { eventId: string; outcome: string }[])
        outcomes.set(r.eventId, [...(outcomes.get(r.eventId) ?? []), r.outcome]);
    for (const e of batch)
      expect(outcomes.get(e.eventId)!.sort(), e.eventId).toEqual([
        'ACCEPTED',
        'DUPLICATE',
        'DUPLICATE',
        'DUPLICATE',
        'DUPLICATE',
        'DUPLICATE',
      ]);
    expect((await eventsOf(appointmentId)).length).toBe(5);
    const messages = await t.database.db
      .select()
      .from(unitIssuedMessages)
      .where(eq(unitIssuedMessages.appointmentId, appointmentId));
    expect(messages).toHaveLength(1);
    const cases = await t.database.db
      .select()
      .from(counsellingCases)
      .where(eq(counsellingCases.appointmentId, appointmentId));
    expect(cases).toHaveLength(1);
    // One audit row per call: six calls, six rows (not one per event).
    expect((await receiveRows()) - rowsBefore).toBe(6);
  });

  it('the lab group becomes the confirmed group; a differing self-declared group is replaced and the donor told', async () => {
    run++;
    const donor = await createVerifiedDonor(t);
    await t.database.db
      .update(donorProfiles)
      .set({ bloodGroup: 'A+' })
      .where(eq(donorProfiles.userId, donor.user.id));
    const { unitNumber } = await recordDonation(t, donor.user.id);
    await sendEvents(t, key, [unitEvent.tested(t, id('t'), unitNumber, 'O-')]);
    const [profile] = await t.database.db
      .select()
      .from(donorProfiles)
      .where(eq(donorProfiles.userId, donor.user.id));
    expect([profile!.bloodGroup, profile!.labBloodGroup]).toEqual(['O-', 'O-']);
    const told = (await notificationRows(t, donor.user.id)).filter(
      (n) => n.title === LAB_GROUP_MESSAGE.title,
    );
    expect(told.map((n) => n.content)).toEqual([`<p>${LAB_GROUP_MESSAGE.content('A+', 'O-')}</p>`]);
    const record = await t.request({ method: 'GET', url: DONATION_RECORD_API.mine, headers: donor.auth });
    expect(record.body.data.labBloodGroup).toBe('O-');

    // A donor who declared the same group, or none: confirmed, nobody told.
    const same = await createVerifiedDonor(t);
    const sameUnit = await recordDonation(t, same.user.id);
    await sendEvents(t, key, [unitEvent.tested(t, id('same'), sameUnit.unitNumber, 'O+')]);
    const [p2] = await t.database.db
      .select()
      .from(donorProfiles)
      .where(eq(donorProfiles.userId, same.user.id));
    expect([p2!.bloodGroup, p2!.labBloodGroup]).toEqual(['O+', 'O+']);
    expect(
      (await notificationRows(t, same.user.id)).filter((n) => n.title === LAB_GROUP_MESSAGE.title),
    ).toEqual([]);
  });

  it('a lab group differing from an earlier lab group is not applied: it is a task for staff (kept or applied)', async () => {
    run++;
    const donor = await createVerifiedDonor(t);
    const first = await recordDonation(t, donor.user.id, { nth: 0, donatedAt: '2026-05-04T02:00:00Z' });
    const second = await recordDonation(t, donor.user.id, { nth: 1 });
    const third = await recordDonation(t, donor.user.id, { nth: 2 });
    await sendEvents(t, key, [
      { ...unitEvent.tested(t, id('t1'), first.unitNumber, 'B+'), at: '2026-05-05T02:00:00Z' },
    ]);
    await sendEvents(t, key, [unitEvent.tested(t, id('t2'), second.unitNumber, 'AB+')]);
    const groups = async () =>
      (await t.database.db.select().from(donorProfiles).where(eq(donorProfiles.userId, donor.user.id)))[0]!;
    expect((await groups()).labBloodGroup).toBe('B+');
    const tasks = await t.database.db
      .select()
      .from(bloodGroupTasks)
      .where(eq(bloodGroupTasks.userId, donor.user.id));
    expect(tasks.map((x) => [x.earlierGroup, x.reportedGroup, x.status])).toEqual([['B+', 'AB+', 'OPEN']]);

    // Any staff member sees it in the list (audited with the donor in its subjects) and resolves it.
    const list = await t.request({ method: 'GET', url: ADMIN_TASKS_API.bloodGroups, headers: staff });
    expect(list.status).toBe(200);
    const item = list.body.data.find((x: { id: number }) => x.id === tasks[0]!.id);
    expect(item).toMatchObject({
      donorId: donor.user.id,
      fullName: 'Nguyễn Thị Thu',
      unitNumber: second.unitNumber,
      earlierGroup: 'B+',
      reportedGroup: 'AB+',
      status: 'OPEN',
      resolution: null,
    });
    const kept = await t.request({
      method: 'POST',
      url: ADMIN_TASKS_API.bloodGroupResolve(tasks[0]!.id),
      headers: staff,
      payload: { resolution: 'KEPT' },
    });
    expect([kept.status, kept.body.message, kept.body.data.resolution, kept.body.data.resolvedBy]).toEqual([
      200,
      BLOOD_GROUP_TASK_TEXTS.resolved,
      'KEPT',
      'canbo',
    ]);
    expect((await groups()).labBloodGroup).toBe('B+');
    const twice = await t.request({
      method: 'POST',
      url: ADMIN_TASKS_API.bloodGroupResolve(tasks[0]!.id),
      headers: staff,
      payload: { resolution: 'APPLIED' },
    });
    expect([twice.status, twice.body.message]).toEqual([409, BLOOD_GROUP_TASK_TEXTS.alreadyResolved]);

    // The third unit says AB+ again: a new task; this time staff apply it.
    await sendEvents(t, key, [unitEvent.tested(t, id('t3'), third.unitNumber, 'AB+')]);
    const [open] = await t.database.db
      .select()
      .from(bloodGroupTasks)
      .where(and(eq(bloodGroupTasks.userId, donor.user.id), eq(bloodGroupTasks.status, 'OPEN')));
    const applied = await t.request({
      method: 'POST',
      url: ADMIN_TASKS_API.bloodGroupResolve(open!.id),
      headers: staff,
      payload: { resolution: 'APPLIED' },
    });
    expect(applied.status).toBe(200);
    expect([(await groups()).labBloodGroup, (await groups()).bloodGroup]).toEqual(['AB+', 'AB+']);
    // The donor is told once, in words; KEPT told them nothing.
    const corrected = (await notificationRows(t, donor.user.id)).filter(
      (n) => n.title === LAB_GROUP_CORRECTED_MESSAGE.title,
    );
    expect(corrected.map((n) => n.content)).toEqual([
      '<p>Sau khi đối chiếu các kết quả xét nghiệm, nhóm máu của bạn được cập nhật thành AB+ (trước đây là B+). Nếu có thắc mắc, vui lòng liên hệ Hội.</p>',
    ]);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'donor.blood-group-task.resolve'), eq(auditLog.subjectUserId, donor.user.id)),
      );
    expect(audits.map((a) => a.detail)).toEqual([
      { resolution: 'KEPT' },
      { resolution: 'APPLIED', bloodGroup: 'AB+' },
    ]);
    // Staff read 'AB+' differences only; a donor never reaches these routes.
    expect(
      (await t.request({ method: 'GET', url: ADMIN_TASKS_API.bloodGroups, headers: donor.auth })).status,
    ).toBe(403);
  });

  it("the donor's record shows each donation's journey, in Vietnam days, without a reason or a result", async () => {
    run++;
    const donor = await createVerifiedDonor(t);
    const { appointmentId, unitNumber } = await recordDonation(t, donor.user.id, {
      donatedAt: '2026-11-10T01:00:00Z',
    });
    const other = await recordDonation(t, donor.user.id, { nth: 1, donatedAt: '2026-08-01T01:00:00Z' });
    await sendEvents(t, key, [
      // 23:30 UTC on the 11th is the 12th in Vietnam.
      { ...unitEvent.tested(t, id('t'), unitNumber), at: '2026-11-11T23:30:00Z' },
      { ...unitEvent.processed(t, id('p'), unitNumber), at: '2026-11-13T03:00:00Z' },
      { ...unitEvent.issued(t, id('i'), unitNumber), issuedOn: '2026-11-20', at: '2026-11-20T09:00:00Z' },
      { ...unitEvent.discarded(t, id('d'), other.unitNumber, 'DAMAGED'), at: '2026-08-03T03:00:00Z' },
    ]);
    const record = await t.request({ method: 'GET', url: DONATION_RECORD_API.mine, headers: donor.auth });
    const byId = new Map(
      (record.body.data.donations as { appointmentId: number; journey: unknown[] }[]).map((d) => [
        d.appointmentId,
        d.journey,
      ]),
    );
    expect(byId.get(appointmentId)).toEqual([
      { step: 'COLLECTED', on: '2026-11-10', hospital: null },
      { step: 'TESTED', on: '2026-11-12', hospital: null },
      { step: 'PROCESSED', on: '2026-11-13', hospital: null },
      { step: 'ISSUED', on: '2026-11-20', hospital: 'Bệnh viện Bạch Mai' },
    ]);
    expect(byId.get(other.appointmentId)).toEqual([
      { step: 'COLLECTED', on: '2026-08-01', hospital: null },
      { step: 'DISCARDED', on: '2026-08-03', hospital: null },
    ]);
    const text = JSON.stringify(record.body);
    for (const hidden of ['DAMAGED', 'NEGATIVE', 'RED_CELLS', 'PLASMA']) expect(text).not.toContain(hidden);
  });
});
