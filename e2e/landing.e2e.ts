import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  afterFrames,
  baseURL,
  DESKTOP,
  expectNoAxeViolations,
  launchBrowser,
  newPage,
  pauseClockSoon,
  PHONE,
  poll,
  waitForHydration,
} from './support/browser.ts';
import { vn } from './support/vn-time.ts';

type Campaign = {
  id: number;
  name: string;
  location: string;
  startReceiveTime: string;
  endReceiveTime: string;
  appointmentCount: number;
  targetBloodUnits: number;
  questionSetId: number;
};

const percent = (c: Pick<Campaign, 'appointmentCount' | 'targetBloodUnits'>) =>
  Math.round(Math.min(100, (c.appointmentCount / c.targetBloodUnits) * 100));

const slider = (page: Page) => page.getByRole('region', { name: 'Các sự kiện sắp diễn ra' });
/** The name of the campaign on the visible slide (hidden slides are out of the accessibility tree). */
const shownCampaign = (page: Page) => slider(page).getByRole('heading', { level: 3 }).textContent();

/** Top of an element relative to the viewport, once smooth scrolling has settled within 2 px of 80. */
async function expectTopAt80(page: Page, selector: string) {
  await expect
    .poll(() => page.locator(selector).evaluate((el) => Math.round(el.getBoundingClientRect().top)), {
      timeout: 10_000,
    })
    .toSatisfy((top: number) => Math.abs(top - 80) <= 2);
}

async function openLanding(page: Page) {
  await page.goto('/');
  // The page arrives rendered on the server: a click before hydration would be lost.
  await waitForHydration(page);
  await poll(() => page.getByRole('heading', { level: 2, name: 'SỰ KIỆN HIẾN MÁU' }).count()).toBe(1);
}

/**
 * The landing page as the browser renders it from GET /api/campaigns: reached from another page
 * (the server renders the landing page with the list already in it, ADR 19).
 */
async function openLandingInApp(page: Page) {
  await page.goto('/dieu-khoan-su-dung');
  await waitForHydration(page);
  await page.getByRole('navigation', { name: 'Menu chính' }).getByRole('link', { name: 'Trang chủ' }).click();
  await poll(() => page.getByRole('heading', { level: 2, name: 'SỰ KIỆN HIẾN MÁU' }).count()).toBe(1);
}

describe('portal shell', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('an unknown path shows the 404 page with Back and Home', async () => {
    const { context, page } = await newPage(browser);
    const res = await page.goto('/khong-ton-tai');
    expect(res?.status()).toBe(404);
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Không tìm thấy trang');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Trang chủ' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await context.close();
  });
});

