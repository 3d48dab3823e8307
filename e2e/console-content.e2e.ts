import { UNSAVED_CHANGES_TEXTS } from '@giot-hong/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, DEMO_ADMIN, DEMO_STAFF } from './support/accounts.ts';
import {
  expectNoAxeViolations,
  expectNoHorizontalOverflow,
  launchBrowser,
  newPage,
  PHONE,
  unique,
} from './support/browser.ts';
import { leaveDialog, openConsole, openSection } from './support/console.ts';

/** Pasted into the editor: each of these would run script if anything let it through. */
const HOSTILE_HTML =
  '<h2>Lịch tiếp nhận máu</h2>' +
  '<p>Mời bạn đến <a href="javascript:window.__xss=1">xem lịch</a> và <a href="https://hoichuthapdo.vn">đọc thêm</a>.</p>' +
  '<img src="/khong-co-anh.png" alt="Ảnh minh họa" onerror="window.__xss=2">' +
  '<script>window.__xss=3</script>' +
  '<table><tbody><tr><th>Ngày</th><th>Địa điểm</th></tr><tr><td>01/12</td><td>Nhà văn hóa</td></tr></tbody></table>';

describe('staff console: news, inboxes, broadcasts, staff accounts', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('a news item written in the editor appears on /tin-tuc exactly as previewed, and its scripts never run', async () => {
    const { context, page } = await newPage(browser, PHONE);
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    try {
      await openConsole(page, await apiLogin(DEMO_STAFF.username, DEMO_STAFF.password));
      await openSection(page, 'Tin tức');
      await page.getByRole('heading', { level: 1, name: 'Tin tức' }).waitFor();
      await expectNoAxeViolations(page);

      await page.getByRole('link', { name: 'Viết tin mới' }).click();
      await page.getByRole('heading', { level: 1, name: 'Viết tin mới' }).waitFor();
      const title = `Lời mời hiến máu ${unique()}`;
      await page.getByRole('textbox', { name: /^Tiêu đề/ }).fill(title);
      const editor = page.getByRole('textbox', { name: 'Nội dung', exact: true });
      await editor.click();
      await page.keyboard.type('Giọt máu cho đi, cuộc đời ở lại.');
      await page.getByRole('button', { name: 'Dán HTML' }).click();
      await page.getByLabel('Mã HTML cần dán').fill(HOSTILE_HTML);
      await page.getByRole('button', { name: 'Chèn HTML' }).click();
      await editor.getByRole('table').waitFor();
      await page.getByRole('button', { name: 'Lưu bản nháp' }).click();
      await page.waitForURL((u) => /^\/quan-tri\/tin-tuc\/\d+$/.test(u.pathname));
      const id = Number(new URL(page.url()).pathname.split('/').pop());
      await page.getByRole('heading', { level: 1, name: 'Sửa tin tức' }).waitFor();

      await page.getByRole('button', { name: 'Xem trước' }).click();
      const preview = page.locator('[data-news-preview] [data-news-content]');
      await preview.getByRole('table').waitFor();
      await expectNoAxeViolations(page);
      await expectNoHorizontalOverflow(page);
      const previewHtml = await preview.innerHTML();
      const previewText = await preview.innerText();
      expect(previewText).toContain('Giọt máu cho đi, cuộc đời ở lại.');
      expect(previewText).toContain('Lịch tiếp nhận máu');
      expect(previewHtml).not.toMatch(/javascript:|onerror|<script/i);
      expect(previewHtml).toContain('href="https://hoichuthapdo.vn"');

      await page.getByRole('button', { name: 'Đăng tin' }).click();
      await page.getByText('Đã đăng tin tức').waitFor();
      await page.getByText('Trạng thái: Đã đăng').waitFor();

      await page.goto(`/tin-tuc/${id}`);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      const published = page.locator('article [data-news-content]');
      expect(await published.innerHTML()).toBe(previewHtml);
      expect(await published.innerText()).toBe(previewText);
      // Nothing ran, on either page.
      expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
      expect(dialogs).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the inbox, broadcast and staff account pages work at 360 px; the first two pass axe', async () => {
    const { context, page } = await newPage(browser, PHONE);
    try {
      await openConsole(page, await apiLogin(DEMO_ADMIN.username, DEMO_ADMIN.password));
      await openSection(page, 'Hộp thư');
      await page.getByRole('heading', { level: 1, name: 'Hộp thư' }).waitFor();
      await page.getByRole('button', { name: /Mới/ }).waitFor();
      await expectNoAxeViolations(page);
      await expectNoHorizontalOverflow(page);

      await openSection(page, 'Thông báo');
      await page.getByRole('heading', { level: 1, name: 'Gửi thông báo' }).waitFor();
      await page.getByLabel('Người nhận').selectOption('BLOOD_GROUP');
      await page.getByLabel('Nhóm máu').selectOption('O+');
      await page.getByText(/người hiến máu sẽ nhận thông báo này|Không có người nhận nào phù hợp/).waitFor();
      await expectNoAxeViolations(page);
      await expectNoHorizontalOverflow(page);

      // The message being composed (an audience chosen) is not lost without a question.
      await openSection(page, 'Tài khoản');
      await leaveDialog(page).getByRole('button', { name: UNSAVED_CHANGES_TEXTS.leave }).click();
      await page.getByRole('heading', { level: 1, name: 'Tài khoản cán bộ' }).waitFor();
      const me = page.getByRole('listitem').filter({ hasText: DEMO_ADMIN.username });
      await me.getByText(/Đăng nhập lần cuối: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/).waitFor();
      // The staff list at 360 px passes axe in console-access (support/axe-states.md).
      await expectNoHorizontalOverflow(page);
    } finally {
      await context.close();
    }
  });
});
