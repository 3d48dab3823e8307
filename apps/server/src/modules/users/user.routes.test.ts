import { API, PROFILE_MESSAGES } from '@giot-hong/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoggedInUser } from '../../../test/auth.ts';
import { multipart } from '../../../test/multipart.ts';
import { createTestContext, DB_KINDS, type TestContext } from '../../../test/helper.ts';

describe.each(DB_KINDS)('donor profile API on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(kind);
  });
  afterAll(() => t.close());

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
  ])('refuses %j with "%s" and keeps what was saved', async (payload, message) => {
    const { auth } = await createLoggedInUser(t);
    await t.request({
      method: 'PUT',
      url: API.userUpdateDetail,
      headers: auth,
      payload: { mobile: '0987654321' },
    });
    const res = await t.request({ method: 'PUT', url: API.userUpdateDetail, headers: auth, payload });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    const detail = await t.request({ method: 'GET', url: API.userDetail, headers: auth });
    expect(detail.body.data.mobile).toBe('0987654321');
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
});
