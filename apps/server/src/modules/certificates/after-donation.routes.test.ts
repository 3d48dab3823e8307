import { ed25519 } from '@noble/curves/ed25519.js';
import {
  ADMIN_DAY_DESK_API,
  ADMIN_CAMPAIGN_API,
  API,
  ADMIN_DONOR_API,
  CERTIFICATE_API,
  CERTIFICATE_MESSAGES,
  certificateIdentityText,
  certificateSigningText,
  DONATION_RECORD_API,
  HONOURS_ADMIN_API,
  mod37_2,
  SCREENING_MESSAGES,
  screeningPath,
  UNIT_NUMBER_MESSAGES,
  addDays,
  vnDayOf,
} from '@giot-hong/contract';
import { and, eq } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, auditSubjects, certificates, notifications } from '../../db/schema/index.ts';
import { createLoggedInUser, loginStaff } from '../../../test/auth.ts';
import { createVerifiedDonor } from '../../../test/donor.ts';
import { createTestContext, DB_KINDS, type TestContext } from '../../../test/helper.ts';
import { registerForCampaign } from '../../../test/notifications.ts';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.ts';

type Auth = { authorization: string };

/** A venue check inside every limit, for a donor of 60 kg. */
const NORMAL_CHECK = { weightKg: 60, systolic: 120, diastolic: 80, pulse: 72, hemoglobinGL: 140 };

