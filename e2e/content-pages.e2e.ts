import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { UNIT_JOURNEY_TEXTS } from '@giot-hong/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseURL,
  CHAPTER,
  expectNoAxeViolations,
  launchBrowser,
  newPage,
  pauseClockSoon,
  PHONE,
  poll,
  unique,
  waitForHydration,
  waitForMail,
} from './support/browser.ts';
import { vn } from './support/vn-time.ts';

type NewsItem = { id: number; title: string; createdAt: string; thumbnailUrl: string | null };

async function apiNews(query = ''): Promise<{ data: NewsItem[]; totalItems: number }> {
  const res = await fetch(`${baseURL()}/api/news?limit=50${query}`);
  return ((await res.json()) as { data: { data: NewsItem[]; totalItems: number } }).data;
}

const cardTitles = (page: Page) => page.locator('main article h2').allTextContents();
const h1 = (page: Page) => page.getByRole('heading', { level: 1 }).textContent();
const expanded = (page: Page, name: string) =>
  page.getByRole('button', { name, exact: true }).getAttribute('aria-expanded');

/** A text field of a form by its label (role textbox, so the form named after it is not matched). */
const field = (page: Page, label: string) => page.getByRole('textbox', { name: label });

/** The text of the element that describes a field (its error message), or null when it has none. */
async function fieldError(page: Page, label: string): Promise<string | null> {
  const id = await field(page, label).getAttribute('aria-describedby');
  return id ? page.locator(`#${id}`).textContent() : null;
}

/**
 * Opens a public page and waits until React has taken it over: these tests are about what the
 * page does (clicks before that are held and replayed, which server-rendering.e2e.ts tests).
 */
async function visit(page: Page, url: string) {
  await page.goto(url);
  await waitForHydration(page);
}

