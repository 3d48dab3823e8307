import {
  ADMIN_DONOR_API,
  ADMIN_RARE_BLOOD_API,
  CONSENT_VERSIONS,
  DATA_RIGHTS_API,
  ERROR_MESSAGES,
  RARE_BLOOD_API,
  RARE_BLOOD_MESSAGES as M,
  RARE_BLOOD_TEXTS as T,
  type TRareBloodMember,
} from '@giot-hong/contract';
import { and, eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountDeletions,
  auditLog,
  auditSubjects,
  consents,
  donorProfiles,
  rareBloodMembers,
} from '../../db/schema/index.ts';
import { TASK_NAMES } from '../../jobs/jobs.ts';
import { createLoggedInUser, loginStaff } from '../../../test/auth.ts';
import { createVerifiedDonor } from '../../../test/donor.ts';
import { createTestContext, DB_KINDS, type TestContext } from '../../../test/helper.ts';
import { recordDonation } from '../../../test/units.ts';
import { eraseAccount } from '../data-rights/erasure.ts';
import { onCallMemberIds } from './rare-blood.repository.ts';

type Auth = Record<string, string>;
type Donor = Awaited<ReturnType<typeof createVerifiedDonor>>;

const LISTED = 'Xem thông tin liên hệ của bạn trong Câu lạc bộ máu hiếm';
/** Hà Nội and two of its wards in the shipped administrative units. */
const HA_NOI = '01';
const HOAN_KIEM = '10105001';
const BA_DINH = '10101003';

/** A Vietnam wall time on the test clock's day (22 Nov 2026) as an instant. */
const vn = (hhmm: string, seconds = '00') => new Date(`2026-11-22T${hhmm}:${seconds}+07:00`);

