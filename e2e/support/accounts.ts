import {
  ADMIN_STAFF_API,
  API,
  CURRENT_DONOR_TERMS_VERSION,
  NOTIFICATION_PREFERENCES_API,
  STAFF_MESSAGES,
} from '@giot-hong/contract';
import type { Page } from 'playwright-core';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { expect } from 'vitest';
import { server } from './server.ts';
import type { Identity } from '../../apps/server/test/idcard/identities.ts';
import { renderCardPng } from '../../apps/server/test/idcard/render-card.ts';
import { DEMO_TOTP_SECRET } from '../../apps/server/src/seed/seed.ts';
import { baseURL, unique, waitForMail } from './browser.ts';
import { nextTotpCode, typeSecondFactorCode } from './second-factor.ts';

/** The password every account made by a browser test signs up with. */
export const TEST_PASSWORD = 'HienMau@Test26';

/** An account to log in with; staff carry their authenticator's secret (base32). */
export type Account = { username: string; password: string; secret?: string };

/** The seeded demo staff account, with the development authenticator secret (README). */
export const DEMO_STAFF = { username: 'canbo', password: 'GiotHong@Staff26', secret: DEMO_TOTP_SECRET };
/** The seeded ADMIN account (development password and authenticator secret, README). */
export const DEMO_ADMIN = { username: 'quantri', password: 'QuanTri@GiotHong26', secret: DEMO_TOTP_SECRET };

/** The seeded demo donor (verified: EXTRACTED). */
export const DEMO_DONOR = { username: 'nguoihienmau', password: 'HienMau@Demo26' };

export type Session = { accessToken: string; refreshToken: string };

/**
 * Moves the donor's quiet hours (default 21:00–07:00 in Vietnam, when e-mails other than the
 * account's wait) to one hour starting two hours from now, through the preferences API, so that a
 * test waiting for such an e-mail passes at any time of day. The quiet hours themselves are tested
 * under a fixed clock (dispatcher.timed.test.ts).
 */
export async function quietHoursAwayFromNow(token: string): Promise<void> {
  const hhmm = (minutes: number) => {
    const m = ((minutes % 1440) + 1440) % 1440;
    return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
  };
  const now = new Date();
  const vnNow = now.getUTCHours() * 60 + now.getUTCMinutes() + 7 * 60;
  const current = await call(NOTIFICATION_PREFERENCES_API.mine, { token });
  expect(current.status).toBe(200);
  const saved = await call(NOTIFICATION_PREFERENCES_API.mine, {
    method: 'PUT',
    token,
    body: { ...current.body.data, quietHours: { start: hhmm(vnNow + 120), end: hhmm(vnNow + 180) } },
  });
  expect(saved.status, saved.body?.message).toBe(200);
}

