import {
  DATA_RIGHTS_API,
  ADMIN_IDENTITY_API,
  ADMIN_DONOR_API,
  ADMIN_AUDIT_API,
  API,
  AUDIT_FILTER_MESSAGES,
  DONOR_ADMIN_MESSAGES,
  CURRENT_DONOR_TERMS_VERSION,
  ERROR_MESSAGES,
  IDENTITY_REVIEW_MESSAGES as M,
  PROFILE_MESSAGES,
} from '@giot-hong/contract';
import { and, eq, sql } from 'drizzle-orm';
import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, donorProfiles, idExtracts, notifications } from '../../db/schema/index.ts';
import { createSealedBox } from '../../lib/sealed-box.ts';
import { createLoggedInUser, loginStaff } from '../../../test/auth.ts';
import { createVerifiedDonor } from '../../../test/donor.ts';
import { createTestContext, EMBEDDED_ONLY, type TestContext } from '../../../test/helper.ts';
import { solidPng } from '../../../test/images.ts';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.ts';
import { identityServiceFor } from '../identity/identity.routes.ts';

type Auth = Record<string, string>;
const DAY_MS = 86_400_000;

const newCardId = () => String(randomInt(10 ** 11, 10 ** 12 - 1)).padStart(12, '0');

/** What the reader gave: every field, with the confidences and disagreements of a doubtful reading. */
function merged(cardId: string, name: string, opts: { unsureName?: boolean } = {}) {
  const f = (value: string, confidence = 0.95) => ({ value, confidence, source: 'ocr' });
  return {
    fields: {
      card_id: f(cardId, 0.99),
      name: f(name, opts.unsureName ? 0.41 : 0.95),
      dob: f('12/03/1995'),
      sex: f('Nữ'),
      nationality: f('Việt Nam'),
      home: f('Phường Hoàn Kiếm, Hà Nội'),
      address: f('Phường Hoàn Kiếm, Hà Nội'),
      doe: f('12/03/2035'),
      issue_loc: f('Bộ Công an', 0.6),
      issue_date: f('01/07/2024'),
    },
    disagreements: opts.unsureName ? [{ field: 'name', front: name, back: 'NGUYEN THI THU' }] : [],
    score_front: 0.9,
    score_back: 0.9,
  };
}

