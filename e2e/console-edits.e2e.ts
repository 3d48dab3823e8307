import {
  ADMIN_CAMPAIGN_API,
  ADMIN_NEWS_API,
  CAMPAIGN_ADMIN_MESSAGES as M,
  API,
  NEWS_ADMIN_MESSAGES,
  NEWS_STATE_LABELS,
  NEWS_EDITOR_TEXTS as N,
  SLOT_PREVIEW_TEXTS as S,
  UNSAVED_CHANGES_TEXTS as U,
} from '@giot-hong/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLogin, call, DEMO_DONOR, DEMO_STAFF, startSession, type Session } from './support/accounts.ts';
import {
  expectNoAxeViolations,
  expectNoHorizontalOverflow,
  launchBrowser,
  newPage,
  PHONE,
  poll,
  toasts,
  unique,
} from './support/browser.ts';
import { errorUnder, leaveDialog, OFFICE, openSection } from './support/console.ts';
import { vnAt } from './support/vn-time.ts';

describe('staff console: what is on the screen is what is saved, or the console asks', () => {
  let browser: Browser;
  let staff: Session;
  beforeAll(async () => {
    browser = await launchBrowser();
    staff = await apiLogin(DEMO_STAFF.username, DEMO_STAFF.password);
  });
  afterAll(() => browser?.close());

  it('news at 1366 px: "Đăng tin" publishes the title on screen and notifies; leaving asks; "Gỡ tin" asks and can be undone', async () => {
    const oldTitle = `Tiêu đề cũ ${unique()}`;
    const newTitle = `Lịch hiến máu cuối tuần ${unique()}`;
    const draft = await call(ADMIN_NEWS_API.news, {
      token: staff.accessToken,
      body: { title: oldTitle, content: '<p>Mời bạn đến hiến máu cuối tuần này.</p>' },
    });
    expect(draft.status, draft.body?.message).toBe(200);
    const id = draft.body.data.id as number;

    const { context, page } = await newPage(browser, OFFICE);
    await startSession(page, staff);
    await page.goto('/quan-tri/tin-tuc');
    await page.getByRole('link', { name: oldTitle }).click();
    await page.getByRole('heading', { level: 1, name: 'Sửa tin tức' }).waitFor();

    // The new title and the notification box, not saved yet.
    await page.getByRole('textbox', { name: /^Tiêu đề/ }).fill(newTitle);
    await page.getByLabel(/^Báo cho tất cả người hiến máu/).check();
    await page.locator('[data-publish-note]').getByText(N.publishSavesChanges).waitFor();

    // Leaving now asks, in words that say what is lost; staying keeps the edits.
    await openSection(page, 'Tin tức');
    const leave = leaveDialog(page);
    await leave.getByText(U.description).waitFor();
    await expectNoAxeViolations(page);
    await leave.getByRole('button', { name: U.stay }).click();
    await leave.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/quan-tri/tin-tuc/${id}`);
    expect(await page.getByRole('textbox', { name: /^Tiêu đề/ }).inputValue()).toBe(newTitle);

    // 'Đăng tin' publishes what the screen shows: the new title, and the donors are told.
    await page.getByRole('button', { name: N.publish, exact: true }).click();
    await poll(() => toasts(page)).toContain(NEWS_ADMIN_MESSAGES.newsPublished);
    await page.getByText(`Trạng thái: ${NEWS_STATE_LABELS.PUBLISHED}`).waitFor();
    const published = await call(API.newsById(id));
    expect(published.body.data.title).toBe(newTitle);
    const donor = await apiLogin(DEMO_DONOR.username, DEMO_DONOR.password);
    await poll(async () =>
      JSON.stringify(
        (await call(`${API.notifications}?page=0&size=20`, { token: donor.accessToken })).body.data,
      ),
    ).toContain(newTitle);
    const publishAt = (await call(ADMIN_NEWS_API.newsItem(id), { token: staff.accessToken })).body.data
      .publishAt;

    // 'Gỡ tin' asks first, naming the item; then 'Hoàn tác' puts it back at its own date.
    await page.getByRole('button', { name: N.unpublish, exact: true }).click();
    const confirm = page.getByRole('dialog', { name: N.unpublishTitle(newTitle) });
    await confirm.getByText(N.unpublishBody).waitFor();
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: N.unpublish, exact: true }).click();
    await poll(() => toasts(page)).toContainEqual(
      expect.stringContaining(NEWS_ADMIN_MESSAGES.newsUnpublished),
    );
    expect((await call(API.newsById(id))).status).toBe(404);
    await page.locator('[data-sonner-toast]').getByRole('button', { name: N.undo }).click();
    await poll(() => toasts(page)).toContainEqual(expect.stringContaining(N.republished));
    await poll(async () => (await call(API.newsById(id))).status).toBe(200);
    const back = (await call(ADMIN_NEWS_API.newsItem(id), { token: staff.accessToken })).body.data;
    expect(back).toMatchObject({ state: 'PUBLISHED', publishAt, title: newTitle });
    await context.close();
  });

  it('a campaign at 360 px: its questionnaire shown, its slots previewed, corrected messages gone, "Quay lại" and back ask', async () => {
    const sets = (await call(ADMIN_CAMPAIGN_API.questionSets, { token: staff.accessToken })).body.data as {
      id: number;
      name: string;
    }[];
    const set = sets.at(-1)!;
    const name = `Hiến máu khung giờ ${unique()}`;
    const created = await call(ADMIN_CAMPAIGN_API.campaigns, {
      token: staff.accessToken,
      body: {
        name,
        location: 'Nhà văn hóa phường Hải Châu',
        organizeTime: vnAt(6, '07:00'),
        startReceiveTime: vnAt(6, '07:30'),
        endReceiveTime: vnAt(6, '09:15'),
        description: '',
        targetBloodUnits: 150,
        questionSetId: set.id,
      },
    });
    expect(created.status, created.body?.message).toBe(200);
    const id = created.body.data.id as number;

    const { context, page } = await newPage(browser, PHONE, { reducedMotion: 'reduce' });
    await startSession(page, staff);
    await page.goto('/quan-tri');
    await openSection(page, 'Chiến dịch');
    await page.getByLabel('Tìm chiến dịch').fill(name);
    await page.getByRole('listitem').filter({ hasText: name }).getByRole('link', { name: /^Sửa/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Sửa chiến dịch' }).waitFor();

    // The campaign's questionnaire is chosen, not 'Chọn bộ câu hỏi'.
    const select = page.getByLabel(/^Bộ câu hỏi sức khỏe/);
    await poll(() => select.inputValue()).toBe(String(set.id));
    expect(await select.locator('option:checked').textContent()).toContain(set.name);

    // The slots the hours make, and a warning when the places are fewer than the target.
    const summary = page.locator('[data-slot-summary]');
    await poll(() => summary.textContent()).toBe(S.summary(4, 38, 152));
    await page.getByLabel(/^Số chỗ mỗi khung giờ/).fill('20');
    await poll(() => summary.textContent()).toBe(S.summary(4, 20, 80));
    await page.getByText(S.belowTarget(80, 150)).waitFor();

    // A message about the window goes away as soon as the window is right again.
    await page.getByLabel(/^Kết thúc nhận máu/).fill('07:00');
    await page.getByRole('button', { name: 'Lưu thay đổi' }).click();
    await poll(() => errorUnder(page, /^Kết thúc nhận máu/)).toBe(M.endAfterStart);
    await page.getByLabel(/^Bắt đầu nhận máu/).fill('06:30');
    await poll(() => errorUnder(page, /^Kết thúc nhận máu/)).toBeNull();
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);

    // 'Quay lại' asks before the edits are lost; so does the browser's back button.
    await page.getByRole('button', { name: 'Quay lại' }).click();
    const leave = leaveDialog(page);
    await leave.getByText(U.description).waitFor();
    await leave.getByRole('button', { name: U.stay }).click();
    await leave.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/quan-tri/chien-dich/${id}`);
    expect(await page.getByLabel(/^Số chỗ mỗi khung giờ/).inputValue()).toBe('20');
    await page.goBack();
    await leave.waitFor();
    expect(new URL(page.url()).pathname).toBe(`/quan-tri/chien-dich/${id}`);
    await leave.getByRole('button', { name: U.leave }).click();
    await page.getByRole('heading', { level: 1, name: 'Chiến dịch hiến máu' }).waitFor();
    const stored = (await call(ADMIN_CAMPAIGN_API.campaign(id), { token: staff.accessToken })).body.data;
    expect(stored).toMatchObject({ slotCapacity: 38, endReceiveTime: vnAt(6, '09:15') });
    await context.close();
  });
});