/** Calls the running server's API: JSON body or multipart form, optional bearer token. */
export async function call(
  path: string,
  init: { method?: string; body?: unknown; token?: string; form?: FormData; from?: string } = {},
) {
  if (init.from) return callFrom(init.from, path, init);
  const headers: Record<string, string> = init.token ? { authorization: `Bearer ${init.token}` } : {};
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${baseURL()}${path}`, {
    method: init.method ?? (init.body !== undefined || init.form ? 'POST' : 'GET'),
    headers,
    body: init.form ?? (init.body !== undefined ? JSON.stringify(init.body) : undefined),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as any };
}

/**
 * The same call (JSON only) sent from another loopback address (127.0.0.2 …): the server sees
 * its own client, so a per-address limit another file used up (the contact form's) does not
 * refuse it. Linux answers the whole of 127.0.0.0/8 on the loopback interface.
 */
function callFrom(
  localAddress: string,
  path: string,
  init: { method?: string; body?: unknown; token?: string },
): Promise<{ status: number; body: any }> {
  const payload = init.body !== undefined ? JSON.stringify(init.body) : undefined;
  const headers: Record<string, string> = init.token ? { authorization: `Bearer ${init.token}` } : {};
  if (payload !== undefined) headers['content-type'] = 'application/json';
  return new Promise((resolve, reject) => {
    const req = request(
      `${baseURL()}${path}`,
      { method: init.method ?? (payload !== undefined ? 'POST' : 'GET'), headers, localAddress },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          let body: any = null;
          try {
            body = JSON.parse(text);
          } catch {
            /* not JSON */
          }
          resolve({ status: res.statusCode ?? 0, body });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/**
 * The public campaigns a donor may still cancel a booking of (the rule: at least 24 h ahead),
 * soonest first. Other files create campaigns of today (the console's day page), which come first
 * in the public list; a test that books and cancels takes its campaign from here.
 */
export async function cancellableCampaigns<T extends { organizeTime: string }>(): Promise<T[]> {
  const all = (await call(API.campaigns)).body.data as T[];
  const dayAhead = Date.now() + 36 * 3_600_000;
  return all.filter((c) => Date.parse(c.organizeTime) > dayAhead);
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

/**
 * Logs in through the API. A staff account answers with a challenge: the code step follows, with
 * the code computed from `secret` (the demo staff's development secret by default).
 */
export async function apiLogin(username: string, password: string, secret?: string): Promise<Session> {
  // The demo staff log in from many files: a code may be used once per 30-second step, so a fresh
  // login each time would wait for the clock. A session of the last 10 minutes that still works is
  // used again instead (one file at a time uses a server; none logs these sessions out).
  const cached = cachedStaffSession(username);
  if (cached && (await call(API.authMe, { token: cached.accessToken })).status === 200) return cached;
  const session = await freshLogin(username, password, secret);
  if (!secret) rememberStaffSession(username, session);
  return session;
}

const sessionsFile = () => path.join(server().dataDir, 'e2e-staff-sessions.json');
type StoredSessions = Record<string, Session & { at: number }>;
const storedSessions = (): StoredSessions =>
  existsSync(sessionsFile()) ? (JSON.parse(readFileSync(sessionsFile(), 'utf8')) as StoredSessions) : {};
function cachedStaffSession(username: string): Session | undefined {
  const s = storedSessions()[username.toLowerCase()];
  return s && Date.now() - s.at < 10 * 60_000
    ? { accessToken: s.accessToken, refreshToken: s.refreshToken }
    : undefined;
}
function rememberStaffSession(username: string, session: Session) {
  if (![DEMO_STAFF.username, DEMO_ADMIN.username].includes(username)) return;
  writeFileSync(
    sessionsFile(),
    JSON.stringify({ ...storedSessions(), [username.toLowerCase()]: { ...session, at: Date.now() } }),
  );
}

async function freshLogin(username: string, password: string, secret?: string): Promise<Session> {
  const login = await call(API.authLogin, { body: { username, password } });
  expect(login.status, login.body?.message).toBe(200);
  const challenge = login.body.data?.secondFactor;
  if (!challenge) return { accessToken: login.body.accessToken, refreshToken: login.body.refreshToken };
  expect(challenge.next, `${username} has no authenticator yet`).toBe('code');
  const code = await nextTotpCode(username, secret ?? DEMO_TOTP_SECRET);
  const res = await call(API.authSecondFactor, { body: { challenge: challenge.challenge, code } });
  expect(res.status, res.body?.message).toBe(200);
  return { accessToken: res.body.accessToken, refreshToken: res.body.refreshToken };
}

/**
 * Logs in through /dang-nhap like a person: username, password and, for a staff account, the
 * authenticator's code typed on the code step. Leaves the page where the login lands.
 */
export async function loginThroughForm(page: Page, account: Account) {
  await page.locator('input[name="username"]').fill(account.username);
  await page.locator('input[name="password"]').fill(account.password);
  await page.locator('main').getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  if (account.secret) await typeSecondFactorCode(page, account.username, account.secret);
}

/**
 * A staff account invited by the demo ADMIN, its password set through the mailed link (by the
 * API), not logged in yet: its first login enrols an authenticator.
 */
export async function newInvitedStaff(prefix: string, role: 'STAFF' | 'ADMIN' = 'STAFF') {
  const admin = await apiLogin(DEMO_ADMIN.username, DEMO_ADMIN.password);
  const username = `${prefix}${unique()}`;
  const email = `${username}@hoichuthapdo.vn`;
  const since = Date.now();
  const invited = await call(ADMIN_STAFF_API.invite, {
    token: admin.accessToken,
    body: { email, username, role },
  });
  expect(invited.status, invited.body?.message).toBe(200);
  const mail = await waitForMail(email, STAFF_MESSAGES.inviteSubject, since);
  const link = new URL(/(http\S+#\S+)/.exec(mail.text)![1]!);
  const token = new URLSearchParams(link.hash.slice(1)).get('token')!;
  const password = TEST_PASSWORD;
  const set = await call(API.authResetPassword, {
    body: { email, resetToken: token, newPassword: password, confirmPassword: password },
  });
  expect(set.status, set.body?.message).toBe(200);
  return { id: invited.body.data.id as number, username, email, password };
}

/** A staff account with an authenticator enrolled through the API (its secret known to the test). */
export async function newEnrolledStaff(prefix: string, role: 'STAFF' | 'ADMIN' = 'STAFF') {
  const staff = await newInvitedStaff(prefix, role);
  const login = await call(API.authLogin, { body: { username: staff.username, password: staff.password } });
  const challenge = login.body.data.secondFactor.challenge as string;
  const start = await call(API.authSecondFactorEnrolment, { body: { challenge } });
  const secret = start.body.data.secret as string;
  const confirm = await call(API.authSecondFactorEnrolmentConfirm, {
    body: { challenge, code: await nextTotpCode(staff.username, secret) },
  });
  expect(confirm.status, confirm.body?.message).toBe(200);
  return { ...staff, secret, recoveryCodes: confirm.body.data.recoveryCodes as string[] };
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

/**
 * Puts a session in local storage as the login screen would, before the next page of the context
 * runs (no page is loaded for it: the caller opens the one it wants). Each session is stored once
 * per context: a logout, tokens the app rotates, or a later session are never overwritten by it.
 */
export async function startSession(page: Page, session: Session) {
  await page.context().addInitScript((t) => {
    const applied = JSON.parse(localStorage.getItem('e2e-sessions') ?? '[]') as string[];
    if (applied.includes(t.accessToken)) return;
    localStorage.setItem('e2e-sessions', JSON.stringify([...applied, t.accessToken]));
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
