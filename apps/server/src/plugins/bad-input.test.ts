import {
  ADMIN_CAMPAIGN_API,
  ADMIN_NEWS_API,
  API,
  DATA_RIGHTS_API,
  ERROR_MESSAGES,
  MAX_DB_ID,
  PROFILE_MESSAGES,
  TEXT_MESSAGES,
} from '@giot-hong/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoggedInUser } from '../../test/auth.ts';
import { createTestContext, EMBEDDED_ONLY, type TestContext } from '../../test/helper.ts';
import { solidPng } from '../../test/images.ts';
import { multipart } from '../../test/multipart.ts';

/** Every answer, error or not, is the envelope with a request id. */
function expectEnvelope(res: { status: number; body: any; headers: Record<string, unknown> }) {
  expect(res.status).toBeLessThan(500);
  expect(res.body).toMatchObject({ success: false, data: null });
  expect(typeof res.body.message).toBe('string');
  expect(typeof res.body.code).toBe('string');
  expect(typeof res.body.requestId).toBe('string');
}

const TOO_BIG = String(MAX_DB_ID + 1);

// On the embedded database only (test/helper.ts, EMBEDDED_ONLY): nothing here depends on
// PostgreSQL itself (no concurrent requests, locks or job claims).
describe.each(EMBEDDED_ONLY)('bad input never answers 5xx, on %s', (kind) => {
  let t: TestContext;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await createTestContext(kind);
    auth = (await createLoggedInUser(t)).auth;
  });
  afterAll(() => t.close());

  it('an id above the 32-bit column range in a path is 404', async () => {
    for (const url of [
      API.appointmentById(TOO_BIG),
      API.appointmentCancel(TOO_BIG),
      API.appointmentFeedback(TOO_BIG),
      API.appointmentCalendar(TOO_BIG),
      API.answersOfCampaign(TOO_BIG),
      API.notificationById(TOO_BIG),
      API.newsById(TOO_BIG),
    ]) {
      const method = url.endsWith('/cancel') || url.endsWith('/feedback') ? 'POST' : 'GET';
      const res = await t.request({
        method,
        url,
        headers: auth,
        payload: method === 'POST' ? {} : undefined,
      });
      expectEnvelope(res);
      expect([url, res.status, res.body.code]).toEqual([url, 404, 'NOT_FOUND']);
    }
    const del = await t.request({ method: 'DELETE', url: API.answersOfCampaign(TOO_BIG), headers: auth });
    expect([del.status, del.body.code]).toEqual([404, 'NOT_FOUND']);
  });

  it('an id above the range in a query or body is a 400 validation message', async () => {
    const cases: { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: unknown }[] = [
      { method: 'GET', url: `${API.questionSet}?id=${TOO_BIG}` },
      { method: 'GET', url: `${API.registrationCheck}?campaignId=${TOO_BIG}` },
      {
        method: 'POST',
        url: API.answer,
        payload: { campaignId: Number(TOO_BIG), answers: [{ questionId: 1, answer: 'false' }] },
      },
      {
        method: 'POST',
        url: API.answer,
        payload: { campaignId: 1, answers: [{ questionId: Number(TOO_BIG), answer: 'false' }] },
      },
      { method: 'POST', url: API.shareLinks, payload: { campaignId: Number(TOO_BIG) } },
      { method: 'PUT', url: API.appointmentsUserInfo, payload: { userId: Number(TOO_BIG) } },
      { method: 'PUT', url: API.appointmentsUserInfo, payload: { userId: 1, appointmentId: 9e15 } },
      { method: 'PUT', url: API.userUpdateDetail, payload: { organization_id: Number(TOO_BIG) } },
    ];
    for (const c of cases) {
      const res = await t.request({ ...c, headers: auth });
      expectEnvelope(res);
      expect([c.url, res.status, res.body.code]).toEqual([c.url, 400, 'VALIDATION']);
    }
  });

  it('a NUL or other control character in any text is refused with the contract message', async () => {
    const cases: { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: unknown; authed?: boolean }[] = [
      { method: 'POST', url: API.authLogin, payload: { username: 'ab\u0000c', password: 'x' } },
      {
        method: 'POST',
        url: API.authRegister,
        payload: { username: 'new\u0000user', email: 'a@b.vn', password: 'Tr@m-Hoa-9-Canh' },
      },
      { method: 'POST', url: API.contact, payload: { name: 'Lan\u0000', email: 'a@b.vn', message: 'x' } },
      { method: 'POST', url: API.contact, payload: { name: 'Lan', email: 'a@b.vn', message: 'a\u0085b' } },
      { method: 'GET', url: `${API.news}?search=%00` },
      { method: 'PUT', url: API.userUpdateDetail, payload: { address_contact: 'Số 1\u0000' }, authed: true },
      { method: 'GET', url: API.shortLink('%00abc') },
    ];
    for (const c of cases) {
      const res = await t.request({ ...c, headers: c.authed ? auth : {} });
      expectEnvelope(res);
      expect([c.url, res.status, res.body.message]).toEqual([c.url, 400, TEXT_MESSAGES.controlCharacters]);
    }
  });

  it('keeps newlines in multi-line fields and refuses them in single-line ones', async () => {
    const multi = await t.request({
      method: 'POST',
      url: API.contact,
      payload: { name: 'Lan', email: 'lan@example.vn', message: 'Dòng một\r\nDòng hai\tcó tab' },
    });
    expect(multi.status).toBe(200);
    const single = await t.request({
      method: 'POST',
      url: API.contact,
      payload: { name: 'Lan\nAnh', email: 'lan@example.vn', message: 'x' },
    });
    expect([single.status, single.body.message]).toEqual([400, TEXT_MESSAGES.controlCharacters]);
  });

  it('malformed multipart uploads answer 400 with the upload message', async () => {
    const noBoundary = await t.request({
      method: 'POST',
      url: API.userAvatar,
      headers: { ...auth, 'content-type': 'multipart/form-data' },
      payload: 'abc',
    });
    expectEnvelope(noBoundary);
    expect([noBoundary.status, noBoundary.body.message]).toEqual([400, PROFILE_MESSAGES.avatarNotImage]);
    const unclosed = await t.request({
      method: 'POST',
      url: API.recognitionId,
      headers: { ...auth, 'content-type': 'multipart/form-data; boundary=XYZ' },
      payload: '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\nabc',
    });
    expectEnvelope(unclosed);
    expect(unclosed.status).toBe(400);
    const unclosedAvatar = await t.request({
      method: 'POST',
      url: API.userAvatar,
      headers: { ...auth, 'content-type': 'multipart/form-data; boundary=XYZ' },
      payload: '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\nabc',
    });
    expect([unclosedAvatar.status, unclosedAvatar.body.message]).toEqual([
      400,
      PROFILE_MESSAGES.avatarNotImage,
    ]);
  });

  it('two files sent to a campaign picture or a news thumbnail get the one-picture message', async () => {
    const admin = (await createLoggedInUser(t, { role: 'ADMIN' })).auth;
    const news = await t.request({
      method: 'POST',
      url: ADMIN_NEWS_API.news,
      headers: admin,
      payload: { title: 'Tin thử', content: '<p>Nội dung</p>' },
    });
    const png = await solidPng(32, 32, '#c8283c');
    const two = multipart([
      { name: 'file', value: png, filename: 'a.png', type: 'image/png' },
      { name: 'file', value: png, filename: 'b.png', type: 'image/png' },
    ]);
    for (const url of [
      ADMIN_CAMPAIGN_API.campaignImage(1),
      ADMIN_NEWS_API.newsThumbnail(news.body.data.id),
    ]) {
      const res = await t.request({
        method: 'POST',
        url,
        headers: { ...admin, ...two.headers },
        payload: two.payload,
      });
      expectEnvelope(res);
      expect([url, res.status, res.body.message]).toEqual([url, 400, PROFILE_MESSAGES.oneImage]);
    }
    // The ID card keeps its own words.
    const card = await t.request({
      method: 'POST',
      url: API.recognitionId,
      headers: { ...auth, ...two.headers },
      payload: two.payload,
    });
    expect(card.body.message).not.toBe(PROFILE_MESSAGES.oneImage);
  });

  it('an empty body sent as JSON is no body: accepted where the operation takes none', async () => {
    // Its own login: the logout at the end ends it.
    const json = { ...(await createLoggedInUser(t)).auth, 'content-type': 'application/json' };
    const readAll = await t.request({
      method: 'PUT',
      url: API.notificationsReadAll,
      headers: json,
      payload: '',
    });
    expect([readAll.status, readAll.body.success]).toEqual([200, true]);
    const noDeletion = await t.request({
      method: 'DELETE',
      url: DATA_RIGHTS_API.deletion,
      headers: json,
      payload: '',
    });
    // No deletion to cancel: the operation's own answer, not the parser's 400.
    expect(noDeletion.body.code).not.toBe('FST_ERR_CTP_EMPTY_JSON_BODY');
    expect(noDeletion.body.message).not.toMatch(/body/i);
    // An operation that takes a body still refuses a missing one, in its words.
    const change = await t.request({
      method: 'PUT',
      url: API.authChangePassword,
      headers: json,
      payload: '',
    });
    expectEnvelope(change);
    expect([change.status, change.body.code]).toEqual([400, 'VALIDATION']);
    // And broken JSON is still a 400 in the envelope.
    const broken = await t.request({
      method: 'PUT',
      url: API.authChangePassword,
      headers: json,
      payload: '{',
    });
    expectEnvelope(broken);
    expect(broken.status).toBe(400);
    // Last: it ends this test's login.
    const logout = await t.request({ method: 'POST', url: API.authLogout, headers: json, payload: ' ' });
    expect(logout.status).toBe(200);
  });

  it('checks the token before the parameters on every protected route', async () => {
    for (const [method, url] of [
      ['GET', API.extractById('1')],
      ['GET', `${API.questionSet}?id=abc`],
      ['GET', API.appointmentById('abc')],
      ['POST', API.answer],
      ['PUT', API.userUpdateDetail],
      ['GET', `${API.notifications}?page=-1`],
    ] as const) {
      const res = await t.request({ method, url, payload: method === 'GET' ? undefined : { bad: true } });
      expectEnvelope(res);
      expect([url, res.status, res.body.code]).toEqual([url, 401, 'UNAUTHORIZED']);
    }
  });

  it('router-level errors answer in the envelope', async () => {
    const badUri = await t.request({ method: 'GET', url: '/%E0%A4%A' });
    expectEnvelope(badUri);
    expect([badUri.status, badUri.body.message]).toEqual([400, ERROR_MESSAGES.VALIDATION]);
    expect(badUri.headers['x-request-id']).toBe(badUri.body.requestId);
    const apiBadUri = await t.request({ method: 'GET', url: '/api/news/%E0%A4%A' });
    expectEnvelope(apiBadUri);
    expect(apiBadUri.status).toBe(400);
    const longParam = await t.request({ method: 'GET', url: API.newsById('1'.repeat(500)) });
    expectEnvelope(longParam);
    expect(longParam.status).toBe(414);
    const wrongMethod = await t.request({ method: 'PATCH', url: API.news });
    expectEnvelope(wrongMethod);
    expect(wrongMethod.status).toBe(404);
  });
});
