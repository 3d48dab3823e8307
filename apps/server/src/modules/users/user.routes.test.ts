import { API, ERROR_MESSAGES, PROFILE_LIMITS, PROFILE_MESSAGES, tooLongMessage } from '@giot-hong/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoggedInUser } from '../../../test/auth.ts';
import { createVerifiedDonor } from '../../../test/donor.ts';
import { multipart } from '../../../test/multipart.ts';
import { donorProfiles } from '../../db/schema/index.ts';
import { gifClaiming, pngClaiming, solidPng } from '../../../test/images.ts';
import { createTestContext, EMBEDDED_ONLY, type TestContext } from '../../../test/helper.ts';
import { AVATAR_MAX_GIF_PIXELS, AVATAR_MAX_INPUT_PIXELS } from './user.service.ts';

type Auth = Record<string, string>;

/** The fields of the full user info clients read (plus our avatar_url) and the type of each value. */
const FULL_INFO_TYPES: Record<string, 'string' | 'number' | 'boolean'> = {
  user_id: 'number',
  username: 'string',
  email: 'string',
  mobile: 'string',
  enable: 'boolean',
  status: 'string',
  organization_id: 'number',
  organization_name: 'string',
  job_name: 'string',
  student_id: 'string',
  military_id: 'string',
  address_contact: 'string',
  time_donation: 'number',
  blood_group: 'string',
  extract_id: 'string',
  is_active: 'boolean',
  extract_status: 'string',
  card_id: 'string',
  full_name: 'string',
  dob: 'string',
  gender: 'string',
  national: 'string',
  ethnicity: 'string',
  home: 'string',
  address: 'string',
  doe: 'string',
  issue_loc: 'string',
  issue_date: 'string',
  avatar_url: 'string',
  lab_blood_group: 'string',
  review_outcome: 'string',
  review_reason: 'string',
};
/** Known for every account, even one without a donor profile. */
const NEVER_NULL = ['user_id', 'username', 'email', 'enable', 'status', 'time_donation', 'is_active'];

// Made once for both databases: 64 MP (over the former 40 MP cap), about 0.2 MB.
let largePng: Promise<Buffer> | undefined;
const largeDimensionPng = () => (largePng ??= solidPng(8000, 8000, '#2e7d32'));