describe('content pages in the browser', () => {
  let browser: Browser;
  let news: NewsItem[];
  beforeAll(async () => {
    browser = await launchBrowser();
    news = (await apiNews()).data;
  });
  afterAll(() => browser?.close());

  describe('news list /tin-tuc', () => {
    it('shows 10 cards per page with image, title, Vietnamese long date and the tag, and pages through all items', async () => {
      const { context, page } = await newPage(browser);
      await visit(page, '/tin-tuc');
      expect(await h1(page)).toBe('Tin tức');
      await poll(() => cardTitles(page)).toEqual(news.slice(0, 10).map((n) => n.title));
      const first = page.locator('main article').first();
      expect(await first.locator('time').textContent()).toBe(vn(news[0]!.createdAt).long);
      expect(await first.getByText('Tin tức', { exact: true }).count()).toBe(1);
      expect(await first.locator('img').getAttribute('src')).toBe(news[0]!.thumbnailUrl);
      expect(
        await first
          .locator('img')
          .evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth)),
      ).toBeGreaterThan(0);
      expect(await page.getByRole('status').filter({ hasText: 'tin tức' }).textContent()).toBe(
        `${news.length} tin tức`,
      );
      await expectNoAxeViolations(page);

      await page
        .getByRole('navigation', { name: 'Phân trang' })
        .getByRole('link', { name: 'Trang 2' })
        .click();
      await page.waitForURL((u) => u.searchParams.get('trang') === '2');
      await poll(() => cardTitles(page)).toEqual(news.slice(10, 20).map((n) => n.title));
      expect(
        await page
          .getByRole('navigation', { name: 'Phân trang' })
          .getByRole('link', { name: 'Trang 2' })
          .getAttribute('aria-current'),
      ).toBe('page');
      await page.getByRole('link', { name: 'Trước', exact: true }).click();
      await poll(() => cardTitles(page)).toEqual(news.slice(0, 10).map((n) => n.title));
      await context.close();
    });

    it('finds items with or without diacritics and in any case, asking the server once per pause in typing', async () => {
      const { context, page } = await newPage(browser);
      const searches: string[] = [];
      page.on('request', (r) => {
        const u = new URL(r.url());
        if (u.pathname === '/api/news' && u.searchParams.has('search'))
          searches.push(u.searchParams.get('search')!);
      });
      await page.clock.install();
      await visit(page, '/tin-tuc');
      await poll(() => cardTitles(page)).toHaveLength(10);
      const box = page.getByLabel('Tìm kiếm tin tức');
      // Until the typing is done the page's clock moves only when the test moves it: the keys below
      // are one run of typing however slowly a busy machine delivers them, and the pause after them
      // is the test's.
      await pauseClockSoon(page);

      await box.pressSequentially('hien mau lan dau');
      expect(searches).toEqual([]);
      await page.clock.runFor(600);
      // Then it runs again (the list's answer is put on screen through timers of its own).
      await page.clock.resume();
      await poll(() => cardTitles(page)).toEqual(['Những điều cần biết trước khi hiến máu lần đầu']);
      // Typed key by key, but only the finished text went to the server (500 ms debounce).
      expect(searches).toEqual(['hien mau lan dau']);
      expect(new URL(page.url()).searchParams.get('q')).toBe('hien mau lan dau');
      expect(await page.getByRole('status').filter({ hasText: 'Tìm thấy' }).textContent()).toBe(
        'Tìm thấy 1 tin tức cho “hien mau lan dau”',
      );

      await box.fill('HIẾN MÁU LẦN ĐẦU');
      await poll(() => searches.at(-1)).toBe('HIẾN MÁU LẦN ĐẦU');
      await poll(() => cardTitles(page)).toEqual(['Những điều cần biết trước khi hiến máu lần đầu']);

      // 'đ' typed as 'd'.
      await box.fill('don vi mau');
      await expect
        .poll(() => cardTitles(page))
        .toEqual([
          'Hơn 3.000 đơn vị máu được tiếp nhận trong Ngày hội Chủ nhật Đỏ',
          'Hiến máu tình nguyện tại phường Hoàn Kiếm tiếp nhận 250 đơn vị máu',
        ]);
      await context.close();
    });

    it('shows an empty state when nothing matches, and clearing the search brings the list back', async () => {
      const { context, page } = await newPage(browser);
      await visit(page, '/tin-tuc');
      await page.getByLabel('Tìm kiếm tin tức').fill('khong co tin nao nhu vay');
      await poll(() => page.getByText('Không tìm thấy tin tức phù hợp').isVisible()).toBe(true);
      expect(await cardTitles(page)).toEqual([]);
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Xóa tìm kiếm' }).first().click();
      await poll(() => cardTitles(page)).toHaveLength(10);
      expect(await page.getByLabel('Tìm kiếm tin tức').inputValue()).toBe('');
      await context.close();
    });
  });

  describe('news detail /tin-tuc/{id}', () => {
    it('opens from its card and shows picture, title, date and time, author, HTML content and 5 related items', async () => {
      const { context, page } = await newPage(browser);
      const item = news[0]!;
      await visit(page, '/tin-tuc');
      await page.getByRole('link', { name: item.title }).click();
      await page.waitForURL((u) => u.pathname === `/tin-tuc/${item.id}`);
      await poll(() => h1(page)).toBe(item.title);
      expect(await page.title()).toBe(`${item.title} | Giọt Hồng`);
      const article = page.locator('main article');
      expect(await article.locator('header time').textContent()).toBe(
        `${vn(item.createdAt).long} lúc ${vn(item.createdAt).time}`,
      );
      expect(await article.getByText('Đăng bởi:').textContent()).toBe('Đăng bởi: Admin');
      expect(await article.getByRole('img', { name: item.title }).getAttribute('src')).toBe(
        item.thumbnailUrl,
      );
      // The demo content is HTML, rendered as elements (not as escaped text).
      expect(await article.locator('strong', { hasText: 'Chủ nhật Đỏ' }).count()).toBe(1);
      expect(await article.locator('ul > li').allTextContents()).toEqual([
        'Hơn 3.000 đơn vị máu',
        'Hơn 200 tình nguyện viên',
        '15 điểm hiến máu',
      ]);
      expect(await article.textContent()).not.toContain('<strong>');

      const sidebar = page.getByRole('complementary', { name: 'Tin liên quan' });
      await poll(() => sidebar.getByRole('link').count()).toBe(5);
      const hrefs = await sidebar
        .getByRole('link')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      expect(hrefs).not.toContain(`/tin-tuc/${item.id}`);
      expect(hrefs.every((h) => /^\/tin-tuc\/\d+$/.test(h ?? ''))).toBe(true);
      await expectNoAxeViolations(page);

      // A related item opens in place.
      const relatedTitle = (await sidebar
        .getByRole('link')
        .first()
        .locator('span span')
        .first()
        .textContent())!;
      await sidebar.getByRole('link').first().click();
      await poll(() => h1(page)).toBe(relatedTitle);
      await context.close();
    });

    it('shares to Facebook and copies the link with the catalogue toasts', async () => {
      const { context, page } = await newPage(browser);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() });
      const item = news[2]!;
      const url = `${baseURL()}/tin-tuc/${item.id}`;
      await visit(page, `/tin-tuc/${item.id}`);
      await page.getByRole('button', { name: 'Chia sẻ' }).click();
      expect(await page.getByRole('menuitem', { name: 'Chia sẻ lên Facebook' }).getAttribute('href')).toBe(
        `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
      );
      expect(await page.getByRole('menuitem', { name: 'Chia sẻ lên Facebook' }).getAttribute('target')).toBe(
        '_blank',
      );
      await expectNoAxeViolations(page);
      await page.getByRole('menuitem', { name: 'Sao chép liên kết' }).click();
      await poll(() => page.getByText('Đã sao chép liên kết!', { exact: true }).isVisible()).toBe(true);
      expect(await page.getByText('Đã sao chép liên kết thành công!').isVisible()).toBe(true);
      // An icon, not an emoji that needs an emoji font (a box without one).
      const toast = page.locator('[data-sonner-toast][data-type="success"]');
      expect(await toast.locator('[data-icon] svg').isVisible()).toBe(true);
      expect(await toast.innerText()).not.toMatch(/\p{Extended_Pictographic}/u);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
      await context.close();
    });

    it('says so when copying fails', async () => {
      const { context, page } = await newPage(browser);
      await page.addInitScript(() => {
        Object.defineProperty(navigator.clipboard, 'writeText', {
          value: () => Promise.reject(new Error('denied')),
        });
      });
      await visit(page, `/tin-tuc/${news[1]!.id}`);
      await page.getByRole('button', { name: 'Chia sẻ' }).click();
      await page.getByRole('menuitem', { name: 'Sao chép liên kết' }).click();
      await poll(() => page.getByText('Lỗi khi sao chép!', { exact: true }).isVisible()).toBe(true);
      expect(await page.getByText('Lỗi khi sao chép liên kết!').isVisible()).toBe(true);
      const toast = page.locator('[data-sonner-toast][data-type="error"]');
      expect(await toast.locator('[data-icon] svg').isVisible()).toBe(true);
      expect(await toast.innerText()).not.toMatch(/\p{Extended_Pictographic}/u);
      await context.close();
    });

    it('shows an error page for an item that does not exist (status 404)', async () => {
      const { context, page } = await newPage(browser);
      const res = await page.goto('/tin-tuc/999999');
      expect(res?.status()).toBe(404);
      await poll(() => h1(page)).toBe('Không tìm thấy tin tức');
      expect(await page.getByText('Tin tức không tồn tại hoặc đã bị gỡ.').isVisible()).toBe(true);
      await expectNoAxeViolations(page);
      await page.getByRole('link', { name: 'Xem tất cả tin tức' }).click();
      await page.waitForURL((u) => u.pathname === '/tin-tuc');
      await context.close();
    });

    it('defence in depth: even hostile HTML in a news response cannot run script (CSP)', async () => {
      // The server sanitises news HTML (see modules/news tests). Here the response is replaced by
      // one that was NOT sanitised, to show the page's Content-Security-Policy still stops it.
      const { context, page } = await newPage(browser);
      const item = news[3]!;
      const dialogs: string[] = [];
      page.on('dialog', (d) => {
        dialogs.push(d.message());
        void d.dismiss();
      });
      await page.route(`**/api/news/${item.id}`, (route) =>
        route.fulfill({
          contentType: 'application/json',
          body: JSON.stringify({
            success: true,
            message: 'Thành công',
            data: {
              ...item,
              createdBy: 'Admin',
              content: [
                '<p id="safe">Nội dung an toàn</p>',
                '<img src="/khong-co.png" onerror="window.__xss=1;alert(1)">',
                '<svg><image href="/khong-co.png" onerror="window.__xss=2"></image></svg>',
                '<script>window.__xss=3</script>',
                '<iframe srcdoc="<script>parent.__xss=4</script>"></iframe>',
                '<a id="js-link" href="javascript:window.__xss=5">bấm</a>',
              ].join(''),
            },
          }),
        }),
      );
      // The item's page arrives rendered with its (sanitised) data; the browser asks the API for
      // an item when it navigates to it from the list, so that is where the response is replaced.
      await visit(page, '/tin-tuc');
      await waitForHydration(page);
      await page.locator('main').getByRole('link', { name: item.title }).first().click();
      await poll(() => page.locator('#safe').textContent()).toBe('Nội dung an toàn');
      await page.locator('#js-link').click();
      await page.waitForLoadState('load');
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
      expect(dialogs).toEqual([]);
      await context.close();
    });
  });

  describe('FAQ /cau-hoi-thuong-gap', () => {
    const questionButtons = (page: Page) => page.locator('main section h3 button');

    it('states the facts of the spec exactly, one question open at a time', async () => {
      const { context, page } = await newPage(browser);
      await visit(page, '/cau-hoi-thuong-gap');
      expect(await h1(page)).toBe('Câu hỏi thường gặp');
      await expectNoAxeViolations(page);

      const facts: [string, string[]][] = [
        [
          'Ai có thể tham gia hiến máu?',
          ['Tuổi từ 18 đến 60.', 'Cân nặng từ 45 kg trở lên đối với nam và từ 42 kg trở lên đối với nữ.'],
        ],
        [
          'Mỗi lần hiến máu, tôi sẽ cho bao nhiêu máu?',
          ['Mỗi lần hiến máu toàn phần, bạn cho 250–350 ml máu.'],
        ],
        [
          'Bao lâu thì cơ thể hồi phục sau khi hiến máu?',
          ['Lượng máu đã hiến được cơ thể bù lại trong vòng 24–48 giờ.'],
        ],
        [
          'Quy trình hiến máu gồm những bước nào?',
          ['Quy trình hiến máu gồm 6 bước:', 'Nghỉ ngơi 15 phút tại chỗ'],
        ],
        [
          'Sau khi hiến máu tôi cần lưu ý những gì?',
          [
            'Nghỉ ngơi tại chỗ 15 phút sau khi hiến máu.',
            'Không hút thuốc trong vòng 30 phút sau khi hiến máu.',
            'Không đi xe máy trong vòng 1 giờ sau khi hiến máu.',
          ],
        ],
        [
          'Bao lâu sau tôi có thể hiến máu lại?',
          ['Nam giới có thể hiến máu toàn phần lại sau 3 tháng, nữ giới sau 4 tháng kể từ lần hiến trước.'],
        ],
        [
          'Một năm tôi được hiến máu tối đa bao nhiêu lần?',
          ['Nam giới được hiến máu tối đa 4 lần một năm, nữ giới tối đa 3 lần một năm.'],
        ],
      ];
      let previous: string | undefined;
      for (const [question, texts] of facts) {
        await page.getByRole('button', { name: question, exact: true }).click();
        const answer = page.getByRole('region', { name: question });
        await poll(() => answer.isVisible()).toBe(true);
        for (const text of texts) expect(await answer.textContent(), question).toContain(text);
        if (question === 'Quy trình hiến máu gồm những bước nào?')
          expect(await answer.locator('ol > li').count()).toBe(6);
        // Opening one closes the one before, even in another category.
        if (previous) expect(await expanded(page, previous)).toBe('false');
        expect(await page.locator('main h3 button[aria-expanded="true"]').count()).toBe(1);
        previous = question;
      }
      // A second click closes the open question.
      await page.getByRole('button', { name: previous!, exact: true }).click();
      await poll(() => expanded(page, previous!)).toBe('false');
      expect(await page.locator('main h3 button[aria-expanded="true"]').count()).toBe(0);
      await context.close();
    });

    it('category cards toggle their highlight and scroll to their section', async () => {
      const { context, page } = await newPage(browser);
      await visit(page, '/cau-hoi-thuong-gap');
      const cards = page.getByRole('group', { name: 'Chủ đề câu hỏi' }).getByRole('button');
      await poll(() => cards.count()).toBe(4);
      expect(await cards.evaluateAll((b) => b.map((x) => x.querySelector('span')?.textContent))).toEqual([
        'Thông tin chung',
        'Quy trình hiến máu',
        'Sau khi hiến máu',
        'Quyền lợi người hiến máu',
      ]);
      const benefits = cards.nth(3);
      const section = page.getByRole('region', { name: 'Quyền lợi người hiến máu' });
      await benefits.click();
      expect(await benefits.getAttribute('aria-pressed')).toBe('true');
      expect(await section.getAttribute('aria-current')).toBe('true');
      // Scrolled so the section's heading sits just under the sticky header.
      await poll(async () => (await section.boundingBox())!.y).toBeGreaterThanOrEqual(60);
      await poll(async () => (await section.boundingBox())!.y).toBeLessThan(160);
      await expectNoAxeViolations(page);

      // Another card moves the highlight; clicking it again removes it.
      const after = cards.nth(2);
      await after.click();
      expect(await benefits.getAttribute('aria-pressed')).toBe('false');
      expect(await section.getAttribute('aria-current')).toBeNull();
      expect(await after.getAttribute('aria-pressed')).toBe('true');
      await after.click();
      expect(await after.getAttribute('aria-pressed')).toBe('false');
      expect(await page.locator('main section[aria-current]').count()).toBe(0);
      await context.close();
    });

    it('search filters questions and answers without regard to case or diacritics; nothing found says so', async () => {
      const { context, page } = await newPage(browser);
      await visit(page, '/cau-hoi-thuong-gap');
      // The spec's 18 questions, and why a donated unit may not be used (the donor's record links to it).
      const all = 19;
      await poll(() => questionButtons(page).count()).toBe(all);
      const box = page.getByLabel('Tìm kiếm câu hỏi');
      for (const search of ['xe may', 'XE MÁY', 'Xe Máy']) {
        await box.fill(search);
        // 'xe máy' is only in an answer, not in any question.
        await expect
          .poll(() => questionButtons(page).allTextContents())
          .toEqual(['Sau khi hiến máu tôi cần lưu ý những gì?']);
      }
      await box.fill('ĐI LẠI');
      await expect
        .poll(() => questionButtons(page).allTextContents())
        .toEqual(['Người hiến máu được những quyền lợi gì?']);
      await box.fill('khong co cau hoi nay');
      await expect
        .poll(() => page.getByText('Không tìm thấy kết quả', { exact: true }).isVisible())
        .toBe(true);
      expect(await questionButtons(page).count()).toBe(0);
      await expectNoAxeViolations(page);
      await box.fill('');
      await poll(() => questionButtons(page).count()).toBe(all);
      await context.close();
    });

    it('ends with a call to action to the contact page and donation registration', async () => {
      const { context, page } = await newPage(browser);
      await visit(page, '/cau-hoi-thuong-gap');
      const cta = page.getByRole('region', { name: 'Bạn vẫn còn thắc mắc?' });
      expect(await cta.getByRole('link', { name: 'Liên hệ với chúng tôi' }).getAttribute('href')).toBe(
        '/lien-he',
      );
      expect(await cta.getByRole('link', { name: 'Đăng ký hiến máu' }).getAttribute('href')).toBe(
        '/dang-ky-hien-mau',
      );
      await cta.getByRole('link', { name: 'Liên hệ với chúng tôi' }).click();
      await page.waitForURL((u) => u.pathname === '/lien-he');
      await context.close();
    });
  });

  describe('contact /lien-he', () => {
    const submit = (page: Page) => page.getByRole('button', { name: 'Gửi tin nhắn' }).click();

    /** The map site answering (this machine has no internet): a stub frame and 1×1 tiles. */
    const mapSiteAnswers = (context: BrowserContext) =>
      context.route(/^https:\/\/(www|tile)\.openstreetmap\.org\//, (route) =>
        route.request().url().endsWith('.png')
          ? route.fulfill({
              status: 200,
              contentType: 'image/png',
              body: Buffer.from(
                'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADUlEQVQImWNgYGBgAAAABQABh6FO1AAAAABJRU5ErkJggg==',
                'base64',
              ),
            })
          : route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Bản đồ</title>' }),
      );

    it('shows the configured address, phone, e-mail, opening hours and an OpenStreetMap frame with a title', async () => {
      const { context, page } = await newPage(browser);
      await mapSiteAnswers(context);
      const cspErrors: string[] = [];
      page.on('console', (m) => {
        if (m.text().includes('Content Security Policy')) cspErrors.push(m.text());
      });
      await visit(page, '/lien-he');
      expect(await h1(page)).toBe('Liên hệ');
      const details = page.locator('main dl');
      expect(await details.locator('dt').allTextContents()).toEqual([
        'Địa chỉ',
        'Điện thoại',
        'Email',
        'Giờ làm việc',
      ]);
      // The server's CHAPTER_* configuration, not the demo values.
      expect(await details.locator('dd').allTextContents()).toEqual([
        CHAPTER.address,
        CHAPTER.phone,
        CHAPTER.email,
        CHAPTER.openingHours,
      ]);
      expect(await details.getByRole('link', { name: CHAPTER.email }).getAttribute('href')).toBe(
        `mailto:${CHAPTER.email}`,
      );
      expect(await details.getByRole('link', { name: CHAPTER.phone }).getAttribute('href')).toBe(
        CHAPTER.phoneHref,
      );
      const map = page.locator('main iframe');
      await map.waitFor();
      expect(await map.getAttribute('title')).toBe(`Bản đồ vị trí: ${CHAPTER.address}`);
      const src = new URL((await map.getAttribute('src'))!);
      expect(src.origin + src.pathname).toBe('https://www.openstreetmap.org/export/embed.html');
      expect(src.searchParams.get('marker')).toBe(`${CHAPTER.map.lat},${CHAPTER.map.lon}`);
      await expectNoAxeViolations(page);
      expect(cspErrors).toEqual([]);

      // The footer of every page says the same.
      const footer = page.getByRole('contentinfo');
      await footer.scrollIntoViewIfNeeded();
      await poll(() => footer.getByRole('link', { name: CHAPTER.email }).count()).toBe(1);
      const footerText = await footer.innerText();
      for (const text of [CHAPTER.address, CHAPTER.phone, CHAPTER.openingHours])
        expect(footerText).toContain(text);
      expect(footerText).not.toContain('lienhe@giothong.local');
      await context.close();
    });

    it('shows the address with a link to the map, not a broken frame, when the map site cannot be reached', async () => {
      const { context, page } = await newPage(browser, PHONE);
      await context.route(/^https:\/\/(www|tile)\.openstreetmap\.org\//, (route) =>
        route.abort('internetdisconnected'),
      );
      await visit(page, '/lien-he');
      const fallback = page.getByRole('figure');
      await poll(() => fallback.innerText()).toContain('Không tải được bản đồ. Địa chỉ của chúng tôi:');
      expect(await fallback.innerText()).toContain(CHAPTER.address);
      const link = fallback.getByRole('link', { name: 'Xem bản đồ lớn hơn' });
      expect(await link.getAttribute('href')).toBe(
        `https://www.openstreetmap.org/?mlat=${CHAPTER.map.lat}&mlon=${CHAPTER.map.lon}#map=17/${CHAPTER.map.lat}/${CHAPTER.map.lon}`,
      );
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await page.locator('main iframe').count()).toBe(0);
      await expectNoAxeViolations(page);
      await context.close();
    });

    it("the built bundle holds no chapter's contact details: they come from the server", () => {
      const assets = path.resolve(import.meta.dirname, '../apps/web/dist/assets');
      const scripts = readdirSync(assets).filter((f) => f.endsWith('.js'));
      expect(scripts.length).toBeGreaterThan(0);
      for (const file of scripts) {
        const code = readFileSync(path.join(assets, file), 'utf8');
        for (const demo of ['lienhe@giothong.local', '3822 5596', '105.8446']) {
          expect(code.includes(demo), `${file} holds '${demo}'`).toBe(false);
        }
      }
    });

    it('validates on send with the spec messages (whitespace counts as empty) and clears a field’s error when it is edited', async () => {
      const { context, page } = await newPage(browser);
      const posts: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/contact') posts.push(r.url());
      });
      await visit(page, '/lien-he');
      // Nothing is shown before the first send.
      await field(page, 'Họ và tên').fill('a');
      await field(page, 'Họ và tên').fill('');
      expect(await fieldError(page, 'Họ và tên')).toBeNull();

      await submit(page);
      await poll(() => fieldError(page, 'Họ và tên')).toBe('Họ và tên là bắt buộc.');
      expect(await fieldError(page, 'Email')).toBe('Email là bắt buộc.');
      expect(await fieldError(page, 'Tin nhắn')).toBe('Tin nhắn là bắt buộc.');
      expect(await field(page, 'Họ và tên').getAttribute('aria-invalid')).toBe('true');
      await expectNoAxeViolations(page);

      // Whitespace only is still empty.
      await field(page, 'Họ và tên').fill('   ');
      await field(page, 'Email').fill('  ');
      await field(page, 'Tin nhắn').fill(' \n ');
      await submit(page);
      await poll(() => fieldError(page, 'Họ và tên')).toBe('Họ và tên là bắt buộc.');
      expect(await fieldError(page, 'Email')).toBe('Email là bắt buộc.');
      expect(await fieldError(page, 'Tin nhắn')).toBe('Tin nhắn là bắt buộc.');

      // Editing a field clears only its own error.
      await field(page, 'Họ và tên').fill('Trần Văn Bình');
      await poll(() => fieldError(page, 'Họ và tên')).toBeNull();
      expect(await fieldError(page, 'Email')).toBe('Email là bắt buộc.');
      expect(await field(page, 'Họ và tên').getAttribute('aria-invalid')).toBeNull();

      await field(page, 'Email').fill('binh@example');
      await poll(() => fieldError(page, 'Email')).toBeNull();
      await submit(page);
      await poll(() => fieldError(page, 'Email')).toBe('Email không hợp lệ.');
      expect(await fieldError(page, 'Họ và tên')).toBeNull();
      await field(page, 'Email').pressSequentially('.vn');
      await poll(() => fieldError(page, 'Email')).toBeNull();
      expect(await fieldError(page, 'Tin nhắn')).toBe('Tin nhắn là bắt buộc.');
      // None of these invalid forms reached the server.
      expect(posts).toEqual([]);
      await context.close();
    });

    it('sends a message: toast "Thành công!", the form empties and the chapter inbox receives the mail', async () => {
      const { context, page } = await newPage(browser);
      const since = Date.now();
      const name = `Phạm Thị Thử ${unique()}`;
      const message = 'Tôi muốn đăng ký làm tình nguyện viên cho sự kiện Chủ nhật Đỏ.\nXin cảm ơn!';
      await visit(page, '/lien-he');
      await field(page, 'Họ và tên').fill(`  ${name} `);
      await field(page, 'Email').fill('pham.thu@example.com');
      await field(page, 'Tin nhắn').fill(message);
      await submit(page);
      await poll(() => page.getByText('Thành công!', { exact: true }).isVisible()).toBe(true);
      expect(
        await page
          .getByText('Tin nhắn của bạn đã được gửi. Chúng tôi sẽ phản hồi sớm nhất có thể.')
          .isVisible(),
      ).toBe(true);
      await poll(() => field(page, 'Họ và tên').inputValue()).toBe('');
      expect(await field(page, 'Tin nhắn').inputValue()).toBe('');

      const mail = await waitForMail('lienhe@giothong.local', `Tin nhắn liên hệ mới từ ${name}`, since);
      expect(mail.to).toEqual(['lienhe@giothong.local']);
      expect(mail.text).toContain(`Họ và tên: ${name}\n`);
      expect(mail.text).toContain('Email: pham.thu@example.com');
      expect(mail.text).toContain(message);
      await context.close();
    });

    it('a failed send keeps what was typed and shows the server’s message', async () => {
      // Use up this address's allowance for real, so the server itself refuses the next send. Every
      // request counts, so empty (invalid) ones do it without storing or mailing anything; the
      // browser-test server multiplies the limit by RATE_LIMIT_SCALE. Sent 25 at a time.
      const send = async () =>
        (
          await fetch(`${baseURL()}/api/contact`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{}',
          })
        ).status;
      let statuses: number[] = [];
      for (let i = 0; i < 80 && !statuses.includes(429); i++) {
        statuses = await Promise.all(Array.from({ length: 25 }, send));
        for (const status of statuses) expect([400, 429]).toContain(status);
      }
      expect(statuses).toContain(429);

      const { context, page } = await newPage(browser);
      await visit(page, '/lien-he');
      await field(page, 'Họ và tên').fill('Lê Văn Giữ');
      await field(page, 'Email').fill('le.giu@example.com');
      await field(page, 'Tin nhắn').fill('Nội dung không được mất.');
      await submit(page);
      const alert = page.locator('main form [role="alert"]');
      // The wait is what is left of the hour that began with this address's first request.
      await expect
        .poll(() => alert.textContent())
        .toMatch(/^Bạn đã gửi quá nhiều tin nhắn\. Vui lòng thử lại sau (1 giờ|60 phút|[1-5]?\d phút)\.$/);
      expect(await page.getByText('Đã có lỗi xảy ra', { exact: true }).isVisible()).toBe(true);
      expect(await field(page, 'Họ và tên').inputValue()).toBe('Lê Văn Giữ');
      expect(await field(page, 'Email').inputValue()).toBe('le.giu@example.com');
      expect(await field(page, 'Tin nhắn').inputValue()).toBe('Nội dung không được mất.');
      await expectNoAxeViolations(page);
      await context.close();
    });
  });

  describe('terms /dieu-khoan-su-dung', () => {
    const SECTIONS = [
      '1. Điều khoản sử dụng',
      '2. Chính sách bảo mật',
      '3. Quy định hiến máu',
      '4. Trách nhiệm của người dùng',
      '5. Quyền lợi người hiến máu',
    ];

    it('has 5 sections, the first open, with the figures of the rules and a truthful privacy section', async () => {
      const { context, page } = await newPage(browser);
      await visit(page, '/dieu-khoan-su-dung');
      expect(await h1(page)).toBe('Điều khoản sử dụng');
      expect(await page.locator('main h2 button').allTextContents()).toEqual(SECTIONS);
      expect(await Promise.all(SECTIONS.map((s) => expanded(page, s)))).toEqual([
        'true',
        'false',
        'false',
        'false',
        'false',
      ]);
      expect(await page.getByRole('region', { name: SECTIONS[0] }).isVisible()).toBe(true);
      await expectNoAxeViolations(page);

      await page.getByRole('button', { name: SECTIONS[2], exact: true }).click();
      const rules = page.getByRole('region', { name: SECTIONS[2] });
      await poll(() => rules.isVisible()).toBe(true);
      const rulesText = await rules.textContent();
      for (const fact of [
        'Tuổi từ 18 đến 60.',
        'Cân nặng: nam từ 50 kg trở lên, nữ từ 45 kg trở lên.',
        'Khoảng cách giữa hai lần hiến máu toàn phần tối thiểu 12 tuần.',
        'vui lòng hủy lịch hẹn ít nhất 24 giờ trước thời gian diễn ra sự kiện',
        'Khi đăng ký, cổng kiểm tra tuổi của bạn vào ngày diễn ra sự kiện theo ngày sinh trên căn cước đã xác thực (Thông tư 26/2013/TT-BYT của Bộ Y tế). Cân nặng và sức khỏe được nhân viên y tế kiểm tra tại điểm hiến máu.',
      ]) {
        expect(rulesText).toContain(fact);
      }

      await page.getByRole('button', { name: SECTIONS[1], exact: true }).click();
      const privacy = page.getByRole('region', { name: SECTIONS[1] });
      await poll(() => privacy.isVisible()).toBe(true);
      const privacyText = await privacy.textContent();
      for (const promise of [
        'Ảnh được xử lý ngay trên máy chủ của chúng tôi',
        'Ảnh không bao giờ được gửi tới bất kỳ bên thứ ba nào.',
        'Ảnh được mã hóa khi lưu trữ',
        'Ảnh được xóa vĩnh viễn sau khi hồ sơ của bạn đã được xác nhận và hết thời hạn lưu giữ 30 ngày',
        'Câu trả lời phiếu câu hỏi sức khỏe chỉ bạn và cán bộ của Hội phụ trách sự kiện hiến máu được xem',
        // The configured e-mail of the chapter, where donors ask about their data.
        `liên hệ với chúng tôi qua email ${CHAPTER.email} về mọi câu hỏi liên quan đến dữ liệu của mình.`,
        // Retention periods as the server is configured (GET /api/privacy/policy).
        'Tệp “Tải dữ liệu của tôi”: 7 ngày kể từ khi tệp sẵn sàng, rồi bị xóa.',
        'Đăng nhập và mở Trang cá nhân › Quyền riêng tư để thực hiện các quyền sau:',
      ]) {
        expect(privacyText).toContain(promise);
      }
      // Sections open independently; the first one closes on its own button.
      await page.getByRole('button', { name: SECTIONS[0], exact: true }).click();
      await poll(() => expanded(page, SECTIONS[0]!)).toBe('false');
      expect(await expanded(page, SECTIONS[1]!)).toBe('true');
      await context.close();
    });
  });

  describe('on a 360 × 740 phone', () => {
    it.each([
      ['/tin-tuc', 'Tin tức'],
      ['/tin-tuc/1', null],
      ['/cau-hoi-thuong-gap', 'Câu hỏi thường gặp'],
      ['/lien-he', 'Liên hệ'],
      ['/dieu-khoan-su-dung', 'Điều khoản sử dụng'],
    ])('%s fits the screen without sideways scrolling and passes axe', async (path, title) => {
      const { context, page } = await newPage(browser, PHONE);
      await visit(page, path);
      await poll(() => h1(page)).toBe(title ?? news.find((n) => n.id === 1)!.title);
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      await expectNoAxeViolations(page);
      await context.close();
    });

    it('the contact form and the news search are usable at that size', async () => {
      const { context, page } = await newPage(browser, PHONE);
      await visit(page, '/lien-he');
      await page.getByRole('button', { name: 'Gửi tin nhắn' }).scrollIntoViewIfNeeded();
      await page.getByRole('button', { name: 'Gửi tin nhắn' }).click();
      await poll(() => fieldError(page, 'Họ và tên')).toBe('Họ và tên là bắt buộc.');
      // The first invalid field gets the focus, so the phone scrolls to it.
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('contact-name');

      await visit(page, '/tin-tuc');
      await page.getByLabel('Tìm kiếm tin tức').fill('thalassemia');
      await poll(() => cardTitles(page)).toEqual(['Thalassemia và nhu cầu truyền máu suốt đời']);
      const card = await page.locator('main article').first().boundingBox();
      expect(card!.width).toBeLessThanOrEqual(PHONE.width);
      await context.close();
    });
  });

  it('the landing page loads no toast code (it stays in the pages that toast)', async () => {
    const scripts = await scriptsOf('/', async () => undefined);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => s.includes('data-sonner-toaster'))).toEqual([]);
  });

  it('the FAQ page loads no schema library: its answer about a unit not used comes without the blood centre’s schemas', async () => {
    const scripts = await scriptsOf('/cau-hoi-thuong-gap', (page) =>
      page.getByText(UNIT_JOURNEY_TEXTS.faqQuestion).waitFor(),
    );
    expect(scripts.length).toBeGreaterThan(0);
    // zod's core names its schema classes in strings the minifier keeps.
    expect(scripts.filter((s) => s.includes('$ZodType'))).toEqual([]);
  });

  /**
   * The text of every script a page loads, once it is quiet. The files are fetched again from the
   * server by their addresses (each name carries its content's hash): a response's own body can be
   * dropped by Chromium, or still be read when the page closes, on a loaded machine.
   */
  async function scriptsOf(path: string, ready: (page: Page) => Promise<unknown>) {
    const { context, page } = await newPage(browser, PHONE);
    const urls = new Set<string>();
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') urls.add(r.url());
    });
    await visit(page, path);
    await ready(page);
    await page.waitForLoadState('networkidle');
    const scripts = await Promise.all([...urls].map(async (url) => (await context.request.get(url)).text()));
    await context.close();
    return scripts;
  }
});