// On the embedded database only (test/helper.ts, EMBEDDED_ONLY): nothing here depends on
// PostgreSQL itself (no concurrent requests, locks or job claims).
describe.each(EMBEDDED_ONLY)(
  'staff console: identity review, donor records and the audit trail on %s',
  (kind) => {
    let t: TestContext;
    let smtp: SmtpSink;
    let staff: Auth;
    let admin: Auth;
    let photo: Buffer;
    const box = () => createSealedBox(t.config.secrets.dataEncryption, 'id-card-images');

    /** A donor whose confirmed card waits for staff (PENDING): the extract row made directly. */
    async function pendingDonor(name = 'Nguyễn Thi Thu', cardId = newCardId()) {
      const donor = await createLoggedInUser(t);
      const extractId = randomUUID();
      const now = t.clock.now();
      await t.database.db.insert(idExtracts).values({
        id: extractId,
        userId: donor.user.id,
        status: 'CONFIRM_MATCHED',
        merged: merged(cardId, name, { unsureName: true }),
        scoreFront: 0.9,
        scoreBack: 0.9,
        frontImage: box().seal(photo),
        backImage: box().seal(photo),
        confirmedAt: now,
        reviewRequestedAt: now,
        createdAt: now,
      });
      await t.database.db.insert(donorProfiles).values({
        userId: donor.user.id,
        status: 'PENDING',
        extractId,
        cardId,
        fullName: name,
        dob: '12/03/1995',
        mobile: '0912345678',
        addressContact: 'Phường Hoàn Kiếm, Thành phố Hà Nội',
        termsVersion: CURRENT_DONOR_TERMS_VERSION,
        termsAcceptedAt: now,
      });
      return { ...donor, extractId, cardId };
    }

    const get = (url: string, auth?: Auth) => t.request({ method: 'GET', url, headers: auth ?? {} });
    const post = (url: string, auth: Auth, payload: unknown) =>
      t.request({ method: 'POST', url, headers: auth, payload });
    const approveBody = (cardId: string, name = 'Nguyễn Thị Thu') => ({
      card_id: cardId,
      name,
      dob: '12/03/1995',
      sex: 'Nữ',
      nationality: 'Việt Nam',
      home: 'Phường Hoàn Kiếm, Hà Nội',
      address: 'Phường Hoàn Kiếm, Hà Nội',
      doe: '12/03/2035',
      issue_loc: 'Bộ Công an',
      issue_date: '01/07/2024',
    });
    const auditRows = (action: string, subject: number) =>
      t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, action), eq(auditLog.subjectUserId, subject)));
    const profileOf = async (userId: number) =>
      (await t.database.db.select().from(donorProfiles).where(eq(donorProfiles.userId, userId)))[0]!;
    const notificationsOf = (userId: number) =>
      t.database.db.select().from(notifications).where(eq(notifications.userId, userId));

    beforeAll(async () => {
      smtp = await startSmtpSink();
      t = await createTestContext(kind, { env: { SMTP_URL: smtp.url } });
      staff = { authorization: `Bearer ${(await loginStaff(t)).accessToken}` };
      admin = (await createLoggedInUser(t, { role: 'ADMIN' })).auth;
      photo = await solidPng(64, 40, '#c8283c');
    });
    afterAll(async () => {
      await t?.close();
      await smtp?.close();
    });

    it('answers 401 without a token and 403 to a donor on every route; audit and disputes are ADMIN only', async () => {
      const donor = await createLoggedInUser(t);
      const id = randomUUID();
      const routes = [
        ['GET', ADMIN_IDENTITY_API.reviews],
        ['GET', ADMIN_IDENTITY_API.review(id)],
        ['GET', ADMIN_IDENTITY_API.reviewImage(id, 'front')],
        ['POST', ADMIN_IDENTITY_API.approve(id)],
        ['POST', ADMIN_IDENTITY_API.reject(id)],
        ['POST', ADMIN_IDENTITY_API.revokeOther(id)],
        ['GET', ADMIN_DONOR_API.donors],
        ['GET', ADMIN_DONOR_API.donor(1)],
        ['PUT', ADMIN_DONOR_API.donorLabBloodGroup(1)],
        ['POST', ADMIN_DONOR_API.donorExternalDonations(1)],
        ['GET', ADMIN_AUDIT_API.audit],
        ['GET', ADMIN_AUDIT_API.auditCsv],
      ] as const;
      for (const [method, url] of routes) {
        const anon = await t.request({ method, url, payload: {} });
        expect(anon.status, `${method} ${url}`).toBe(401);
        const asDonor = await t.request({ method, url, headers: donor.auth, payload: {} });
        expect(asDonor.status, `${method} ${url}`).toBe(403);
        expect(asDonor.body.message).toBe(ERROR_MESSAGES.FORBIDDEN);
      }
      for (const [method, url] of [
        ['POST', ADMIN_IDENTITY_API.revokeOther(id)],
        ['GET', ADMIN_AUDIT_API.audit],
        ['GET', ADMIN_AUDIT_API.auditCsv],
      ] as const) {
        expect((await t.request({ method, url, headers: staff, payload: {} })).status, url).toBe(403);
      }
    });

    it('queues a doubtful card with its reasons; staff see the fields and photos (each view audited), donors never', async () => {
      const d = await pendingDonor();
      const queue = await get(ADMIN_IDENTITY_API.reviews, staff);
      expect(queue.status).toBe(200);
      const item = queue.body.data.find((i: { extractId: string }) => i.extractId === d.extractId);
      expect(item).toMatchObject({
        userId: d.user.id,
        username: d.user.username,
        kind: 'PENDING',
        disagreements: ['name'],
        unsure: ['name'],
        cardId: `********${d.cardId.slice(-4)}`,
      });

      const review = await get(ADMIN_IDENTITY_API.review(d.extractId), staff);
      expect(review.status).toBe(200);
      expect(review.body.data.account).toEqual({ email: d.user.email, mobile: '0912345678' });
      expect(review.body.data.cardId).toBe(d.cardId);
      expect(review.body.data.fields[1]).toEqual({
        field: 'name',
        value: 'Nguyễn Thi Thu',
        confidence: 0.41,
        other: 'NGUYEN THI THU',
      });
      expect(review.body.data.images).toEqual({ front: true, back: true });
      expect(await auditRows('identity.review.view', d.user.id)).toHaveLength(1);

      for (const side of ['front', 'back', 'front'] as const) {
        const img = await t.app.inject({
          method: 'GET',
          url: ADMIN_IDENTITY_API.reviewImage(d.extractId, side),
          headers: staff,
        });
        expect(img.statusCode).toBe(200);
        expect(img.headers['cache-control']).toBe('no-store');
        expect(img.rawPayload.equals(photo)).toBe(true);
      }
      const views = await auditRows('identity.image.view', d.user.id);
      expect(views.map((v) => (v.detail as { side: string }).side)).toEqual(['front', 'back', 'front']);

      // Another donor reaches the photos neither through the console nor through the owner's route.
      const other = await createLoggedInUser(t);
      expect((await get(ADMIN_IDENTITY_API.reviewImage(d.extractId, 'front'), other.auth)).status).toBe(403);
      expect((await get(`/extract/${d.extractId}/image/front`, other.auth)).status).toBe(404);
      expect((await get(ADMIN_IDENTITY_API.review(randomUUID()), staff)).body.message).toBe(M.reviewNotFound);
    });

    it('approves with a corrected name: the donor is EXTRACTED with it, the photos go after retention from the review', async () => {
      const d = await pendingDonor();
      const bad = await post(ADMIN_IDENTITY_API.approve(d.extractId), staff, {
        ...approveBody('12'),
        dob: '1995',
      });
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.body)).toContain(M.cardIdInvalid);
      expect(JSON.stringify(bad.body)).toContain(M.dateInvalid);

      const done = await post(ADMIN_IDENTITY_API.approve(d.extractId), staff, approveBody(d.cardId));
      expect(done.status, done.body.message).toBe(200);
      expect(done.body).toMatchObject({ message: M.approved, data: { status: 'EXTRACTED' } });
      const info = (await get(API.userFullInfo, d.auth)).body.data;
      expect(info).toMatchObject({
        status: 'EXTRACTED',
        full_name: 'Nguyễn Thị Thu',
        card_id: d.cardId,
        review_outcome: 'APPROVED',
      });
      expect((await profileOf(d.user.id)).verifiedAt).not.toBeNull();
      const [row] = await auditRows('identity.approve.corrected', d.user.id);
      expect(row!.detail).toEqual({ extractId: d.extractId, corrected: 'name' });
      // The values read and saved are kept for the ADMIN's audit trail, never in the row itself.
      const trail = await get(
        `${ADMIN_AUDIT_API.audit}?action=identity.approve&target=user:${d.user.id}`,
        admin,
      );
      expect(trail.body.data.data).toHaveLength(1);
      expect(trail.body.data.data[0].corrections).toEqual([
        { field: 'name', oldValue: 'Nguyễn Thi Thu', newValue: 'Nguyễn Thị Thu' },
      ]);
      // Names and words instead of ids and JSON: the donor by the name now on the profile.
      expect(trail.body.data.data[0]).toMatchObject({
        targetName: 'Nguyễn Thị Thu',
        targetUserRole: 'DONOR',
        subjectName: 'Nguyễn Thị Thu',
        detailText: 'Thông tin đã sửa: Họ và tên',
      });
      const csv = await get(
        `${ADMIN_AUDIT_API.auditCsv}?action=identity.approve&target=user:${d.user.id}`,
        admin,
      );
      expect(csv.body).toContain('"Họ và tên: Nguyễn Thi Thu → Nguyễn Thị Thu"');
      // STAFF read no audit trail; the donor is told a correction was made, and which field.
      expect((await get(ADMIN_AUDIT_API.audit, staff)).status).toBe(403);
      const told = (await notificationsOf(d.user.id)).find(
        (n) => n.title === 'Hồ sơ của bạn đã được xác thực',
      );
      expect(told?.content).toContain('cán bộ đã sửa thông tin đọc từ ảnh căn cước: Họ và tên');
      await smtp.waitFor(
        (m) => m.to.includes(d.user.email) && m.subject === 'Hồ sơ của bạn đã được xác thực',
      );
      const views = (await get(DATA_RIGHTS_API.views, d.auth)).body.data;
      expect(views.map((v: { label: string }) => v.label)).toContain(
        'Duyệt xác thực danh tính, có sửa thông tin đọc từ ảnh căn cước',
      );
      // Out of the queue; a second decision is refused.
      const queue = (await get(ADMIN_IDENTITY_API.reviews, staff)).body.data;
      expect(queue.map((i: { extractId: string }) => i.extractId)).not.toContain(d.extractId);
      const again = await post(ADMIN_IDENTITY_API.reject(d.extractId), staff, { reason: 'x' });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(M.alreadyReviewed);

      // Retention counts from the review: kept the day before the end, deleted on it.
      const identity = identityServiceFor(t.app);
      const reviewedAt = t.clock.now().getTime();
      const sweepAt = async (ms: number) => {
        t.clock.set(new Date(ms));
        try {
          return await identity.sweepImages();
        } finally {
          t.clock.set(new Date(reviewedAt));
        }
      };
      const days = t.config.idImageRetentionDays;
      expect(await sweepAt(reviewedAt + (days - 1) * DAY_MS)).not.toContain(d.extractId);
      expect(await sweepAt(reviewedAt + days * DAY_MS + 1)).toContain(d.extractId);
    });

    it('rejects with a reason: the donor is told (notification and e-mail), sees it on the profile and can start again', async () => {
      const d = await pendingDonor();
      const empty = await post(ADMIN_IDENTITY_API.reject(d.extractId), staff, { reason: '  ' });
      expect(empty.status).toBe(400);
      expect(empty.body.message).toBe(M.reasonRequired);
      const reason = 'Ảnh mờ hoặc bị lóa, không đọc được thông tin';
      const res = await post(ADMIN_IDENTITY_API.reject(d.extractId), staff, { reason });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(M.rejected);
      const info = (await get(API.userFullInfo, d.auth)).body.data;
      expect(info).toMatchObject({
        status: 'NONE',
        card_id: null,
        review_outcome: 'REJECTED',
        review_reason: reason,
      });
      const [note] = await notificationsOf(d.user.id);
      expect(note!.title).toBe('Thông tin căn cước chưa được duyệt');
      expect(note!.content).toContain(`Lý do: ${reason}`);
      const mail = await smtp.waitFor((m) => m.to.includes(d.user.email));
      expect(mail.subject).toBe('Thông tin căn cước chưa được duyệt');
      expect(mail.text).toContain(`Lý do: ${reason}`);
      // The wizard takes a new upload again (the request reaches the image check).
      const upload = await t.request({
        method: 'POST',
        url: API.recognitionId,
        headers: { ...d.auth, 'content-type': 'multipart/form-data; boundary=x' },
        payload: '--x\r\nContent-Disposition: form-data; name="type"\r\n\r\nfront\r\n--x--\r\n',
      });
      expect(upload.status).toBe(400);
      expect(upload.body.message).toBe(PROFILE_MESSAGES.idImageInvalid);
      expect(await auditRows('identity.reject', d.user.id)).toHaveLength(1);
      // Staff see the donor as rejected, not as never verified, in the search and on the donor page.
      const found = await get(`${ADMIN_DONOR_API.donors}?search=${d.user.username}`, staff);
      expect(found.body.data.data.find((x: { id: number }) => x.id === d.user.id)).toMatchObject({
        status: 'NONE',
        reviewOutcome: 'REJECTED',
      });
      const page = await get(ADMIN_DONOR_API.donor(d.user.id), staff);
      expect(page.body.data.profile.reviewOutcome).toBe('REJECTED');
    });

    it('dispute: a refused confirmation waits for staff; approval is a 409 showing the holder masked until an ADMIN revokes it', async () => {
      const holder = await createVerifiedDonor(t);
      const holderCard = (await profileOf(holder.user.id)).cardId!;
      // The claimant's confirmation through the wizard is refused: the number is taken.
      const claimant = await createLoggedInUser(t);
      const extractId = randomUUID();
      await t.database.db.insert(idExtracts).values({
        id: extractId,
        userId: claimant.user.id,
        status: 'BACK_UPLOADED',
        merged: merged(holderCard, 'Trần Văn Bình'),
        scoreFront: 0.95,
        scoreBack: 0.95,
        frontImage: box().seal(photo),
        backImage: box().seal(photo),
        createdAt: t.clock.now(),
      });
      await t.database.db.insert(donorProfiles).values({
        userId: claimant.user.id,
        status: 'NONE',
        mobile: '0987654321',
        addressContact: 'Phường Bến Nghé, TP Hồ Chí Minh',
        termsVersion: CURRENT_DONOR_TERMS_VERSION,
        termsAcceptedAt: t.clock.now(),
      });
      const confirm = await post(API.extractStatus, claimant.auth, {
        extract_id: extractId,
        extract_status: 'CONFIRM_MATCHED',
      });
      expect(confirm.status).toBe(409);
      const queue = (await get(ADMIN_IDENTITY_API.reviews, staff)).body.data;
      expect(queue.find((i: { extractId: string }) => i.extractId === extractId)).toMatchObject({
        kind: 'DISPUTE',
        userId: claimant.user.id,
      });

      const review = (await get(ADMIN_IDENTITY_API.review(extractId), staff)).body.data;
      // The page shows the holder's name: the holder's access log says so.
      expect(
        (await get(DATA_RIGHTS_API.views, holder.auth)).body.data.map((v: { action: string }) => v.action),
      ).toContain('identity.review.view');
      expect(review.holder).toMatchObject({
        userId: holder.user.id,
        username: `${holder.user.username.slice(0, 2)}***`,
      });
      expect(review.holder.email).toBe(`${holder.user.email.slice(0, 2)}***@example.vn`);
      const refused = await post(
        ADMIN_IDENTITY_API.approve(extractId),
        staff,
        approveBody(holderCard, 'Trần Văn Bình'),
      );
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(M.cardIdTaken);
      expect(refused.body.data.holder.userId).toBe(holder.user.id);

      expect((await post(ADMIN_IDENTITY_API.revokeOther(extractId), admin, { reason: '' })).status).toBe(400);
      const reason = 'Chủ thẻ đã đến Hội xuất trình căn cước gốc';
      const revoked = await post(ADMIN_IDENTITY_API.revokeOther(extractId), admin, { reason });
      expect(revoked.status, revoked.body.message).toBe(200);
      expect(await profileOf(holder.user.id)).toMatchObject({
        status: 'NONE',
        cardId: null,
        reviewOutcome: 'REVOKED',
        reviewReason: reason,
      });
      expect((await notificationsOf(holder.user.id)).map((n) => n.title)).toContain(
        'Xác thực căn cước của bạn đã bị thu hồi',
      );
      expect((await notificationsOf(claimant.user.id)).map((n) => n.title)).toContain(
        'Yêu cầu xác thực căn cước của bạn đã được xử lý',
      );
      await smtp.waitFor((m) => m.to.includes(holder.user.email));
      const again = await post(ADMIN_IDENTITY_API.revokeOther(extractId), admin, { reason });
      expect(again.body.message).toBe(M.noConflict);

      const approved = await post(
        ADMIN_IDENTITY_API.approve(extractId),
        staff,
        approveBody(holderCard, 'Trần Văn Bình'),
      );
      expect(approved.status, approved.body.message).toBe(200);
      expect(await profileOf(claimant.user.id)).toMatchObject({ status: 'EXTRACTED', cardId: holderCard });
      expect(await auditRows('identity.revoke', holder.user.id)).toHaveLength(1);
    });

    it('finds donors by name, username, e-mail, phone or the ID number (masked); the donor page is full and audited', async () => {
      const d = await createVerifiedDonor(t);
      const p = await profileOf(d.user.id);
      const search = async (q: string) =>
        (await get(`${ADMIN_DONOR_API.donors}?search=${encodeURIComponent(q)}`, staff)).body.data;
      const byDigits = await search(`${p.cardId!.slice(-4)} thu`);
      const row = byDigits.data.find((r: { id: number }) => r.id === d.user.id);
      expect(row).toMatchObject({
        cardId: `********${p.cardId!.slice(-4)}`,
        dob: '**/**/1995',
        status: 'EXTRACTED',
      });
      for (const q of [d.user.username, d.user.email.toUpperCase(), 'nguyễn thị', '0912345']) {
        expect(
          (await search(q)).data.map((r: { id: number }) => r.id),
          q,
        ).toContain(d.user.id);
      }
      expect((await search('zzzz-nobody')).totalItems).toBe(0);
      const short = await get(`${ADMIN_DONOR_API.donors}?search=a`, staff);
      expect(short.status).toBe(400);
      expect(JSON.stringify(short.body)).toContain(DONOR_ADMIN_MESSAGES.searchTooShort);

      const page = await get(ADMIN_DONOR_API.donor(d.user.id), staff);
      expect(page.status).toBe(200);
      expect(page.body.data.profile).toMatchObject({
        cardId: p.cardId,
        dob: '12/03/1995',
        labBloodGroup: null,
      });
      expect(await auditRows('donor.view', d.user.id)).toHaveLength(1);
      // Staff accounts are not donor records.
      expect((await get(ADMIN_DONOR_API.donor(9_999_999), staff)).body.message).toBe(
        DONOR_ADMIN_MESSAGES.donorNotFound,
      );
    });

    it('records the laboratory blood group beside the declared one, and a donation elsewhere that the interval rule counts', async () => {
      const d = await createVerifiedDonor(t);
      await t.database.db
        .update(donorProfiles)
        .set({ bloodGroup: 'A+' })
        .where(eq(donorProfiles.userId, d.user.id));
      const lab = await t.request({
        method: 'PUT',
        url: ADMIN_DONOR_API.donorLabBloodGroup(d.user.id),
        headers: staff,
        payload: { bloodGroup: 'O-' },
      });
      expect(lab.status).toBe(200);
      expect(lab.body.message).toBe(DONOR_ADMIN_MESSAGES.labBloodGroupSaved);
      const info = (await get(API.userFullInfo, d.auth)).body.data;
      expect(info).toMatchObject({ blood_group: 'A+', lab_blood_group: 'O-' });

      const next = async () => (await get(API.appointmentsNextEligible, d.auth)).body.data;
      expect((await next()).eligibleNow).toBe(true);
      const add = (payload: unknown) =>
        post(ADMIN_DONOR_API.donorExternalDonations(d.user.id), staff, payload);
      const future = await add({ date: '2026-12-01', donationType: 'WHOLE_BLOOD', place: 'BV Chợ Rẫy' });
      expect(future.status).toBe(400);
      expect(JSON.stringify(future.body)).toContain(DONOR_ADMIN_MESSAGES.donationDateFuture);
      const missing = await add({ date: '2026-11-01', place: ' ' });
      expect(JSON.stringify(missing.body)).toContain(DONOR_ADMIN_MESSAGES.donationTypeRequired);
      expect(JSON.stringify(missing.body)).toContain(DONOR_ADMIN_MESSAGES.placeRequired);
      // Whole blood on 01/11/2026 (Vietnam) elsewhere: 84 days → eligible from 24/01/2027.
      const ok = await add({ date: '2026-11-01', donationType: 'WHOLE_BLOOD', place: 'Bệnh viện Chợ Rẫy' });
      expect(ok.status, ok.body.message).toBe(200);
      expect(ok.body.data.donations[0]).toMatchObject({ place: 'Bệnh viện Chợ Rẫy', elsewhere: true });
      expect(await next()).toEqual({
        lastDonationDate: '2026-10-31T17:00:00.000Z',
        nextEligibleDate: '2027-01-23T17:00:00.000Z',
        eligibleNow: false,
      });
      expect((await auditRows('donor.external-donation', d.user.id)).length).toBe(1);
    });

    it('audit page (ADMIN): newest first, filtered, as CSV with a BOM; the table refuses UPDATE, DELETE and TRUNCATE', async () => {
      const d = await pendingDonor();
      await get(ADMIN_IDENTITY_API.review(d.extractId), staff);
      await get(ADMIN_DONOR_API.donor(d.user.id), staff);
      const list = await get(`${ADMIN_AUDIT_API.audit}?target=user:${d.user.id}`, admin);
      expect(list.status).toBe(200);
      expect(list.body.data.data.map((e: { action: string }) => e.action)).toEqual([
        'donor.view',
        'identity.review.view',
      ]);
      expect(list.body.data.data[0]).toMatchObject({
        actorName: 'canbo',
        actorRole: 'STAFF',
        subjectUserId: d.user.id,
        subjectName: 'Nguyễn Thi Thu',
        targetName: 'Nguyễn Thi Thu',
        detailText: null,
      });
      const byAction = await get(
        `${ADMIN_AUDIT_API.audit}?action=identity.review&target=user:${d.user.id}`,
        admin,
      );
      expect(byAction.body.data.totalItems).toBe(1);
      const none = await get(`${ADMIN_AUDIT_API.audit}?from=2030-01-01`, admin);
      expect(none.body.data.totalItems).toBe(0);
      const bad = await get(`${ADMIN_AUDIT_API.audit}?from=hôm-qua`, admin);
      expect(bad.status).toBe(400);
      expect(JSON.stringify(bad.body)).toContain(AUDIT_FILTER_MESSAGES.dateFilterInvalid);

      const csv = await t.app.inject({
        method: 'GET',
        url: `${ADMIN_AUDIT_API.auditCsv}?target=user:${d.user.id}`,
        headers: admin,
      });
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.body.startsWith('\uFEFF"Mã","Thời gian","Người thực hiện"')).toBe(true);
      expect(csv.body.trim().split('\r\n')).toHaveLength(3);

      await expect(t.database.db.execute(sql`update audit_log set action = 'x'`)).rejects.toThrow();
      await expect(t.database.db.execute(sql`delete from audit_log`)).rejects.toThrow();
      await expect(t.database.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    });
  },
);
