import { API } from '@giot-hong/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateIdentities } from '../apps/server/test/idcard/identities.ts';
import {
  call,
  cancellableCampaigns,
  loginThroughForm,
  newVerifiedDonor,
  startSession,
  TEST_PASSWORD,
} from './support/accounts.ts';
import { registerByApi } from './support/campaigns.ts';
import {
  DESKTOP,
  expectNoAxeViolations,
  expectNoHorizontalOverflow,
  launchBrowser,
  newPage,
  PHONE,
  poll,
} from './support/browser.ts';
import {
  controlledBy,
  personalCacheNames,
  readEveryCache,
  waitForServiceWorker,
} from './support/service-worker.ts';

/** People of their own (a seed no other test uses): an ID number verifies one account only. */
const PEOPLE = generateIdentities(3, 734_034);
const OFFLINE = 'Bạn đang ngoại tuyến';

type Campaign = { id: number; name: string; location: string; organizeTime: string };

/** The width and height a PNG declares (its IHDR chunk). */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

/** Opens one of the donor's appointments and waits for its check-in code. */
async function openAppointment(page: Page, appointmentId: number) {
  await page.goto(`/trang-ca-nhan#xem-lich-hen-${appointmentId}`);
  await page.locator('[data-check-in-code]').waitFor();
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Tài khoản' }).click();
  await page.getByRole('menuitem', { name: 'Đăng xuất' }).click();
  await page.waitForURL((u) => u.pathname === '/dang-nhap');
}