// On the embedded database only (test/helper.ts, EMBEDDED_ONLY): nothing here depends on
// PostgreSQL itself (no concurrent requests, locks or job claims).
describe.each(EMBEDDED_ONLY)('donor profile API on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(kind);
  });
  afterAll(() => t.close());

  const saveDetail = (auth: Auth, payload: unknown, method: 'POST' | 'PUT' = 'PUT') =>
    t.request({
      method,
      url: method === 'POST' ? API.userCreateDetail : API.userUpdateDetail,
      headers: auth,
      payload,
    });
  const getDetail = async (auth: Auth) =>
    (await t.request({ method: 'GET', url: API.userDetail, headers: auth })).body.data;
  const getFullInfo = async (auth: Auth) =>
    (await t.request({ method: 'GET', url: API.userFullInfo, headers: auth })).body.data;
  const uploadAvatar = (
    auth: Auth,
    parts: Parameters<typeof multipart>[0] | Buffer,
  ): ReturnType<TestContext['request']> => {
    const up = multipart(
      Buffer.isBuffer(parts)
        ? [{ name: 'file', value: parts, filename: 'anh.png', type: 'image/png' }]
        : parts,
    );
    return t.request({
      method: 'POST',
      url: API.userAvatar,
      headers: { ...auth, ...up.headers },
      payload: up.payload,
    });
  };
  /** Mean red, green, blue of the stored avatar. */
  const avatarColour = async (auth: Auth) => {
    const res = await t.app.inject({ method: 'GET', url: API.userAvatar, headers: auth });
    expect(res.headers['content-type']).toBe('image/webp');
    const { channels } = await sharp(res.rawPayload).stats();
    return channels.slice(0, 3).map((c) => Math.round(c.mean / 32) * 32);
  };

  it('a new account has status NONE, no detail, and full info with its username', async () => {
    const { auth, user } = await createLoggedInUser(t);
    const status = await t.request({ method: 'GET', url: API.userStatus, headers: auth });
    expect(status.body).toMatchObject({ success: true, data: { status: 'NONE' } });
    const detail = await t.request({ method: 'GET', url: API.userDetail, headers: auth });
    expect(detail.body.data).toBeNull();
    const info = await t.request({ method: 'GET', url: API.userFullInfo, headers: auth });
    expect(info.body.data).toMatchObject({
      username: user.username,
      email: user.email,
      status: 'NONE',
      time_donation: 0,
      card_id: null,
    });
  });

  it('requires a token', async () => {
    for (const url of [API.userStatus, API.userFullInfo, API.userDetail, API.userAvatar]) {
      const res = await t.request({ method: 'GET', url });
      expect(res.status).toBe(401);
    }
  });

  it('answers 401 to a signed-out caller before looking at the body', async () => {
    const invalid = { blood_group: 'X', mobile: 1, organization_id: 'abc' };
    const calls = [
      { method: 'POST' as const, url: API.userCreateDetail, payload: invalid },
      { method: 'PUT' as const, url: API.userUpdateDetail, payload: invalid },
      { method: 'PUT' as const, url: API.userUpdateDetail, payload: undefined },
      { method: 'POST' as const, url: API.userTermsAcceptance, payload: { accepted: false } },
      // Not multipart at all, then multipart with two files: still 401.
      { method: 'POST' as const, url: API.userAvatar, payload: { file: 'x' } },
    ];
    for (const call of calls) {
      const res = await t.request(call);
      expect([call.url, res.status, res.body.message]).toEqual([call.url, 401, ERROR_MESSAGES.UNAUTHORIZED]);
    }
    const png = await solidPng(8, 8, '#000000');
    const twoFiles = multipart([
      { name: 'file', value: png, filename: 'a.png', type: 'image/png' },
      { name: 'file', value: png, filename: 'b.png', type: 'image/png' },
    ]);
    const upload = await t.request({
      method: 'POST',
      url: API.userAvatar,
      headers: { ...twoFiles.headers, authorization: 'Bearer khong-hop-le' },
      payload: twoFiles.payload,
    });
    expect([upload.status, upload.body.message]).toEqual([401, ERROR_MESSAGES.UNAUTHORIZED]);
  });

  it('creates the detail with POST create-detail and stores every field', async () => {
    const { auth } = await createLoggedInUser(t);
    const res = await saveDetail(
      auth,
      {
        email: 'lien.he@example.vn',
        mobile: ' 0987654321 ',
        job_name: 'Bộ đội',
        student_id: 'SV-khong-giu',
        military_id: 'QN-123456',
        address_contact: '  Số 5 Lê Duẩn, Phường Ba Đình, Thành phố Hà Nội ',
        time_donation: 3,
        blood_group: 'O+',
        organization_id: 1,
      },
      'POST',
    );
    expect([res.status, res.body]).toEqual([
      200,
      expect.objectContaining({ success: true, message: 'Thông tin đã được cập nhật thành công' }),
    ]);
    expect(await getDetail(auth)).toEqual({
      email: 'lien.he@example.vn',
      mobile: '0987654321',
      job_name: 'Bộ đội',
      student_id: null,
      military_id: 'QN-123456',
      address_contact: 'Số 5 Lê Duẩn, Phường Ba Đình, Thành phố Hà Nội',
      time_donation: 3,
      blood_group: 'O+',
      organization_id: 1,
    });
    // 'Tự do' (0) is stored as no organization.
    await saveDetail(auth, { mobile: '0987654321', organization_id: 0 }, 'POST');
    expect((await getDetail(auth)).organization_id).toBeNull();
  });

  it("keeps each donor's detail to themselves", async () => {
    const a = await createLoggedInUser(t);
    const b = await createLoggedInUser(t);
    const detailA = {
      email: 'nguoi.a@example.vn',
      mobile: '0911111111',
      job_name: 'Sinh viên',
      student_id: 'SV-A-01',
      address_contact: 'Phường Hoàn Kiếm, Thành phố Hà Nội',
      time_donation: 7,
      blood_group: 'AB-',
      organization_id: 2,
    };
    expect((await saveDetail(a.auth, detailA)).status).toBe(200);
    const savedA = await getDetail(a.auth);
    const infoA = await getFullInfo(a.auth);

    // B sees nothing of A's.
    expect(await getDetail(b.auth)).toBeNull();
    const infoB = await getFullInfo(b.auth);
    expect(infoB).toMatchObject({
      user_id: b.user.id,
      username: b.user.username,
      email: b.user.email,
      mobile: null,
      job_name: null,
      student_id: null,
      address_contact: null,
      time_donation: 0,
      blood_group: null,
      organization_id: null,
      organization_name: null,
    });
    const aValues = [
      a.user.username,
      a.user.email,
      ...Object.values(detailA).filter((v) => typeof v === 'string'),
    ];
    expect(Object.values(infoB).filter((v) => aValues.includes(v as string))).toEqual([]);

    // B's save changes B only.
    expect((await saveDetail(b.auth, { mobile: '0922222222', job_name: 'Kỹ sư' })).status).toBe(200);
    expect(await getDetail(a.auth)).toEqual(savedA);
    expect(await getFullInfo(a.auth)).toEqual(infoA);
    expect(await getDetail(b.auth)).toMatchObject({
      mobile: '0922222222',
      job_name: 'Kỹ sư',
      student_id: null,
    });
  });

  it('returns every field of section 3 "Full user info" with its type', async () => {
    /** Checks the keys and the type of each value; `filled`: no value may be null. */
    const checkShape = (info: Record<string, unknown>, filled: boolean) => {
      expect(Object.keys(info).sort()).toEqual(Object.keys(FULL_INFO_TYPES).sort());
      for (const [key, type] of Object.entries(FULL_INFO_TYPES)) {
        const value = info[key];
        const nullable = !filled && !NEVER_NULL.includes(key);
        expect([key, nullable && value === null ? type : typeof value]).toEqual([key, type]);
      }
    };

    // A new account: only the account fields are known.
    const fresh = await createLoggedInUser(t);
    const empty = await getFullInfo(fresh.auth);
    checkShape(empty, false);
    expect(empty).toMatchObject({
      user_id: fresh.user.id,
      username: fresh.user.username,
      email: fresh.user.email,
      enable: true,
      is_active: true,
      status: 'NONE',
      time_donation: 0,
      extract_status: null,
      card_id: null,
      avatar_url: null,
    });

    // A verified donor with a saved detail, the card's fields and an avatar: every field filled.
    const donor = await createVerifiedDonor(t);
    await t.database.db
      .update(donorProfiles)
      .set({
        extractId: '3f1c2a9e-5b7d-4c1e-9a2b-7d6e5f4c3b2a',
        ethnicity: 'Kinh',
        home: 'Xã Phù Đổng, Thành phố Hà Nội',
        address: 'Phường Hoàn Kiếm, Thành phố Hà Nội',
        doe: '12/03/2035',
        issueLoc: 'Cục Cảnh sát quản lý hành chính về trật tự xã hội',
        issueDate: '01/07/2024',
        // What staff record: the laboratory's blood group and their last identity decision.
        labBloodGroup: 'B+',
        reviewOutcome: 'APPROVED',
        reviewReason: 'Đã đối chiếu căn cước gốc',
      })
      .where(eq(donorProfiles.userId, donor.user.id));
    await saveDetail(donor.auth, {
      email: 'thu.nguyen@example.vn',
      mobile: '0933333333',
      job_name: 'Công an',
      military_id: 'CA-7788',
      address_contact: 'Phường Cửa Nam, Thành phố Hà Nội',
      time_donation: 4,
      blood_group: 'B+',
      organization_id: 3,
    });
    expect((await uploadAvatar(donor.auth, await solidPng(40, 40, '#c8102e'))).status).toBe(200);
    const full = await getFullInfo(donor.auth);
    // The student id belongs to 'Sinh viên' only: null for a 'Công an'.
    checkShape({ ...full, student_id: 'n/a' }, true);
    expect(full).toMatchObject({
      user_id: donor.user.id,
      username: donor.user.username,
      email: 'thu.nguyen@example.vn',
      mobile: '0933333333',
      enable: true,
      is_active: true,
      status: 'EXTRACTED',
      extract_status: 'EXTRACTED',
      extract_id: '3f1c2a9e-5b7d-4c1e-9a2b-7d6e5f4c3b2a',
      organization_id: 3,
      job_name: 'Công an',
      student_id: null,
      military_id: 'CA-7788',
      address_contact: 'Phường Cửa Nam, Thành phố Hà Nội',
      time_donation: 4,
      blood_group: 'B+',
      full_name: 'Nguyễn Thị Thu',
      dob: '12/03/1995',
      gender: 'Nữ',
      national: 'Việt Nam',
      ethnicity: 'Kinh',
      home: 'Xã Phù Đổng, Thành phố Hà Nội',
      address: 'Phường Hoàn Kiếm, Thành phố Hà Nội',
      doe: '12/03/2035',
      issue_loc: 'Cục Cảnh sát quản lý hành chính về trật tự xã hội',
      issue_date: '01/07/2024',
    });
    expect(full.card_id).toMatch(/^\d{12}$/);
    expect(full.avatar_url).toMatch(new RegExp(`^${API.userAvatar}\\?v=\\d+$`));
    const orgs = await t.request({ method: 'GET', url: API.organizationsOther });
    expect(full.organization_name).toBe(orgs.body.data.find((o: { id: number }) => o.id === 3).name);
  });

  it('saves the contact detail with the defaults of section 7 and keeps ids only for their jobs', async () => {
    const { auth } = await createLoggedInUser(t);
    const put = await t.request({
      method: 'PUT',
      url: API.userUpdateDetail,
      headers: auth,
      payload: {
        mobile: '0912345678',
        job_name: 'Kỹ sư',
        student_id: 'SV01',
        address_contact: 'Số 1 Tràng Tiền, Phường Hoàn Kiếm, Thành phố Hà Nội',
      },
    });
    expect(put.body).toMatchObject({ success: true, message: 'Thông tin đã được cập nhật thành công' });
    const detail = await t.request({ method: 'GET', url: API.userDetail, headers: auth });
    expect(detail.body.data).toEqual({
      email: null,
      mobile: '0912345678',
      job_name: 'Kỹ sư',
      student_id: null,
      military_id: null,
      address_contact: 'Số 1 Tràng Tiền, Phường Hoàn Kiếm, Thành phố Hà Nội',
      time_donation: 0,
      blood_group: null,
      organization_id: null,
    });
    await t.request({
      method: 'PUT',
      url: API.userUpdateDetail,
      headers: auth,
      payload: { job_name: 'Sinh viên', student_id: 'SV01' },
    });
    const again = await t.request({ method: 'GET', url: API.userDetail, headers: auth });
    expect(again.body.data.student_id).toBe('SV01');
  });

  it.each([
    [{ email: 'khong-hop-le' }, PROFILE_MESSAGES.emailInvalid],
    [{ mobile: '091234567' }, PROFILE_MESSAGES.mobileMin],
    [{ mobile: '091234567890' }, PROFILE_MESSAGES.mobileMax],
    [{ job_name: '' }, PROFILE_MESSAGES.jobRequired],
    [{ address_contact: '  ' }, PROFILE_MESSAGES.addressRequired],
    [{ time_donation: -1 }, PROFILE_MESSAGES.donationCountInvalid],
    [{ time_donation: 101 }, PROFILE_MESSAGES.donationCountInvalid],
    [{ organization_id: 99999 }, PROFILE_MESSAGES.organizationRequired],
    [{ organization_id: 'abc' }, PROFILE_MESSAGES.organizationRequired],
    [{ organization_id: 1.5 }, PROFILE_MESSAGES.organizationRequired],
    [{ organization_id: -1 }, PROFILE_MESSAGES.organizationRequired],
    [{ blood_group: 'X' }, PROFILE_MESSAGES.bloodGroupRequired],
    [{ blood_group: 'a+' }, PROFILE_MESSAGES.bloodGroupRequired],
    [{ blood_group: 5 }, PROFILE_MESSAGES.bloodGroupRequired],
    [{ mobile: 12345678901 }, PROFILE_MESSAGES.confirmMobileInvalid],
    [{ mobile: '09123456ab' }, PROFILE_MESSAGES.confirmMobileInvalid],
    [{ email: 5 }, PROFILE_MESSAGES.emailInvalid],
    [{ job_name: 7 }, PROFILE_MESSAGES.jobRequired],
    [{ address_contact: false }, PROFILE_MESSAGES.addressRequired],
    [{ time_donation: 'nhiều' }, PROFILE_MESSAGES.donationCountInvalid],
    [{ job_name: 'x'.repeat(PROFILE_LIMITS.jobNameMax + 1) }, tooLongMessage(PROFILE_LIMITS.jobNameMax)],
    [
      { address_contact: 'x'.repeat(PROFILE_LIMITS.addressContactMax + 1) },
      tooLongMessage(PROFILE_LIMITS.addressContactMax),
    ],
    [
      { job_name: 'Sinh viên', student_id: '1'.repeat(PROFILE_LIMITS.extraIdMax + 1) },
      tooLongMessage(PROFILE_LIMITS.extraIdMax),
    ],
    [
      { job_name: 'Bộ đội', military_id: '1'.repeat(PROFILE_LIMITS.extraIdMax + 1) },
      tooLongMessage(PROFILE_LIMITS.extraIdMax),
    ],
    // No message of ours: zod's Vietnamese locale speaks.
    [{ student_id: 5 }, 'Đầu vào không hợp lệ: mong đợi string, nhận được số'],
    // Not an object at all.
    [[{ mobile: '0912345678' }], ERROR_MESSAGES.VALIDATION],
  ])('refuses %j with "%s" and keeps what was saved', async (payload, message) => {
    const { auth } = await createLoggedInUser(t);
    await t.request({
      method: 'PUT',
      url: API.userUpdateDetail,
      headers: auth,
      payload: { mobile: '0987654321' },
    });
    for (const method of ['PUT', 'POST'] as const) {
      const res = await saveDetail(auth, payload, method);
      expect([method, res.status, res.body.message, res.body.code]).toEqual([
        method,
        400,
        message,
        'VALIDATION',
      ]);
    }
    const detail = await t.request({ method: 'GET', url: API.userDetail, headers: auth });
    expect(detail.body.data.mobile).toBe('0987654321');
  });

  it('refuses a save without a body in Vietnamese', async () => {
    const { auth } = await createLoggedInUser(t);
    for (const url of [API.userUpdateDetail, API.userCreateDetail]) {
      const res = await t.request({
        method: url === API.userUpdateDetail ? 'PUT' : 'POST',
        url,
        headers: auth,
      });
      expect([res.status, res.body.message]).toEqual([400, ERROR_MESSAGES.VALIDATION]);
    }
    expect(await getDetail(auth)).toBeNull();
  });

  it('stores an avatar re-encoded without metadata, readable only by its owner', async () => {
    const a = await createLoggedInUser(t);
    const b = await createLoggedInUser(t);
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#c8102e' } })
      .png()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps-owner' } } })
      .toBuffer();
    const up = multipart([{ name: 'file', value: png, filename: 'me.png', type: 'image/png' }]);
    const res = await t.request({
      method: 'POST',
      url: API.userAvatar,
      headers: { ...a.auth, ...up.headers },
      payload: up.payload,
    });
    expect(res.body).toMatchObject({ success: true, data: { avatar_url: API.userAvatar } });
    const mine = await t.app.inject({ method: 'GET', url: API.userAvatar, headers: a.auth });
    expect(mine.headers['content-type']).toBe('image/webp');
    const meta = await sharp(mine.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 256, 256, undefined]);
    // The other user has no picture: nothing, and never the first user's.
    const theirs = await t.app.inject({ method: 'GET', url: API.userAvatar, headers: b.auth });
    expect(theirs.statusCode).toBe(204);
    expect(theirs.rawPayload.length).toBe(0);
  });

  it('refuses a file that is not an image by content, whatever its name', async () => {
    const { auth } = await createLoggedInUser(t);
    const up = multipart([
      { name: 'file', value: Buffer.from('<?php echo 1; ?>'), filename: 'anh.jpg', type: 'image/jpeg' },
    ]);
    const res = await t.request({
      method: 'POST',
      url: API.userAvatar,
      headers: { ...auth, ...up.headers },
      payload: up.payload,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(PROFILE_MESSAGES.avatarNotImage);
  });

  it('refuses an image over 5 MB with the spec message', async () => {
    const { auth } = await createLoggedInUser(t);
    const up = multipart([
      { name: 'file', value: Buffer.alloc(5 * 1024 * 1024 + 10, 1), filename: 'to.png', type: 'image/png' },
    ]);
    const res = await t.request({
      method: 'POST',
      url: API.userAvatar,
      headers: { ...auth, ...up.headers },
      payload: up.payload,
    });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(PROFILE_MESSAGES.avatarTooLarge);
  });

  it('refuses a truncated image', async () => {
    const { auth } = await createLoggedInUser(t);
    const noisy = (format: 'png' | 'jpeg') =>
      sharp({
        create: {
          width: 300,
          height: 300,
          channels: 3,
          background: '#808080',
          noise: { type: 'gaussian', mean: 128, sigma: 40 },
        },
      })
        .toFormat(format)
        .toBuffer();
    for (const image of [await noisy('png'), await noisy('jpeg')]) {
      const res = await uploadAvatar(auth, image.subarray(0, Math.floor(image.length / 2)));
      expect([res.status, res.body.message]).toEqual([400, PROFILE_MESSAGES.avatarNotImage]);
    }
    expect((await t.app.inject({ method: 'GET', url: API.userAvatar, headers: auth })).statusCode).toBe(204);
  });

  it('replaces an existing avatar with the new one', async () => {
    const { auth } = await createLoggedInUser(t);
    expect((await uploadAvatar(auth, await solidPng(64, 64, '#ff0000'))).status).toBe(200);
    expect(await avatarColour(auth)).toEqual([256, 0, 0]);
    const firstUrl = (await getFullInfo(auth)).avatar_url;

    t.clock.advance(60_000);
    const res = await uploadAvatar(auth, await solidPng(64, 64, '#0000ff'));
    expect(res.body).toMatchObject({ success: true, data: { avatar_url: API.userAvatar } });
    expect(await avatarColour(auth)).toEqual([0, 0, 256]);
    // A new version, so no browser cache shows the old picture.
    const secondUrl = (await getFullInfo(auth)).avatar_url;
    expect(secondUrl).not.toBe(firstUrl);
  });

  it('refuses a request that is not multipart in Vietnamese', async () => {
    const { auth } = await createLoggedInUser(t);
    for (const payload of [{ file: 'anh.png' }, undefined]) {
      const res = await t.request({ method: 'POST', url: API.userAvatar, headers: auth, payload });
      expect([res.status, res.body.message]).toEqual([400, PROFILE_MESSAGES.avatarNotImage]);
    }
  });

  it('takes one image only', async () => {
    const { auth } = await createLoggedInUser(t);
    const png = await solidPng(32, 32, '#ff0000');
    const file = (name: string) => ({ name, value: png, filename: `${name}.png`, type: 'image/png' });
    for (const parts of [
      [file('file'), file('file')],
      [file('file'), file('file'), file('file')],
      [file('file'), file('other')],
    ]) {
      const res = await uploadAvatar(auth, parts);
      expect([parts.length, res.status, res.body.message]).toEqual([
        parts.length,
        400,
        PROFILE_MESSAGES.oneImage,
      ]);
    }
    expect((await t.app.inject({ method: 'GET', url: API.userAvatar, headers: auth })).statusCode).toBe(204);
  });

  it('accepts a large-dimension photo and scales it down; refuses a decompression bomb', async () => {
    const { auth } = await createLoggedInUser(t);
    const large = await largeDimensionPng();
    expect(large.length).toBeLessThan(1024 * 1024);
    const ok = await uploadAvatar(auth, large);
    expect([ok.status, ok.body.success]).toEqual([200, true]);
    expect(await avatarColour(auth)).toEqual([32, 128, 64]);

    const side = Math.ceil(Math.sqrt(AVATAR_MAX_INPUT_PIXELS)) + 1;
    for (const bomb of [
      await pngClaiming(side, side),
      await gifClaiming(5000, Math.ceil(AVATAR_MAX_GIF_PIXELS / 5000) + 1),
    ]) {
      const res = await uploadAvatar(auth, bomb);
      expect([res.status, res.body.message]).toEqual([400, PROFILE_MESSAGES.imageTooManyPixels]);
    }
    // The accepted picture is still there.
    expect(await avatarColour(auth)).toEqual([32, 128, 64]);
  });
});
