import { asc, eq, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Db } from '../src/db/client.ts';
import {
  appointments,
  authSessions,
  campaigns,
  campaignSlots,
  donorProfiles,
  users,
} from '../src/db/schema/index.ts';
import { createAccessTokens } from '../src/modules/auth/access-token.ts';
import { newCheckInCode } from '../src/modules/appointments/check-in-code.ts';
import { seedBookingLoad } from './booking-load.ts';

/**
 * A busy donation day, shared by the day page's benchmark and its browser test: a campaign held
 * today (Vietnam), receiving 07:00–17:00 in 20 half-hour slots, every place booked by a verified
 * donor of a name and phone number of their own, seeded straight into the database (demo data
 * first: the question set and the staff account `canbo`), and a session of that staff account.
 */

const SLOTS = 20;
const FAMILY = ['Nguyễn', 'Trần', 'Lê', 'Phạm', 'Hoàng', 'Huỳnh', 'Phan', 'Vũ', 'Võ', 'Đặng', 'Bùi', 'Đỗ'];
const MIDDLE = ['Văn', 'Thị', 'Minh', 'Ngọc', 'Thanh', 'Hoài', 'Gia', 'Quốc'];
const GIVEN = [
  'An',
  'Bình',
  'Châu',
  'Dũng',
  'Giang',
  'Hà',
  'Hải',
  'Hạnh',
  'Hòa',
  'Hùng',
  'Khánh',
  'Lan',
  'Linh',
];

export type BusyDonor = { fullName: string; mobile: string; code: string };
export type BusyDay = {
  campaignId: number;
  /** In booking order (slot by slot); the list shows each slot's donors by name. */
  donors: BusyDonor[];
  /** The demo staff's access token (15 minutes) and a refresh token that is never used. */
  staff: { accessToken: string; refreshToken: string };
};

/** Vietnam wall time today as an instant. */
const vnToday = (hhmm: string) => {
  const day = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);
  return new Date(`${day}T${hhmm}:00+07:00`);
};

/** Seeds `bookings` (a multiple of 20) on today's campaign; `accessSecret` is the server's. */
export async function seedBusyDay(
  db: Db,
  opts: { bookings: number; accessSecret: string; prefix: string },
): Promise<BusyDay> {
  const load = await seedBookingLoad(db, {
    donors: opts.bookings,
    campaigns: 1,
    accessSecret: opts.accessSecret,
    prefix: opts.prefix,
  });
  const [set] = await db
    .select({ questionSetId: campaigns.questionSetId })
    .from(campaigns)
    .where(eq(campaigns.id, load.campaignIds[0]!));
  const perSlot = Math.ceil(opts.bookings / SLOTS);
  const [campaign] = await db
    .insert(campaigns)
    .values({
      name: `Ngày hội hiến máu ${opts.bookings.toLocaleString('vi-VN')} người`,
      location: 'Nhà văn hóa Thanh niên, 4 Phạm Ngọc Thạch, TP. Hồ Chí Minh',
      description: 'Một ngày hiến máu đông người.',
      organizeTime: vnToday('07:00'),
      startReceiveTime: vnToday('07:00'),
      endReceiveTime: vnToday('17:00'),
      targetBloodUnits: opts.bookings,
      questionSetId: set!.questionSetId,
      slotMinutes: 30,
      slotCapacity: perSlot,
    })
    .returning({ id: campaigns.id });
  const campaignId = campaign!.id;
  const slotStart = (s: number) => new Date(vnToday('07:00').getTime() + s * 30 * 60_000);
  const slotOf = (i: number) => Math.floor(i / perSlot);
  await db.insert(campaignSlots).values(
    Array.from({ length: SLOTS }, (_, s) => ({
      campaignId,
      start: slotStart(s),
      capacity: perSlot,
      booked: load.donors.filter((_, i) => slotOf(i) === s).length,
    })),
  );
  const donors = load.donors.map((_, i) => ({
    fullName: `${FAMILY[i % FAMILY.length]} ${MIDDLE[Math.floor(i / FAMILY.length) % MIDDLE.length]} ${GIVEN[i % GIVEN.length]}`,
    mobile: `09${String(100_000_000 + i).slice(1)}`,
    code: newCheckInCode(),
  }));
  await db.insert(appointments).values(
    load.donors.map((d, i) => ({
      userId: d.userId,
      campaignId,
      status: 'BOOKING',
      checkInCode: donors[i]!.code,
      slotStart: slotStart(slotOf(i)),
    })),
  );
  await db.execute(sql`
    update ${donorProfiles} set full_name = v.full_name, mobile = v.mobile
    from unnest(${sql.param(load.donors.map((d) => d.userId))}::int[],
                ${sql.param(donors.map((n) => n.fullName))}::text[],
                ${sql.param(donors.map((n) => n.mobile))}::text[]) as v(user_id, full_name, mobile)
    where ${donorProfiles.userId} = v.user_id`);

  // The demo staff account, logged in by a session written straight into the database.
  const [staff] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.username, 'canbo'))
    .orderBy(asc(users.id));
  if (!staff) throw new Error('no staff account canbo: seed the demo data first');
  const sessionId = randomUUID();
  await db.insert(authSessions).values({ id: sessionId, userId: staff.id });
  const accessToken = await createAccessTokens(opts.accessSecret, () => new Date()).sign({
    userId: staff.id,
    sessionId,
    role: staff.role as 'STAFF',
  });
  return { campaignId, donors, staff: { accessToken, refreshToken: 'never-used' } };
}
