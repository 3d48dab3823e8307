import { DASHBOARD_API, DASHBOARD_MESSAGES as M, ERROR_MESSAGES, type TDashboard } from '@giot-hong/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, campaigns, donorProfiles } from '../../db/schema/index.ts';
import { createLoggedInUser, createUser, loginStaff } from '../../../test/auth.ts';
import { createTestContext, EMBEDDED_ONLY, type TestContext } from '../../../test/helper.ts';

type Auth = Record<string, string>;
const DAY = 86_400_000;
const FROM = '2026-11-01';
const TO = '2026-11-30';
/** Midnight in Vietnam starting a day, as an instant. */
const vnMidnight = (day: string) => new Date(`${day}T00:00:00+07:00`);
const at = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00+07:00`);
/** yyyy-mm-dd of an instant in Vietnam, computed here without SQL. */
const vnDay = (d: Date) => new Date(d.getTime() + 7 * 3600_000).toISOString().slice(0, 10);

// On the embedded database only (test/helper.ts, EMBEDDED_ONLY): nothing here depends on
// PostgreSQL itself (no concurrent requests, locks or job claims).
describe.each(EMBEDDED_ONLY)('staff console: dashboard figures on %s', (kind) => {
  let t: TestContext;
  let staff: Auth;
  let donorAuth: Auth;

  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;

  beforeAll(async () => {
    t = await createTestContext(kind);
    staff = { authorization: `Bearer ${(await loginStaff(t)).accessToken}` };
    donorAuth = (await createLoggedInUser(t)).auth;

    // The fixture: donors with blood groups verified on both sides of the period's edges,
    // campaigns inside and outside it, appointments in every state, created around midnight.
    const db = t.database.db;
    const groups = ['O+', 'A+', 'B+', 'AB+', null, 'O+', 'A-', 'O+'];
    const verified = [
      at('2026-10-31', '23:59'), // before the period (Vietnam)
      vnMidnight(FROM), // its first minute
      at('2026-11-03', '10:00'),
      at('2026-11-09', '08:00'),
      at('2026-11-16', '14:00'),
      at('2026-11-30', '23:59'),
      at('2026-12-01', '00:00'), // after it
      at('2026-11-20', '09:00'),
    ];
    const donors: number[] = [];
    for (const [i, bloodGroup] of groups.entries()) {
      const u = await createUser(t);
      donors.push(u.id);
      await db.insert(donorProfiles).values({
        userId: u.id,
        status: i === 7 ? 'PENDING' : 'EXTRACTED',
        fullName: `Người hiến ${i}`,
        bloodGroup,
        verifiedAt: verified[i]!,
      });
    }
    const campaign = async (name: string, day: string, target: number, cancelled = false) => {
      const [row] = await db
        .insert(campaigns)
        .values({
          name,
          location: 'Nhà văn hóa',
          description: '',
          organizeTime: at(day, '07:00'),
          startReceiveTime: at(day, '07:30'),
          endReceiveTime: at(day, '11:30'),
          targetBloodUnits: target,
          questionSetId: 1,
          cancelledAt: cancelled ? at(day, '06:00') : null,
        })
        .returning({ id: campaigns.id });
      return row!.id;
    };
    const inside = await campaign('Chiến dịch trong kỳ', '2026-11-10', 40);
    const first = await campaign('Chiến dịch ngày đầu', FROM, 25);
    const cancelled = await campaign('Chiến dịch đã hủy', '2026-11-12', 30, true);
    const outside = await campaign('Chiến dịch ngoài kỳ', '2026-10-20', 50);
    const book = (userId: number, campaignId: number, status: string, createdAt: Date) =>
      db.insert(appointments).values({ userId, campaignId, status, createdAt, updatedAt: createdAt });
    await book(donors[0]!, inside, 'DONE', at('2026-10-31', '23:59'));
    await book(donors[1]!, inside, 'DONE', vnMidnight(FROM));
    await book(donors[2]!, inside, 'DEFERRED', at('2026-11-02', '09:00'));
    await book(donors[3]!, inside, 'NO_SHOW', at('2026-11-02', '21:00'));
    await book(donors[4]!, inside, 'BOOKING', at('2026-11-05', '12:00'));
    await book(donors[5]!, inside, 'CANCELLED', at('2026-11-05', '12:30'));
    await book(donors[5]!, first, 'COMPLETED', at('2026-10-25', '08:00'));
    await book(donors[6]!, first, 'DONE', at('2026-10-26', '08:00'));
    await book(donors[1]!, first, 'NO_SHOW', at('2026-11-30', '23:59'));
    await book(donors[2]!, cancelled, 'CANCELLED', at('2026-11-06', '08:00'));
    await book(donors[0]!, outside, 'DONE', at('2026-10-10', '08:00'));
    await book(donors[3]!, outside, 'DEFERRED', at('2026-12-01', '00:00'));
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (q: string, headers: Auth = staff) =>
    t.request({ method: 'GET', url: `${DASHBOARD_API.dashboard}${q}`, headers });

  it('is for staff only, checked before the period is validated', async () => {
    expect((await t.request({ method: 'GET', url: DASHBOARD_API.dashboard })).status).toBe(401);
    const donor = await get('', donorAuth);
    expect(donor.status).toBe(403);
    expect(donor.body.message).toBe(ERROR_MESSAGES.FORBIDDEN);
  });

  it('refuses a malformed or reversed period with Vietnamese messages', async () => {
    const bad = await get('?from=2026-13-01&to=2026-11-30');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain(M.dayInvalid);
    const reversed = await get(`?from=${TO}&to=${FROM}`);
    expect(reversed.status).toBe(400);
    expect(JSON.stringify(reversed.body)).toContain(M.toBeforeFrom);
    const long = await get('?from=2024-01-01&to=2026-11-30');
    expect(JSON.stringify(long.body)).toContain(M.periodTooLong);
  });

  it('gives figures equal to counts made directly in the database', async () => {
    const res = await get(`?from=${FROM}&to=${TO}`);
    expect(res.status).toBe(200);
    const d: TDashboard = res.body.data;
    const start = vnMidnight(FROM);
    const end = new Date(vnMidnight(TO).getTime() + DAY);
    const range = (col: string) =>
      sql`${sql.raw(col)} >= ${start.toISOString()}::timestamptz and ${sql.raw(col)} < ${end.toISOString()}::timestamptz`;

    // Registrations per day: every appointment created in the period, grouped here by its Vietnam day.
    const created = await rows<{ created_at: string | Date }>(
      sql`select created_at from appointments where ${range('created_at')}`,
    );
    const perDay = new Map<string, number>();
    for (const r of created) {
      const day = vnDay(new Date(r.created_at));
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
    }
    expect(d.registrationsPerDay).toHaveLength(30);
    expect(d.registrationsPerDay[0]!.day).toBe(FROM);
    for (const { day, registrations } of d.registrationsPerDay)
      expect(registrations, day).toBe(perDay.get(day) ?? 0);
    expect(d.registrationsPerDay.find((r) => r.day === FROM)!.registrations).toBeGreaterThanOrEqual(1);
    expect(d.registrationsPerDay.find((r) => r.day === '2026-11-02')!.registrations).toBeGreaterThanOrEqual(
      2,
    );

    // Blood groups of the registrants and donors of the campaigns held in the period.
    const people = await rows<{ user_id: number; status: string; blood_group: string | null }>(sql`
      select a.user_id, a.status, p.blood_group from appointments a
      join campaigns c on c.id = a.campaign_id left join donor_profiles p on p.user_id = a.user_id
      where ${range('c.organize_time')}`);
    const expected = new Map<string | null, { registrants: Set<number>; donors: Set<number> }>();
    for (const p of people) {
      if (p.status === 'CANCELLED') continue;
      const g = expected.get(p.blood_group) ?? { registrants: new Set(), donors: new Set() };
      g.registrants.add(Number(p.user_id));
      if (p.status === 'DONE' || p.status === 'COMPLETED') g.donors.add(Number(p.user_id));
      expected.set(p.blood_group, g);
    }
    expect(new Map(d.bloodGroups.map((g) => [g.bloodGroup, [g.registrants, g.donors]]))).toEqual(
      new Map([...expected].map(([k, v]) => [k, [v.registrants.size, v.donors.size]])),
    );
    expect(d.bloodGroups.find((g) => g.bloodGroup === 'O+')).toBeDefined();

    // Units against target: campaigns held in the period and not cancelled.
    const units = await rows<{ id: number; target: number; done: number }>(sql`
      select c.id, c.target_blood_units as target,
        (select count(*) from appointments a where a.campaign_id = c.id and a.status in ('DONE', 'COMPLETED'))::int as done
      from campaigns c where ${range('c.organize_time')} and c.cancelled_at is null order by c.id`);
    expect(
      d.unitsPerCampaign.map((u) => [u.campaignId, u.target, u.collected]).sort((a, b) => a[0]! - b[0]!),
    ).toEqual(units.map((u) => [Number(u.id), Number(u.target), Number(u.done)]));
    const insideRow = d.unitsPerCampaign.find((u) => u.name === 'Chiến dịch trong kỳ')!;
    expect(insideRow).toMatchObject({ day: '2026-11-10', target: 40, collected: 2 });
    expect(d.unitsPerCampaign.find((u) => u.name === 'Chiến dịch ngày đầu')).toMatchObject({ collected: 2 });
    expect(
      d.unitsPerCampaign.some((u) => u.name === 'Chiến dịch đã hủy' || u.name === 'Chiến dịch ngoài kỳ'),
    ).toBe(false);

    // Outcomes (for no-show and deferral rates).
    const statuses = people.map((p) => p.status);
    const count = (...s: string[]) => statuses.filter((x) => s.includes(x)).length;
    expect(d.outcomes).toEqual({
      recorded: count('DONE', 'COMPLETED', 'DEFERRED', 'NO_SHOW'),
      done: count('DONE', 'COMPLETED'),
      deferred: count('DEFERRED'),
      noShow: count('NO_SHOW'),
    });
    expect(d.outcomes.noShow).toBeGreaterThanOrEqual(2);

    // New verified donors per week (Monday, Vietnam).
    const verified = await rows<{ verified_at: string | Date }>(sql`
      select verified_at from donor_profiles where status = 'EXTRACTED' and ${range('verified_at')}`);
    const perWeek = new Map<string, number>();
    for (const r of verified) {
      const day = vnDay(new Date(r.verified_at));
      const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
      const monday = new Date(Date.parse(`${day}T00:00:00Z`) - weekday * DAY).toISOString().slice(0, 10);
      perWeek.set(monday, (perWeek.get(monday) ?? 0) + 1);
    }
    expect(d.newVerifiedDonorsPerWeek.map((w) => w.week)).toEqual([
      '2026-10-26',
      '2026-11-02',
      '2026-11-09',
      '2026-11-16',
      '2026-11-23',
      '2026-11-30',
    ]);
    for (const { week, donors } of d.newVerifiedDonorsPerWeek)
      expect(donors, week).toBe(perWeek.get(week) ?? 0);
    expect(d.newVerifiedDonorsPerWeek.reduce((s, w) => s + w.donors, 0)).toBe(verified.length);
    expect(verified.length).toBeGreaterThanOrEqual(5);
  });
});