describe('installable and offline', () => {
  let browser: Browser;
  let campaign: Campaign;

  beforeAll(async () => {
    browser = await launchBrowser();
    campaign = (await cancellableCampaigns<Campaign>())[0]!;
  });
  afterAll(() => browser?.close());

  it('registers its service worker after load, which controls the page after a reload; the manifest is valid and its icons load', async () => {
    const { context, page } = await newPage(browser, PHONE, { serviceWorkers: 'allow' });
    await page.goto('/');
    const script = await waitForServiceWorker(page);
    expect(new URL(script).pathname).toBe('/sw.js');
    await page.reload();
    expect(await controlledBy(page)).toBe(script);

    // The page names the manifest; the manifest has what an install needs.
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
    const res = await page.request.get('/manifest.webmanifest');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await res.json()) as Record<string, unknown> & {
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'Giọt Hồng — Hiến máu tình nguyện',
      short_name: 'Giọt Hồng',
      lang: 'vi',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#c8102e',
      background_color: '#ffffff',
    });
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons) {
      const image = await page.request.get(icon.src);
      expect(image.status(), icon.src).toBe(200);
      expect(image.headers()['content-type'], icon.src).toBe('image/png');
      expect(pngSize(await image.body()), icon.src).toBe(icon.sizes);
    }
    // The worker's script is asked for again at every visit.
    expect((await page.request.get('/sw.js')).headers()['cache-control']).toBe('no-cache');
    await context.close();
  });

  it('shows a booked appointment offline once opened online; other pages say they are offline; logout leaves no personal answer in any cache', async () => {
    const person = PEOPLE[0]!;
    const donor = await newVerifiedDonor('ngoaituyen', person);
    const appointmentId = await registerByApi(donor.accessToken, campaign.id);
    const view = (await call(API.appointmentById(appointmentId), { token: donor.accessToken })).body.data;
    const code = view.campaign.checkInCode as string;
    expect(code).toBeTruthy();

    const { context, page } = await newPage(browser, PHONE, { serviceWorkers: 'allow' });
    await startSession(page, donor);
    await page.goto('/');
    await waitForServiceWorker(page);
    // Online: the appointment and the donation record are opened once.
    await openAppointment(page, appointmentId);
    const time = await page.getByTestId('check-in-time').textContent();
    await page.goto('/trang-ca-nhan#ho-so-hien-mau');
    await page.getByRole('tab', { name: 'Hồ sơ hiến máu', selected: true }).waitFor();
    await poll(async () => (await personalCacheNames(page)).length).toBe(1);
    const [cacheName] = await personalCacheNames(page);
    // The cache's name says nothing about the person.
    for (const personal of [donor.username, donor.email, person.idNumber, person.fullName]) {
      expect(cacheName).not.toContain(personal);
    }

    await context.setOffline(true);
    await openAppointment(page, appointmentId);
    await page.reload();
    const checkIn = page.getByRole('region', { name: 'Mã check-in' });
    await checkIn.getByRole('img', { name: `Mã QR check-in: ${code}` }).waitFor();
    expect(await checkIn.locator('svg path').getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(await page.locator('[data-check-in-code]').textContent()).toBe(code);
    const current = page.getByRole('region', { name: 'Lịch hẹn hiện tại' });
    const detail = (label: string) =>
      current
        .locator('div', { has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
        .locator('dd');
    expect(await detail('Chiến dịch').textContent()).toBe(campaign.name);
    expect(await detail('Địa điểm').textContent()).toBe(campaign.location);
    expect(await detail('Thời gian').textContent()).toBe(time);
    expect(await page.getByRole('status').filter({ hasText: OFFLINE }).count()).toBe(1);

    // A page with no offline data says so, in the app shell the worker keeps.
    await page.goto('/thong-bao');
    const notice = page.getByRole('status').filter({ hasText: OFFLINE });
    await notice.waitFor();
    expect(await notice.getByText(OFFLINE, { exact: true }).count()).toBe(1);
    // The shell shows the notice at once; the page's own code comes from the worker's cache after.
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);

    // Back online, the donor logs out: no answer of theirs stays in any cache.
    await context.setOffline(false);
    await page.setViewportSize(DESKTOP);
    await page.goto('/');
    await logOut(page);
    await poll(() => personalCacheNames(page)).toEqual([]);
    const left = await readEveryCache(page);
    expect(
      left.filter((e) => new URL(e.url).pathname.startsWith('/api/') && e.cache !== 'giothong-public-api'),
    ).toEqual([]);
    for (const entry of left) {
      for (const personal of [code, person.fullName, person.idNumber, donor.email]) {
        expect(entry.body.includes(personal), `${entry.cache} ${entry.url}`).toBe(false);
      }
    }
    await context.close();
  });

  it('two accounts on one browser: the second login leaves none of the first account’s answers', async () => {
    const a = await newVerifiedDonor('maychung-a', PEOPLE[1]!);
    const b = await newVerifiedDonor('maychung-b', PEOPLE[2]!);
    const appointmentOfA = await registerByApi(a.accessToken, campaign.id);
    const appointmentOfB = await registerByApi(b.accessToken, campaign.id);

    // Both log in through the form, as two people sharing a phone do.
    const { context, page } = await newPage(browser, DESKTOP, { serviceWorkers: 'allow' });
    await page.goto('/dang-nhap');
    await loginThroughForm(page, { username: a.username, password: TEST_PASSWORD });
    await page.waitForURL((u) => u.pathname !== '/dang-nhap');
    await waitForServiceWorker(page);
    await openAppointment(page, appointmentOfA);
    await poll(async () => (await personalCacheNames(page)).length).toBe(1);
    const [cacheOfA] = await personalCacheNames(page);

    // A's session ends without a logout in this tab (it expired; another tab cleared it), then B
    // logs in on the same browser: A's copies go at B's login, before B opens anything.
    await page.evaluate(() => {
      localStorage.removeItem('access_token');
      localStorage.removeItem('refresh_token');
    });
    await page.goto('/dang-nhap');
    await loginThroughForm(page, { username: b.username, password: TEST_PASSWORD });
    await page.waitForURL((u) => u.pathname !== '/dang-nhap');
    await poll(() => personalCacheNames(page)).toEqual([]);

    await openAppointment(page, appointmentOfB);
    await poll(async () => (await personalCacheNames(page)).length).toBe(1);
    const [cacheOfB] = await personalCacheNames(page);
    expect(cacheOfB).not.toBe(cacheOfA);
    const entries = await readEveryCache(page);
    expect(entries.some((e) => e.url.endsWith(API.appointmentById(appointmentOfB)))).toBe(true);
    expect(entries.filter((e) => e.url.endsWith(API.appointmentById(appointmentOfA)))).toEqual([]);
    expect(entries.filter((e) => e.body.includes(PEOPLE[1]!.fullName))).toEqual([]);

    // B cannot open A's appointment offline either: there is no copy of it for B.
    await context.setOffline(true);
    await page.goto(`/trang-ca-nhan#xem-lich-hen-${appointmentOfA}`);
    await page.getByRole('status').filter({ hasText: OFFLINE }).waitFor();
    expect(await page.locator('[data-check-in-code]').count()).toBe(0);
    await context.close();
  });
});