// On both databases (test/helper.ts, DB_KINDS): the call hours are compared as 'HH:MM' texts in
// SQL, membership is an INSERT … ON CONFLICT DO UPDATE in one transaction with the consent, and the
// listing filters addresses with LIKE: each must mean the same on PostgreSQL and the embedded one.
describe.each(DB_KINDS)('the rare-blood club on %s', (kind) => {
  let t: TestContext;
  let staff: Auth;

  const mine = (auth: Auth) => t.request({ method: 'GET', url: RARE_BLOOD_API.mine, headers: auth });
  const change = (auth: Auth, payload: unknown) =>
    t.request({ method: 'PUT', url: RARE_BLOOD_API.mine, headers: auth, payload });
  const list = (auth: Auth, query: string) =>
    t.request({ method: 'GET', url: `${ADMIN_RARE_BLOOD_API.members}${query}`, headers: auth });
  const views = async (auth: Auth) =>
    (await t.request({ method: 'GET', url: DATA_RIGHTS_API.views, headers: auth })).body.data as {
      label: string;
      roleLabel: string;
    }[];
  const clubConsent = async (auth: Auth) =>
    (
      (await t.request({ method: 'GET', url: DATA_RIGHTS_API.consents, headers: auth })).body.data as {
        purpose: string;
        active: boolean;
        withdrawnAt: string | null;
      }[]
    ).find((c) => c.purpose === 'RARE_BLOOD_CLUB')!;

  /** A verified donor; `lab` is recorded through the staff route, `declared` as the donor typed it. */
  async function donor(
    opts: { lab?: string; declared?: string; name?: string; address?: string; mobile?: string } = {},
  ): Promise<Donor> {
    const d = await createVerifiedDonor(t);
    await t.database.db
      .update(donorProfiles)
      .set({
        bloodGroup: opts.declared ?? null,
        fullName: opts.name ?? 'Nguyễn Thị Thu',
        ...(opts.address ? { addressContact: opts.address } : {}),
        ...(opts.mobile ? { mobile: opts.mobile } : {}),
      })
      .where(eq(donorProfiles.userId, d.user.id));
    if (opts.lab) {
      const res = await t.request({
        method: 'PUT',
        url: ADMIN_DONOR_API.donorLabBloodGroup(d.user.id),
        headers: staff,
        payload: { bloodGroup: opts.lab },
      });
      expect(res.status, res.body.message).toBe(200);
    }
    return d;
  }
  const join = async (d: Donor, onCall = false, callHours: unknown = null) => {
    const res = await change(d.auth, { member: true, onCall, callHours });
    expect(res.status, res.body.message).toBe(200);
    return res;
  };

  beforeAll(async () => {
    t = await createTestContext(kind);
    staff = { authorization: `Bearer ${(await loginStaff(t)).accessToken}` };
  });
  afterAll(() => t?.close());

  it('refuses a donor whose group is only self-declared, Rh-positive, or unknown; nothing is stored', async () => {
    const declared = await donor({ declared: 'O-' });
    const positive = await donor({ lab: 'O+', declared: 'O-' });
    const plain = await createLoggedInUser(t);
    for (const d of [declared, positive, plain]) {
      const state = await mine(d.auth);
      expect(state.status).toBe(200);
      expect(state.body.data).toMatchObject({
        eligible: false,
        reason: 'Chỉ người hiến máu có nhóm máu Rh âm tính do phòng xét nghiệm xác nhận mới có thể tham gia.',
        member: false,
        onCall: false,
      });
      const res = await change(d.auth, { member: true, onCall: false, callHours: null });
      expect([res.status, res.body.message, res.body.code]).toEqual([403, M.notEligible, 'FORBIDDEN']);
      const rows = await t.database.db
        .select()
        .from(rareBloodMembers)
        .where(eq(rareBloodMembers.userId, d.user.id));
      expect(rows).toEqual([]);
      expect((await clubConsent(d.auth)).active).toBe(false);
    }
    expect((await mine(positive.auth)).body.data.labBloodGroup).toBe('O+');
    expect((await t.request({ method: 'GET', url: RARE_BLOOD_API.mine })).status).toBe(401);
  });

  it('a lab-confirmed O− donor joins (giving the consent), sets on call with hours, in Vietnamese validation', async () => {
    const d = await donor({ lab: 'O-', declared: 'O+' });
    const before = await mine(d.auth);
    expect(before.body.data).toEqual({
      eligible: true,
      reason: null,
      labBloodGroup: 'O-',
      member: false,
      joinedAt: null,
      onCall: false,
      callHours: null,
    });

    const joined = await join(d);
    expect(joined.body.message).toBe('Bạn đã tham gia Câu lạc bộ máu hiếm. Cảm ơn bạn!');
    expect(joined.body.data).toMatchObject({
      member: true,
      joinedAt: t.clock.now().toISOString(),
      onCall: false,
    });
    const consent = await clubConsent(d.auth);
    expect(consent).toMatchObject({ active: true, withdrawnAt: null });
    expect(
      await t.database.db
        .select({ version: consents.version })
        .from(consents)
        .where(and(eq(consents.userId, d.user.id), eq(consents.purpose, 'RARE_BLOOD_CLUB'))),
    ).toEqual([{ version: CONSENT_VERSIONS.RARE_BLOOD_CLUB }]);

    const refusals: [unknown, Record<string, string>][] = [
      [null, { 'callHours.from': M.callFromRequired, 'callHours.to': M.callToRequired }],
      [
        { from: '', to: '' },
        { 'callHours.from': M.callFromRequired, 'callHours.to': M.callToRequired },
      ],
      [{ from: '22:00', to: '' }, { 'callHours.to': M.callToRequired }],
      [{ from: '22:00', to: '22:00' }, { 'callHours.to': M.callHoursSame }],
      [
        { from: '25:00', to: '6h' },
        { 'callHours.from': M.callTimeInvalid, 'callHours.to': M.callTimeInvalid },
      ],
    ];
    for (const [callHours, fields] of refusals) {
      const res = await change(d.auth, { member: true, onCall: true, callHours });
      expect(res.status, JSON.stringify(callHours)).toBe(400);
      const got = Object.fromEntries(
        (res.body.errors as { field: string; message: string }[]).map((e) => [e.field, e.message]),
      );
      expect(got, JSON.stringify(callHours)).toEqual(fields);
    }
    expect((await mine(d.auth)).body.data.onCall).toBe(false);

    const onCall = await join(d, true, { from: '20:00', to: '06:00' });
    expect(onCall.body.message).toBe(T.saved);
    expect(onCall.body.data).toMatchObject({
      member: true,
      onCall: true,
      callHours: { from: '20:00', to: '06:00' },
    });
    // On call off keeps the hours, so turning it on again needs no typing.
    const off = await join(d, false, null);
    expect(off.body.data).toMatchObject({ onCall: false, callHours: { from: '20:00', to: '06:00' } });
    // The joining day stays the first one.
    expect(off.body.data.joinedAt).toBe(joined.body.data.joinedAt);
  });

  it('two donors never see or change each other’s state', async () => {
    const a = await donor({ lab: 'A-' });
    const b = await donor({ lab: 'A-' });
    await join(a, true, { from: '08:00', to: '17:00' });
    expect((await mine(b.auth)).body.data).toMatchObject({ member: false, onCall: false, callHours: null });
    await change(b.auth, { member: false, onCall: false, callHours: null });
    expect((await mine(a.auth)).body.data).toMatchObject({
      member: true,
      onCall: true,
      callHours: { from: '08:00', to: '17:00' },
    });
  });

  it('leaving withdraws the consent; withdrawing the consent on the privacy tab ends the membership', async () => {
    const d = await donor({ lab: 'B-' });
    await join(d, true, { from: '07:00', to: '22:00' });
    const left = await change(d.auth, { member: false, onCall: true, callHours: null });
    expect([left.status, left.body.message]).toEqual([200, T.left]);
    expect(left.body.data).toMatchObject({ member: false, onCall: false, callHours: null, joinedAt: null });
    expect(await clubConsent(d.auth)).toMatchObject({
      active: false,
      withdrawnAt: t.clock.now().toISOString(),
    });

    // The consent list cannot give it: joining the club does.
    const given = await t.request({
      method: 'PUT',
      url: DATA_RIGHTS_API.consent('RARE_BLOOD_CLUB'),
      headers: d.auth,
      payload: { given: true, version: CONSENT_VERSIONS.RARE_BLOOD_CLUB },
    });
    expect([given.status, given.body.message]).toEqual([409, M.joinOnCard]);
    expect((await mine(d.auth)).body.data.member).toBe(false);

    await join(d, true, { from: '07:00', to: '22:00' });
    expect((await clubConsent(d.auth)).active).toBe(true);
    const withdrawn = await t.request({
      method: 'PUT',
      url: DATA_RIGHTS_API.consent('RARE_BLOOD_CLUB'),
      headers: d.auth,
      payload: { given: false, version: CONSENT_VERSIONS.RARE_BLOOD_CLUB },
    });
    expect(withdrawn.status, withdrawn.body.message).toBe(200);
    expect((await mine(d.auth)).body.data).toMatchObject({ member: false, onCall: false });
    expect(
      await t.database.db.select().from(rareBloodMembers).where(eq(rareBloodMembers.userId, d.user.id)),
    ).toEqual([]);
  });

  it('staff list one group’s members with phone, place, last donation and next eligible day; audited per member', async () => {
    const lan = await donor({
      lab: 'AB-',
      name: 'Trần Thị Lan',
      address: '12 Hàng Bạc, Phường Hoàn Kiếm, Thành phố Hà Nội',
      mobile: '0901234567',
    });
    const minh = await donor({
      lab: 'AB-',
      name: 'Lê Văn Minh',
      address: '5 Kim Mã, Phường Ba Đình, Thành phố Hà Nội',
      mobile: '0987654321',
    });
    const otherGroup = await donor({ lab: 'O-', name: 'Phạm Văn Hải' });
    const notJoined = await donor({ lab: 'AB-', name: 'Đỗ Thị Hoa' });
    await join(lan, true, { from: '20:00', to: '06:00' });
    await join(minh);
    await join(otherGroup, true, { from: '00:00', to: '23:59' });
    // Lan gave 30 days ago (whole blood: again after 84 days, counted from the Vietnam day).
    await recordDonation(t, lan.user.id, { donatedAt: '2026-10-23T03:00:00.000Z' });
    await recordDonation(t, lan.user.id, { nth: 1, donatedAt: '2026-06-01T03:00:00.000Z' });

    const donorAuth = (await createLoggedInUser(t)).auth;
    expect((await list(donorAuth, '?group=AB-')).status).toBe(403);
    expect((await list(donorAuth, '?group=AB-')).body.message).toBe(ERROR_MESSAGES.FORBIDDEN);
    expect((await list({}, '?group=AB-')).status).toBe(401);
    for (const q of ['', '?group=AB%2B', '?group=X']) {
      const res = await list(staff, q);
      expect(res.status, q).toBe(400);
      expect(JSON.stringify(res.body), q).toContain(M.groupRequired);
    }
    expect((await list(staff, '?group=AB-&province=99')).body.message).toBe(M.provinceUnknown);
    expect((await list(staff, `?group=AB-&ward=${HOAN_KIEM}`)).body.message).toBe(M.wardUnknown);
    expect((await list(staff, `?group=AB-&province=${HA_NOI}&ward=1`)).body.message).toBe(M.wardUnknown);

    const auditRows = async () =>
      t.database.db.select().from(auditLog).where(eq(auditLog.action, 'rare-blood.list'));
    const before = (await auditRows()).length;
    const res = await list(staff, '?group=AB-');
    expect(res.status, res.body.message).toBe(200);
    const members = res.body.data.members as TRareBloodMember[];
    expect(res.body.data.truncated).toBe(false);
    // On call first, then by name; the member of another group and the donor who did not join are not there.
    expect(members).toEqual([
      {
        userId: lan.user.id,
        fullName: 'Trần Thị Lan',
        group: 'AB-',
        place: 'Phường Hoàn Kiếm, Thành phố Hà Nội',
        phone: '0901234567',
        lastDonationDate: '2026-10-23',
        nextEligibleDate: '2027-01-15',
        onCall: true,
        callHours: { from: '20:00', to: '06:00' },
        joinedAt: t.clock.now().toISOString(),
      },
      {
        userId: minh.user.id,
        fullName: 'Lê Văn Minh',
        group: 'AB-',
        place: 'Phường Ba Đình, Thành phố Hà Nội',
        phone: '0987654321',
        lastDonationDate: null,
        nextEligibleDate: null,
        onCall: false,
        callHours: null,
        joinedAt: t.clock.now().toISOString(),
      },
    ]);

    // One audit row naming both as subjects; each sees it once in "who saw my data".
    const rows = await auditRows();
    expect(rows.length).toBe(before + 1);
    const row = rows.at(-1)!;
    expect([row.actorRole, row.targetType, row.detail, row.requestId]).toEqual([
      'STAFF',
      'rare-blood',
      { bloodGroup: 'AB-', province: null, ward: null, results: 2 },
      res.headers['x-request-id'],
    ]);
    const subjects = await t.database.db
      .select({ id: auditSubjects.subjectUserId })
      .from(auditSubjects)
      .where(eq(auditSubjects.auditId, row.id));
    expect(subjects.map((s) => s.id).sort()).toEqual([lan.user.id, minh.user.id].sort());
    for (const d of [lan, minh]) {
      const seen = (await views(d.auth)).filter((v) => v.label === LISTED);
      expect(seen).toEqual([expect.objectContaining({ label: LISTED, roleLabel: 'Cán bộ của Hội' })]);
    }
    for (const d of [otherGroup, notJoined])
      expect((await views(d.auth)).map((v) => v.label)).not.toContain(LISTED);

    // By province and ward: the address's last parts.
    const ward = await list(staff, `?group=AB-&province=${HA_NOI}&ward=${BA_DINH}`);
    expect(ward.body.data.members.map((m: TRareBloodMember) => m.userId)).toEqual([minh.user.id]);
    expect(rows.length + 1).toBe((await auditRows()).length);
    expect((await auditRows()).at(-1)!.detail).toEqual({
      bloodGroup: 'AB-',
      province: HA_NOI,
      ward: BA_DINH,
      results: 1,
    });
    const province = await list(staff, `?group=AB-&province=${HA_NOI}`);
    expect(province.body.data.members).toHaveLength(2);
    const elsewhere = await list(staff, '?group=AB-&province=32');
    expect(elsewhere.body.data.members).toEqual([]);
  });

  it('onCallMemberIds: group, on call, the hours in Vietnam time at their edges, no pending erasure', async () => {
    const night = await donor({ lab: 'A-' });
    const day = await donor({ lab: 'B-' });
    const off = await donor({ lab: 'A-' });
    const leaving = await donor({ lab: 'A-' });
    await join(night, true, { from: '20:00', to: '06:00' });
    await join(day, true, { from: '08:00', to: '17:30' });
    await join(off, false, { from: '00:00', to: '23:59' });
    await join(leaving, true, { from: '00:00', to: '23:59' });
    const db = t.database.db;
    // Other files' members share this database: look at this test's donors only.
    const ours = new Set([night, day, off, leaving].map((d) => d.user.id));
    const at = async (groups: string[], when: Date) =>
      (await onCallMemberIds(db, groups, when)).filter((id) => ours.has(id));

    const both = ['A-', 'B-'];
    expect(await at(both, vn('19:59', '59'))).toEqual([leaving.user.id]);
    expect(await at(both, vn('20:00'))).toEqual([night.user.id, leaving.user.id]);
    expect(await at(both, vn('00:00'))).toEqual([night.user.id, leaving.user.id]);
    expect(await at(both, vn('05:59', '59'))).toEqual([night.user.id, leaving.user.id]);
    expect(await at(both, vn('06:00'))).toEqual([leaving.user.id]);
    expect(await at(both, vn('08:00'))).toEqual([day.user.id, leaving.user.id]);
    expect(await at(both, vn('17:29'))).toEqual([day.user.id, leaving.user.id]);
    expect(await at(both, vn('17:30'))).toEqual([leaving.user.id]);
    // 23:59 is the end of the all-day hours, excluded.
    expect(await at(both, vn('23:59'))).toEqual([night.user.id]);
    expect(await at(['B-'], vn('12:00'))).toEqual([day.user.id]);
    expect(await at(['O-'], vn('12:00'))).toEqual([]);
    expect(await at([], vn('12:00'))).toEqual([]);

    // A confirmed erasure request: not called any more (an unconfirmed one still is).
    await db.insert(accountDeletions).values({
      userId: leaving.user.id,
      tokenHash: `hash-${leaving.user.id}`,
      requestedAt: t.clock.now(),
      linkExpiresAt: t.clock.now(),
      confirmedAt: t.clock.now(),
      eraseAfter: t.clock.now(),
    });
    expect(await at(both, vn('12:00'))).toEqual([day.user.id]);
    const listed = await list(staff, '?group=A-');
    expect(listed.body.data.members.map((m: TRareBloodMember) => m.userId)).not.toContain(leaving.user.id);
  });

  it('the data export carries the membership, and erasing the account removes it', async () => {
    const d = await donor({ lab: 'O-' });
    await join(d, true, { from: '18:00', to: '23:00' });
    const queued = await t.request({ method: 'POST', url: DATA_RIGHTS_API.exports, headers: d.auth });
    expect(queued.status, queued.body.message).toBe(200);
    expect(await t.app.scheduler.tick()).toContain(TASK_NAMES.dataExports);
    const res = await t.app.inject({
      method: 'GET',
      url: DATA_RIGHTS_API.exportDownload(queued.body.data.id),
      headers: d.auth,
    });
    expect(res.statusCode).toBe(200);
    const data = JSON.parse(strFromU8(unzipSync(new Uint8Array(res.rawPayload))['du-lieu.json']!));
    expect(data.rareBloodClub).toEqual({
      joinedAt: t.clock.now().toISOString(),
      onCall: true,
      callHours: { from: '18:00', to: '23:00' },
      updatedAt: t.clock.now().toISOString(),
    });

    await t.database.db.transaction((tx) => eraseAccount(tx as never, d.user.id, t.clock.now()));
    expect(
      await t.database.db.select().from(rareBloodMembers).where(eq(rareBloodMembers.userId, d.user.id)),
    ).toEqual([]);
  });
});
