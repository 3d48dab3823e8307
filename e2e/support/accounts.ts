import { API, CURRENT_DONOR_TERMS_VERSION } from '@giot-hong/contract';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Identity } from '../../apps/server/test/idcard/identities.ts';
import { renderCardPng } from '../../apps/server/test/idcard/render-card.ts';
import { baseURL, unique, waitForMail } from './browser.ts';

/** The password every account made by a browser test signs up with. */
export const TEST_PASSWORD = 'HienMau@Test26';

/** The seeded demo staff account. */
export const DEMO_STAFF = { username: 'canbo', password: 'GiotHong@Staff26' };
/** The seeded ADMIN account (development password, README). */
export const DEMO_ADMIN = { username: 'quantri', password: 'QuanTri@GiotHong26' };

/** The seeded demo donor (verified: EXTRACTED). */
export const DEMO_DONOR = { username: 'nguoihienmau', password: 'HienMau@Demo26' };

export type Session = { accessToken: string; refreshToken: string };

/** Calls the running server's API: JSON body or multipart form, optional bearer token. */
export async function call(
  path: string,
  init: { method?: string; body?: unknown; token?: string; form?: FormData } = {},
) {
  const headers: Record<string, string> = init.token ? { authorization: `Bearer ${init.token}` } : {};
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${baseURL()}${path}`, {
    method: init.method ?? (init.body !== undefined || init.form ? 'POST' : 'GET'),
    headers,
    body: init.form ?? (init.body !== undefined ? JSON.stringify(init.body) : undefined),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as any };
}

/** Signs up through the API and opens the link of the verification mail; does not log in. */
export async function newVerifiedAccount(prefix: string) {
  const id = unique();
  const user = { username: `${prefix}${id}`, email: `${prefix}${id}@example.com`, password: TEST_PASSWORD };
  const since = Date.now();
  const reg = await call(API.authRegister, { body: user });
  expect(reg.status, reg.body?.message).toBe(200);
  const mail = await waitForMail(user.email, 'Xác thực tài khoản', since);
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  expect(link, 'the verification mail carries a link').toBeTruthy();
  await fetch(link!, { redirect: 'manual' });
  return user;
}

/** Logs in through the API. */
export async function apiLogin(username: string, password: string): Promise<Session> {
  const login = await call(API.authLogin, { body: { username, password } });
  expect(login.status, login.body?.message).toBe(200);
  return { accessToken: login.body.accessToken, refreshToken: login.body.refreshToken };
}

/** A fresh account, e-mail verified and logged in, without a donor profile (status NONE). */
export async function newDonor(prefix: string): Promise<Session & { username: string; email: string }> {
  const user = await newVerifiedAccount(prefix);
  return { username: user.username, email: user.email, ...(await apiLogin(user.username, user.password)) };
}

/**
 * Verifies a logged-in donor the way a person does it (terms, both sides of a synthetic ID card read
 * on the server, contact details, confirmation), through the API. `person` must be one no other
 * test verifies: an ID number verifies only one account.
 */
export async function verifyWithCard(token: string, person: Identity): Promise<void> {
  const card = await renderCardPng(person);
  const terms = await call(API.userTermsAcceptance, {
    token,
    body: { termsVersion: CURRENT_DONOR_TERMS_VERSION, accepted: true },
  });
  expect(terms.status).toBe(200);
  const side = (type: 'front' | 'back', image: Buffer, extractId?: string) => {
    const form = new FormData();
    form.set('type', type);
    if (extractId) form.set('extract_id', extractId);
    form.set('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), `${type}.png`);
    return call(API.recognitionId, { token, form });
  };
  const front = await side('front', card.front);
  expect(front.status, front.body?.message).toBe(200);
  const extractId = front.body.data.extract_id as string;
  expect((await side('back', card.back, extractId)).status).toBe(200);
  await call(API.userUpdateDetail, {
    method: 'PUT',
    token,
    body: { mobile: '0351234567', address_contact: 'Phường Hoàn Kiếm, Thành phố Hà Nội', job_name: 'Kỹ sư' },
  });
  const confirmed = await call(API.extractStatus, {
    token,
    body: { extract_id: extractId, extract_status: 'CONFIRM_MATCHED' },
  });
  expect(confirmed.body?.data?.status, confirmed.body?.message).toBe('EXTRACTED');
}

/** A fresh donor whose identity is verified (EXTRACTED) from `person`'s synthetic ID card. */
export async function newVerifiedDonor(
  prefix: string,
  person: Identity,
): Promise<Session & { username: string; email: string; person: Identity }> {
  const donor = await newDonor(prefix);
  await verifyWithCard(donor.accessToken, person);
  return { ...donor, person };
}

/** Puts a session in local storage as the login screen would (the page is left on '/'). */
export async function startSession(page: Page, session: Session) {
  await page.goto('/');
  await page.evaluate((t) => {
    localStorage.setItem('access_token', t.accessToken);
    localStorage.setItem('refresh_token', t.refreshToken);
  }, session);
}

/** Starts a session and opens the profile page on the tab of `hash`. */
export async function openProfile(page: Page, session: Session, hash = '') {
  await startSession(page, session);
  await page.goto(`/trang-ca-nhan${hash}`);
  await page.getByRole('heading', { level: 1, name: 'Trang cá nhân' }).waitFor();
}

/**
 * A donor whose card the server cannot trust: the front of `front`'s card with the back of `back`'s
 * (the two sides disagree), confirmed through the wizard's API, so the profile waits as PENDING in
 * the staff's review queue.
 */
export async function newPendingDonor(prefix: string, front: Identity, back: Identity) {
  const donor = await newDonor(prefix);
  const token = donor.accessToken;
  const terms = await call(API.userTermsAcceptance, {
    token,
    body: { termsVersion: CURRENT_DONOR_TERMS_VERSION, accepted: true },
  });
  expect(terms.status).toBe(200);
  const [frontImage, backImage] = [(await renderCardPng(front)).front, (await renderCardPng(back)).back];
  const side = (type: 'front' | 'back', image: Buffer, extractId?: string) => {
    const form = new FormData();
    form.set('type', type);
    if (extractId) form.set('extract_id', extractId);
    form.set('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), `${type}.png`);
    return call(API.recognitionId, { token, form });
  };
  const f = await side('front', frontImage);
  expect(f.status, f.body?.message).toBe(200);
  const extractId = f.body.data.extract_id as string;
  expect((await side('back', backImage, extractId)).status).toBe(200);
  await call(API.userUpdateDetail, {
    method: 'PUT',
    token,
    body: { mobile: '0351234567', address_contact: 'Phường Hoàn Kiếm, Thành phố Hà Nội', job_name: 'Kỹ sư' },
  });
  const confirmed = await call(API.extractStatus, {
    token,
    body: { extract_id: extractId, extract_status: 'CONFIRM_MATCHED' },
  });
  expect(confirmed.body?.data?.status, confirmed.body?.message).toBe('PENDING');
  return { ...donor, extractId };
}