const vnAt = (t: TestContext, days: number, hhmm: string) => {
  const day = new Date(t.clock.now().getTime() + 7 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
  return new Date(`${day}T${hhmm}:00+07:00`).toISOString();
};

/** An ISBT 128 donation number of this run with its check character: facility A9999, year 26. */
let sequence = Math.floor(Math.random() * 900_000);
function isbt(): string {
  const din = `A999926${String(++sequence).padStart(6, '0')}`;
  return `${din}${mod37_2(din)}`;
}

// On both databases (test/helper.ts, DB_KINDS): certificate serials are taken under concurrent
// DONE recordings (a row lock on the year's counter), and uses under a row lock too.
describe.each(DB_KINDS)('after the donation on %s', (kind) => {
  let t: TestContext;
  let smtp: SmtpSink;
  let staff: Auth;
  let campaign: { id: number; questionSetId: number; name: string };

  const post = (url: string, payload: unknown, headers: Auth = staff) =>
    t.request({ method: 'POST', url, headers, payload });
  const put = (url: string, payload: unknown, headers: Auth = staff) =>
    t.request({ method: 'PUT', url, headers, payload });

  /** A verified donor booked on today's campaign; returns the donor and the appointment. */
  async function bookedDonor() {
    const donor = await createVerifiedDonor(t);
    const id = await registerForCampaign(t, donor.auth, campaign.id, campaign.questionSetId);
    return { donor, id };
  }
  async function done(id: number, extra: Record<string, unknown> = {}) {
    return post(ADMIN_DAY_DESK_API.appointmentOutcome(id), {
      result: 'DONE',
      donationType: 'WHOLE_BLOOD',
      volumeMl: 350,
      unitNumber: isbt(),
      ...extra,
    });
  }

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestContext(kind, { env: { SMTP_URL: smtp.url } });
    staff = { authorization: `Bearer ${(await loginStaff(t)).accessToken}` };
    const res = await post(ADMIN_CAMPAIGN_API.campaigns, {
      name: `Hiến máu sau ngày hội ${kind}`,
      location: 'Nhà văn hóa Thanh Niên',
      organizeTime: vnAt(t, 0, '07:00'),
      startReceiveTime: vnAt(t, 0, '07:00'),
      endReceiveTime: vnAt(t, 0, '17:00'),
      description: '',
      targetBloodUnits: 500,
      questionSetId: 1,
      slotCapacity: 500,
    });
    expect(res.status, res.body.message).toBe(200);
    campaign = res.body.data;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('the venue check: out-of-limit values are recorded and flagged; a DONE needs it, a volume the weight allows and a unique, well-checked unit number', async () => {
    const { id } = await bookedDonor();
    const noCheck = await done(id);
    expect([noCheck.status, noCheck.body.message]).toEqual([400, SCREENING_MESSAGES.screeningRequired]);

    // 44 kg, a woman (the test donors are 'Nữ'): whole blood at most 250 ml. Haemoglobin 118 g/L.
    const check = await put(screeningPath(id), { ...NORMAL_CHECK, weightKg: 44, hemoglobinGL: 118 });
    expect(check.status, check.body.message).toBe(200);
    expect(
      check.body.data.screening.findings.map((f: { field: string; reason: string }) => [f.field, f.reason]),
    ).toEqual([['hemoglobinGL', 'LOW_HEMOGLOBIN']]);
    const bad = await put(screeningPath(id), { ...NORMAL_CHECK, systolic: 80, diastolic: 90 });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain(SCREENING_MESSAGES.diastolicBelowSystolic);

    const tooMuch = await done(id, { volumeMl: 350 });
    expect([tooMuch.status, tooMuch.body.message]).toEqual([
      400,
      'Với cân nặng 44 kg, thể tích hiến tối đa là 250 ml',
    ]);
    const wrongCheckChar = await done(id, { volumeMl: 250, unitNumber: 'A999915000001K' });
    expect(wrongCheckChar.status).toBe(400);
    expect(JSON.stringify(wrongCheckChar.body)).toContain(UNIT_NUMBER_MESSAGES.badCheck);
    const unitNumber = isbt();
    const ok = await done(id, {
      volumeMl: 250,
      unitNumber: unitNumber.replace(/^(.{5})(.{2})(.{6})/, '$1 $2 $3 '),
    });
    expect(ok.status, ok.body.message).toBe(200);
    expect(ok.body.data).toMatchObject({ status: 'DONE', volumeMl: 250, unitNumber, emergency: false });
    expect(ok.body.data.certificateSerial).toMatch(/^GH-\d{4}-\d{6}$/);

    const { id: other } = await bookedDonor();
    await put(screeningPath(other), NORMAL_CHECK);
    const duplicate = await done(other, { unitNumber });
    expect([duplicate.status, duplicate.body.message]).toEqual([400, UNIT_NUMBER_MESSAGES.duplicate]);
  });

  it('issues a signed certificate: the PDF to its donor or staff only, the public view masked, the signature checked by an independent Ed25519', async () => {
    const { donor, id } = await bookedDonor();
    const stranger = await createVerifiedDonor(t);
    await put(screeningPath(id), NORMAL_CHECK);
    const recorded = await done(id);
    const serial = recorded.body.data.certificateSerial as string;

    // The donor's appointment view offers it too.
    const view0 = await t.request({ method: 'GET', url: API.appointmentById(id), headers: donor.auth });
    expect(view0.body.data.certificateSerial).toBe(serial);
    const pdf = await t.app.inject({ method: 'GET', url: CERTIFICATE_API.pdf(serial), headers: donor.auth });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { text } = await extractText(new Uint8Array(pdf.rawPayload), { mergePages: true });
    expect(text).toContain('GIẤY CHỨNG NHẬN HIẾN MÁU TÌNH NGUYỆN');
    expect(text).toContain(`Số: ${serial}`);
    expect(text).toContain('Họ và tên: Nguyễn Thị Thu');
    expect(text).toContain('Ngày sinh: 12/03/1995');
    expect(text).toContain('Đã hiến: 350 ml máu');
    // Someone else's certificate does not exist for them; staff may read it, and it is audited.
    const foreign = await t.request({
      method: 'GET',
      url: CERTIFICATE_API.pdf(serial),
      headers: stranger.auth,
    });
    expect(foreign.status).toBe(404);
    const byStaff = await t.request({ method: 'GET', url: CERTIFICATE_API.pdf(serial), headers: staff });
    expect(byStaff.status).toBe(200);
    const [row] = await t.database.db.select().from(certificates).where(eq(certificates.serial, serial));
    const views = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'certificate.view'), eq(auditLog.targetId, row!.id)));
    expect(views.map((v) => v.subjectUserId)).toEqual([donor.user.id]);

    // The public view: nothing beyond the masked fields.
    const signature = row!.signature;
    const view = await t.request({
      method: 'GET',
      url: `${CERTIFICATE_API.publicBySerial(serial)}?signature=${signature}`,
    });
    expect(view.status).toBe(200);
    expect(view.body.data).toEqual({
      serial,
      state: 'VALID',
      donatedOn: row!.donatedOn,
      volumeMl: 350,
      remainingMl: 350,
      facility: row!.facility,
      maskedName: 'Nguyễn T. T.',
      birthYear: 1995,
      signatureValid: true,
    });
    expect(JSON.stringify(view.body)).not.toContain('Nguyễn Thị Thu');

    // An independent Ed25519 (@noble/curves) verifies the signature with the published key,
    // over the text rebuilt from what the paper prints.
    const keys = await t.request({ method: 'GET', url: CERTIFICATE_API.wellKnownKeys });
    expect(keys.body.algorithm).toBe('Ed25519');
    const publicKey = Buffer.from(keys.body.keys[0].x, 'base64url');
    const identityHash = createHash('sha256')
      .update(certificateIdentityText('Nguyễn Thị Thu', '1995-03-12'))
      .digest('hex');
    const signed = (s: string, volumeMl = 350) =>
      new TextEncoder().encode(
        certificateSigningText({ serial: s, donatedOn: row!.donatedOn, volumeMl, identityHash }),
      );
    const sig = Buffer.from(signature, 'base64url');
    expect(ed25519.verify(sig, signed(serial), publicKey)).toBe(true);
    // A tampered serial or volume is refused by both.
    const tampered = serial.replace(/\d$/, (d) => String((Number(d) + 1) % 10));
    expect(ed25519.verify(sig, signed(tampered), publicKey)).toBe(false);
    expect(ed25519.verify(sig, signed(serial, 450), publicKey)).toBe(false);
    const forged = await t.request({
      method: 'GET',
      url: `${CERTIFICATE_API.publicBySerial(serial)}?signature=${Buffer.from(sig.map((b, i) => (i === 0 ? b ^ 1 : b))).toString('base64url')}`,
    });
    expect(forged.body.data.signatureValid).toBe(false);
    const unknown = await t.request({ method: 'GET', url: CERTIFICATE_API.publicBySerial('GH-1999-000001') });
    expect([unknown.status, unknown.body.message]).toEqual([404, CERTIFICATE_MESSAGES.notFound]);
  });

  it('uses never exceed the volume (409); revocation is audited and the donor notified', async () => {
    const { donor, id } = await bookedDonor();
    await put(screeningPath(id), NORMAL_CHECK);
    const serial = (await done(id)).body.data.certificateSerial as string;
    const use = (volumeMl: number) =>
      post(CERTIFICATE_API.adminUses(serial), {
        date: '2026-12-01',
        hospital: 'Bệnh viện Chợ Rẫy',
        volumeMl,
      });
    const first = await use(200);
    expect([first.status, first.body.data]).toEqual([200, { remainingMl: 150 }]);
    const over = await use(151);
    expect([over.status, over.body.message]).toEqual([409, CERTIFICATE_MESSAGES.useExceeds(150)]);
    // Two uses at once that together exceed what remains: one is refused (a row lock orders them).
    const both = await Promise.all([use(100), use(100)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const view = await t.request({ method: 'GET', url: CERTIFICATE_API.publicBySerial(serial) });
    expect(view.body.data).toMatchObject({ state: 'VALID', remainingMl: 50, signatureValid: null });

    const revoked = await post(CERTIFICATE_API.adminRevoke(serial), { reason: 'Ghi nhầm người hiến' });
    expect(revoked.status).toBe(200);
    const again = await post(CERTIFICATE_API.adminRevoke(serial), { reason: 'Ghi nhầm' });
    expect([again.status, again.body.message]).toEqual([409, CERTIFICATE_MESSAGES.alreadyRevoked]);
    expect((await use(10)).body.message).toBe(CERTIFICATE_MESSAGES.revoked);
    expect(
      (await t.request({ method: 'GET', url: CERTIFICATE_API.publicBySerial(serial) })).body.data.state,
    ).toBe('REVOKED');
    const titles = (
      await t.database.db.select().from(notifications).where(eq(notifications.userId, donor.user.id))
    ).map((n) => n.title);
    expect(titles).toContain('Giấy chứng nhận hiến máu đã bị thu hồi');
    expect(titles.filter((x) => x === 'Giấy chứng nhận hiến máu của bạn vừa được sử dụng')).toHaveLength(2);
    const actions = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.subjectUserId, donor.user.id));
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['certificate.use', 'certificate.revoke']),
    );
  });

  it('numbers certificates without gap or duplicate under concurrent DONE recordings', async () => {
    const booked = await Promise.all(Array.from({ length: 12 }, () => bookedDonor()));
    for (const b of booked) await put(screeningPath(b.id), NORMAL_CHECK);
    const before = await t.database.db.select({ sequence: certificates.sequence }).from(certificates);
    const results = await Promise.all(booked.map((b) => done(b.id)));
    expect(results.map((r) => r.status)).toEqual(booked.map(() => 200));
    const all = (await t.database.db.select({ sequence: certificates.sequence }).from(certificates))
      .map((r) => r.sequence)
      .sort((a, b) => a - b);
    // 1 … n with nothing missing or twice: the new ones continue the year's numbering.
    expect(all).toEqual(all.map((_, i) => i + 1));
    expect(all.length).toBe(before.length + 12);
  });

  it('honours: the first donation is congratulated once (notification and e-mail), a correction does not repeat it; the ceremony list and its CSV', async () => {
    const { donor, id } = await bookedDonor();
    await put(screeningPath(id), NORMAL_CHECK);
    expect((await done(id, { emergency: true })).status).toBe(200);
    // A correction of the volume re-signs the certificate; the milestone is not awarded again.
    const corrected = await done(id, { volumeMl: 250, emergency: true, correction: true });
    expect(corrected.status, corrected.body.message).toBe(200);
    const mine = await t.request({
      method: 'GET',
      url: DONATION_RECORD_API.honoursMine,
      headers: donor.auth,
    });
    expect(mine.body.data).toMatchObject({ count: 1, emergencyCount: 1, next: 5, remaining: 4 });
    expect(mine.body.data.reached.map((r: { label: string }) => r.label)).toEqual(['Lần hiến máu đầu tiên']);
    const congratulations = (
      await t.database.db.select().from(notifications).where(eq(notifications.userId, donor.user.id))
    ).filter((n) => n.title === 'Chúc mừng bạn đạt mốc 1 lần hiến máu');
    expect(congratulations).toHaveLength(1);
    const mail = await smtp.waitFor(
      (m) => m.to.includes(donor.user.email) && m.subject === 'Chúc mừng bạn đạt mốc 1 lần hiến máu',
    );
    expect(mail.text).toContain('Bạn đã hiến máu 1 lần.');
    expect(
      smtp.mails.filter((m) => m.to.includes(donor.user.email) && m.subject.startsWith('Chúc mừng')),
    ).toHaveLength(1);

    const day = vnAt(t, 0, '12:00').slice(0, 10);
    const list = await t.request({
      method: 'GET',
      url: `${HONOURS_ADMIN_API.list}?from=${day}&to=${day}`,
      headers: staff,
    });
    expect(list.status).toBe(200);
    expect(list.body.data).toContainEqual(
      expect.objectContaining({ userId: donor.user.id, milestone: 1, count: 1, emergencyCount: 1 }),
    );
    const csv = await t.request({
      method: 'GET',
      url: `${HONOURS_ADMIN_API.csv}?from=${day}&to=${day}`,
      headers: staff,
    });
    expect(csv.headers['content-disposition']).toContain(`vinh-danh_${day}_${day}.csv`);
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFF"Họ và tên","Ngày sinh","Điện thoại","Mốc vinh danh","Ngày đạt mốc","Tổng số lần hiến","Hiến máu khẩn cấp"',
    );
    const dmy = day.split('-').reverse().join('/');
    expect(lines).toContain(`"Nguyễn Thị Thu","12/03/1995","0912345678","1","${dmy}","1","1"`);
    // The export is in the donor's access log.
    const [exported] = await t.database.db
      .select({ id: auditLog.id })
      .from(auditLog)
      .innerJoin(auditSubjects, eq(auditSubjects.auditId, auditLog.id))
      .where(and(eq(auditLog.action, 'honours.export'), eq(auditSubjects.subjectUserId, donor.user.id)));
    expect(exported).toBeDefined();
    const tooLong = await t.request({
      method: 'GET',
      url: `${HONOURS_ADMIN_API.list}?from=2024-01-01&to=2026-01-01`,
      headers: staff,
    });
    expect(tooLong.status).toBe(400);
  });

  it('a donation recorded elsewhere counts for honours and is congratulated', async () => {
    const donor = await createVerifiedDonor(t);
    const res = await post(ADMIN_DONOR_API.donorExternalDonations(donor.user.id), {
      date: vnAt(t, -30, '12:00').slice(0, 10),
      donationType: 'WHOLE_BLOOD',
      place: 'Bệnh viện Bạch Mai',
    });
    expect(res.status, res.body.message).toBe(200);
    const mine = await t.request({
      method: 'GET',
      url: DONATION_RECORD_API.honoursMine,
      headers: donor.auth,
    });
    expect(mine.body.data).toMatchObject({ count: 1, next: 5, remaining: 4 });
    const titles = (
      await t.database.db.select().from(notifications).where(eq(notifications.userId, donor.user.id))
    ).map((n) => n.title);
    expect(titles).toEqual(['Chúc mừng bạn đạt mốc 1 lần hiến máu']);
  });

  it("the donor's record is their own: donations with the check and certificate, totals; another donor sees only theirs", async () => {
    const { donor, id } = await bookedDonor();
    const other = await createLoggedInUser(t);
    await put(screeningPath(id), { ...NORMAL_CHECK, pulse: 95 });
    const unitNumber = isbt();
    const serial = (await done(id, { unitNumber })).body.data.certificateSerial;
    const record = await t.request({ method: 'GET', url: DONATION_RECORD_API.mine, headers: donor.auth });
    expect(record.status).toBe(200);
    expect(record.body.data.totals).toEqual({ count: 1, volumeMl: 350 });
    expect(record.body.data.donations[0]).toMatchObject({
      appointmentId: id,
      campaignName: campaign.name,
      volumeMl: 350,
      unitNumberTail: `…${unitNumber.slice(-4)}`,
      certificate: { serial, state: 'VALID', remainingMl: 350 },
      screening: { pulse: 95, findings: [{ field: 'pulse', message: SCREENING_MESSAGES.pulseOut }] },
    });
    // 84 days after the campaign's day (Vietnam).
    expect(record.body.data.nextEligibleDate).toBe(addDays(vnDayOf(t.clock.now()), 84));
    const theirs = await t.request({ method: 'GET', url: DONATION_RECORD_API.mine, headers: other.auth });
    expect(theirs.body.data).toMatchObject({ donations: [], totals: { count: 0, volumeMl: 0 } });
    expect((await t.request({ method: 'GET', url: DONATION_RECORD_API.mine })).status).toBe(401);
  });
});