describe('landing page', () => {
  let browser: Browser;
  let campaigns: Campaign[];
  beforeAll(async () => {
    browser = await launchBrowser();
    const body = (await (await fetch(`${baseURL()}/api/campaigns`)).json()) as { data: Campaign[] };
    campaigns = body.data;
    expect(campaigns.length).toBeGreaterThanOrEqual(6);
  });
  afterAll(() => browser?.close());

  it('shows the seeded campaigns: name, location, Vietnam times and the progress of each', async () => {
    const { context, page } = await newPage(browser);
    await openLanding(page);
    const first = campaigns[0]!;
    await poll(() => shownCampaign(page)).toBe(first.name);
    const slide = slider(page).getByRole('group', { name: `1 / ${campaigns.length}` });
    const text = await slide.innerText();
    expect(text).toContain(first.location);
    expect(await slide.locator('time').allTextContents()).toEqual([
      `${vn(first.startReceiveTime).date} - ${vn(first.startReceiveTime).time}`,
      `${vn(first.endReceiveTime).date} - ${vn(first.endReceiveTime).time}`,
    ]);
    // One dot per campaign.
    expect(
      await slider(page)
        .getByRole('button', { name: /^Xem sự kiện \d+$/ })
        .count(),
    ).toBe(campaigns.length);

    // Every slide's progress bar: appointmentCount / targetBloodUnits, rounded, capped at 100 %.
    for (const [i, c] of campaigns.entries()) {
      if (i > 0) await slider(page).getByRole('button', { name: 'Sự kiện tiếp theo' }).click();
      await poll(() => shownCampaign(page)).toBe(c.name);
      const bar = slider(page).getByRole('progressbar');
      expect(await bar.getAttribute('aria-valuenow')).toBe(String(percent(c)));
      const slideOf = slider(page).getByRole('group', { name: `${i + 1} / ${campaigns.length}` });
      expect(await slideOf.getByTestId('campaign-progress-text').textContent()).toBe(`${percent(c)}%`);
    }
    await context.close();
  });

  it('the slider wraps around with previous, next and the dots', async () => {
    const { context, page } = await newPage(browser);
    await openLanding(page);
    const last = campaigns[campaigns.length - 1]!;
    await poll(() => shownCampaign(page)).toBe(campaigns[0]!.name);

    await slider(page).getByRole('button', { name: 'Sự kiện trước' }).click();
    await poll(() => shownCampaign(page)).toBe(last.name);
    await slider(page).getByRole('button', { name: 'Sự kiện tiếp theo' }).click();
    await poll(() => shownCampaign(page)).toBe(campaigns[0]!.name);

    const dot3 = slider(page).getByRole('button', { name: 'Xem sự kiện 3' });
    await dot3.click();
    await poll(() => shownCampaign(page)).toBe(campaigns[2]!.name);
    expect(await dot3.getAttribute('aria-current')).toBe('true');

    await slider(page)
      .getByRole('button', { name: `Xem sự kiện ${campaigns.length}` })
      .click();
    await poll(() => shownCampaign(page)).toBe(last.name);
    await slider(page).getByRole('button', { name: 'Sự kiện tiếp theo' }).click();
    await poll(() => shownCampaign(page)).toBe(campaigns[0]!.name);
    await context.close();
  });

  it('advances the slider every 10 s and the benefits every 5 s; a manual move restarts the wait', async () => {
    const { context, page } = await newPage(browser);
    await page.clock.install();
    await openLanding(page);
    await poll(() => shownCampaign(page)).toBe(campaigns[0]!.name);
    await page.waitForFunction(
      (el) => !!el && Object.keys(el).some((k) => k.startsWith('__reactFiber')),
      await slider(page).getByRole('button', { name: 'Sự kiện tiếp theo' }).elementHandle(),
    );
    // From here the page's clock moves only when the test moves it: each wait is measured from the
    // move that starts it, however long the machine takes between two steps.
    await pauseClockSoon(page);
    await slider(page).getByRole('button', { name: 'Sự kiện tiếp theo' }).click();
    await page.mouse.move(0, 0); // a mouse resting on a carousel pauses it
    await poll(() => shownCampaign(page)).toBe(campaigns[1]!.name);
    await page.clock.runFor(9_000);
    expect(await shownCampaign(page)).toBe(campaigns[1]!.name);
    await page.clock.runFor(1_500);
    await poll(() => shownCampaign(page)).toBe(campaigns[2]!.name);

    const benefits = page.getByRole('region', { name: 'Quyền lợi' });
    const shownBenefit = () => benefits.getByRole('heading', { level: 3 }).textContent();
    // The benefits are a lazy part of the page: they hydrate after the page itself.
    await page.waitForFunction(
      (el) => !!el && Object.keys(el).some((k) => k.startsWith('__reactFiber')),
      await benefits.getByRole('button', { name: 'Quyền lợi tiếp theo' }).elementHandle(),
    );
    const titles = ['Phần ăn nhẹ tại chỗ', 'Hỗ trợ chi phí đi lại', 'Quà tặng tri ân', 'Cứu sống người bệnh'];
    // A manual move shows the next benefit at once and starts the full 5 s over.
    const before = titles.indexOf((await shownBenefit())!);
    await benefits.getByRole('button', { name: 'Quyền lợi tiếp theo' }).click();
    await page.mouse.move(0, 0); // a mouse resting on a carousel pauses it
    const moved = titles[(before + 1) % titles.length];
    await poll(shownBenefit).toBe(moved);
    await page.clock.runFor(4_000);
    expect(await shownBenefit()).toBe(moved);
    await page.clock.runFor(1_200);
    await poll(shownBenefit).toBe(titles[(before + 2) % titles.length]);
    await page.clock.runFor(5_100);
    await poll(shownBenefit).toBe(titles[(before + 3) % titles.length]);
    await context.close();
  });

  it("'Đăng Ký Ngay' and 'Tìm Hiểu Thêm' scroll their section to 80 px below the top", async () => {
    const { context, page } = await newPage(browser);
    await openLanding(page);
    await page.getByRole('button', { name: 'Đăng Ký Ngay' }).click();
    await expectTopAt80(page, '#su-kien-hien-mau');
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await page.getByRole('button', { name: 'Tìm Hiểu Thêm' }).click();
    await expectTopAt80(page, '#tieu-chuan-hien-mau');
    expect(
      await page.getByRole('heading', { level: 2, name: 'Tiêu chuẩn tham gia hiến máu' }).isVisible(),
    ).toBe(true);
    await context.close();
  });

  it("'Đăng ký' on a campaign keeps it as selectedCampaign and opens the registration page", async () => {
    const { context, page } = await newPage(browser);
    await openLanding(page);
    await slider(page).getByRole('button', { name: 'Xem sự kiện 2' }).click();
    await poll(() => shownCampaign(page)).toBe(campaigns[1]!.name);
    await slider(page).getByRole('button', { name: 'Đăng ký', exact: true }).click();
    // A visitor who is not logged in is sent on to the login page, which returns there afterwards;
    // the campaign rides along in the address because logging in clears local storage.
    await page.waitForURL(
      (u) =>
        u.pathname === '/dang-ky-hien-mau' ||
        (u.pathname === '/dang-nhap' &&
          u.searchParams.get('redirect') ===
            `/dang-ky-hien-mau?campaignId=${campaigns[1]!.id}&questionset=${campaigns[1]!.questionSetId}`),
    );
    const stored = await page.evaluate(() => localStorage.getItem('selectedCampaign'));
    expect(JSON.parse(stored!)).toEqual(campaigns[1]);
    await context.close();
  });

  it("shows the error catalogue's texts for a list that is not an array, a failed request and an empty list", async () => {
    const { context, page } = await newPage(browser);
    const reply = (body: unknown, status = 200) =>
      page.route('**/api/campaigns', (route) =>
        route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) }),
      );

    await reply({ success: true, message: 'Thành công', data: { items: [] } });
    await openLandingInApp(page);
    await poll(() => page.getByRole('alert').textContent()).toBe('Không tìm thấy sự kiện nào');
    expect(await page.locator('#su-kien-hien-mau').innerText()).toContain('Không có dữ liệu');

    await page.unrouteAll();
    await reply({ success: false, message: 'Đã có lỗi xảy ra', data: null, code: 'INTERNAL' }, 500);
    await openLandingInApp(page);
    // One retry happens first (general cache rules), so this can take a second.
    await poll(() => page.getByRole('alert').textContent()).toBe('Không thể tải danh sách sự kiện');
    expect(await page.locator('#su-kien-hien-mau').innerText()).toContain('Không có dữ liệu');

    await page.unrouteAll();
    await reply({ success: true, message: 'Thành công', data: [] });
    await openLandingInApp(page);
    await poll(() => page.locator('#su-kien-hien-mau').innerText()).toContain('Không có sự kiện nào');
    await context.close();
  });

  it('caps the progress at 100 % and rounds it', async () => {
    const { context, page } = await newPage(browser);
    const [a, b] = campaigns;
    const data = [
      { ...a, appointmentCount: 123, targetBloodUnits: 500 },
      { ...b, appointmentCount: 260, targetBloodUnits: 200 },
    ];
    await page.route('**/api/campaigns', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ success: true, message: 'Thành công', data }),
      }),
    );
    await openLandingInApp(page);
    await poll(() => shownCampaign(page)).toBe(a!.name);
    expect(await slider(page).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('25');
    expect(
      await slider(page)
        .getByRole('group', { name: '1 / 2' })
        .getByTestId('campaign-progress-text')
        .textContent(),
    ).toBe('25%');
    await slider(page).getByRole('button', { name: 'Sự kiện tiếp theo' }).click();
    await poll(() => shownCampaign(page)).toBe(b!.name);
    expect(await slider(page).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    await context.close();
  });

  it('the header turns translucent after 10 px of scrolling; axe finds no violations', async () => {
    const { context, page } = await newPage(browser);
    await openLanding(page);
    const header = page.locator('header').first();
    expect(await header.getAttribute('data-scrolled')).toBe('false');
    const alpha = () => header.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await alpha()).toBe('rgb(255, 255, 255)');
    await page.evaluate(() => window.scrollTo({ top: 300, behavior: 'instant' }));
    await poll(() => header.getAttribute('data-scrolled')).toBe('true');
    // Tailwind 4 writes colours in oklab/oklch; either way the alpha is below 1.
    await poll(alpha).toMatch(/\/ 0\.8\)$|, 0\.8\)$/);
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await poll(() => page.getByRole('contentinfo').count()).toBe(1);
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('a logged-in donor gets history, bell and a keyboard-usable avatar menu whose logout goes to login', async () => {
    const res = await fetch(`${baseURL()}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'nguoihienmau', password: 'HienMau@Demo26' }),
    });
    expect(res.status).toBe(200);
    const login = (await res.json()) as {
      accessToken?: string;
      refreshToken?: string;
      data?: { accessToken: string; refreshToken: string };
    };
    const tokens = {
      a: login.accessToken ?? login.data!.accessToken,
      r: login.refreshToken ?? login.data!.refreshToken,
    };

    const { context, page } = await newPage(browser, DESKTOP);
    await page.goto('/');
    await page.evaluate(({ a, r }) => {
      localStorage.setItem('access_token', a);
      localStorage.setItem('refresh_token', r);
    }, tokens);
    await openLanding(page);
    const banner = page.getByRole('banner');
    expect(await banner.getByRole('link', { name: 'Lịch sử hiến máu' }).getAttribute('href')).toBe(
      '/trang-ca-nhan#lich-su-hien-mau',
    );
    // The bell opens the notification panel (a dialog) once its chunk has loaded.
    await poll(() => banner.getByRole('button', { name: /^Thông báo/ }).getAttribute('aria-haspopup')).toBe(
      'dialog',
    );
    expect(await banner.getByRole('link', { name: 'Đăng nhập' }).count()).toBe(0);

    const avatar = banner.getByRole('button', { name: 'Tài khoản' });
    await avatar.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'Tài khoản' });
    await poll(() => menu.isVisible()).toBe(true);
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim());
    await poll(focused).toBe('Thông tin cá nhân');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('Đổi mật khẩu');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('Đăng xuất');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe('Thông tin cá nhân');
    await page.keyboard.press('Escape');
    expect(await menu.count()).toBe(0);
    expect(await avatar.evaluate((el) => el === document.activeElement)).toBe(true);

    await page.keyboard.press('Enter');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/dang-nhap');
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    await context.close();
  });

  describe('at 360×740', () => {
    it('shows the first campaign and scrolls the hero targets to 80 px', async () => {
      const { context, page } = await newPage(browser, PHONE);
      await openLanding(page);
      await poll(() => shownCampaign(page)).toBe(campaigns[0]!.name);
      expect(
        await slider(page)
          .getByRole('group', { name: `1 / ${campaigns.length}` })
          .innerText(),
      ).toContain(`${vn(campaigns[0]!.startReceiveTime).date} - ${vn(campaigns[0]!.startReceiveTime).time}`);
      await slider(page).getByRole('button', { name: 'Sự kiện trước' }).click();
      await poll(() => shownCampaign(page)).toBe(campaigns[campaigns.length - 1]!.name);

      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      await page.getByRole('button', { name: 'Đăng Ký Ngay' }).click();
      await expectTopAt80(page, '#su-kien-hien-mau');
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      await page.getByRole('button', { name: 'Tìm Hiểu Thêm' }).click();
      await expectTopAt80(page, '#tieu-chuan-hien-mau');
      // No horizontal scrolling at phone width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(360);
      await context.close();
    });

    it('the drawer hides the bottom bar and locks scrolling while open, and closes on navigation', async () => {
      const { context, page } = await newPage(browser, PHONE);
      await openLanding(page);
      const bottomBar = page.getByRole('navigation', { name: 'Thanh điều hướng dưới' });
      expect(await bottomBar.isVisible()).toBe(true);
      const barLinks = await bottomBar
        .getByRole('link')
        .evaluateAll((els) => els.map((e) => [e.textContent, e.getAttribute('href')]));
      expect(barLinks).toEqual([
        ['Trang chủ', '/'],
        ['Hiến máu', '/dang-ky-hien-mau'],
        ['Đăng nhập', '/dang-nhap'],
        ['Đăng ký', '/dang-ky'],
      ]);
      // The desktop menu is not shown at this width.
      expect(await page.getByRole('navigation', { name: 'Menu chính' }).isVisible()).toBe(false);

      const menuButton = page.getByRole('button', { name: 'Mở menu' });
      await menuButton.click();
      const drawer = page.getByRole('dialog', { name: 'Menu' });
      await poll(() => drawer.isVisible()).toBe(true);
      expect(await bottomBar.count()).toBe(0);
      expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
      const before = await page.evaluate(() => window.scrollY);
      await page.mouse.wheel(0, 800);
      await afterFrames(page, 4);
      expect(await page.evaluate(() => window.scrollY)).toBe(before);
      await expectNoAxeViolations(page);

      await page.keyboard.press('Escape');
      await poll(() => drawer.count()).toBe(0);
      expect(await bottomBar.isVisible()).toBe(true);
      expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
      expect(await menuButton.evaluate((el) => el === document.activeElement)).toBe(true);

      // A link in the drawer navigates and the drawer closes with the route change.
      await menuButton.click();
      await drawer.getByRole('link', { name: 'Câu hỏi thường gặp' }).click();
      await page.waitForURL((u) => u.pathname === '/cau-hoi-thuong-gap');
      await poll(() => drawer.count()).toBe(0);
      expect(await bottomBar.isVisible()).toBe(true);
      expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
      await context.close();
    });

    it('axe finds no violations on the landing page', async () => {
      const { context, page } = await newPage(browser, PHONE);
      await openLanding(page);
      await poll(() => shownCampaign(page)).toBe(campaigns[0]!.name);
      await poll(() => page.getByRole('contentinfo').count()).toBe(1);
      await expectNoAxeViolations(page);
      await context.close();
    });
  });
});
