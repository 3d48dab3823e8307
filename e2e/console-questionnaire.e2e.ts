import {
  ADMIN_CAMPAIGN_API,
  API,
  QUESTION_SET_API,
  QUESTION_SET_MESSAGES as M,
  CONSENT_VERSIONS,
  UNSAVED_CHANGES_TEXTS,
} from '@giot-hong/contract';
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateIdentities } from '../apps/server/test/idcard/identities.ts';
import {
  apiLogin,
  call,
  DEMO_STAFF,
  newVerifiedDonor,
  startSession,
  type Session,
} from './support/accounts.ts';
import {
  downloadedFile,
  expectNoAxeViolations,
  expectNoHorizontalOverflow,
  launchBrowser,
  newPage,
  PHONE,
  poll,
  toasts,
  unique,
} from './support/browser.ts';
import { openSection } from './support/console.ts';
import { vnAt } from './support/vn-time.ts';

/** A person of its own (a seed no other test uses), 18–60 years old on the campaign's day. */
const [PERSON] = generateIdentities(12, 733_919).filter((p) => Number(p.birthDate.slice(-4)) >= 1970);

const FIRST = 'Anh/chị từng hiến máu chưa?';
const SECOND = 'Hiện tại, anh/chị có mắc bệnh lý nào không?';

describe('staff console: questionnaires and the dashboard', () => {
  let browser: Browser;
  let staff: Session;
  beforeAll(async () => {
    browser = await launchBrowser();
    staff = await apiLogin(DEMO_STAFF.username, DEMO_STAFF.password);
  });
  afterAll(() => browser?.close());

  it('reorders an answered questionnaire by keyboard and saves version 2; the old answers keep version 1; the dashboard shows its tables', async () => {
    // A questionnaire of its own, named by a campaign, answered by a donor.
    const name = `Phiếu thử ${unique()}`;
    const created = await call(QUESTION_SET_API.list, {
      token: staff.accessToken,
      body: {
        name,
        sections: [
          {
            name: 'Sức khỏe',
            questions: [
              { content: FIRST, hasDetail: false },
              { content: SECOND, hasDetail: false },
            ],
          },
        ],
      },
    });
    expect(created.status, created.body?.message).toBe(200);
    const v1 = created.body.data.id as number;
    const campaign = await call(ADMIN_CAMPAIGN_API.campaigns, {
      token: staff.accessToken,
      body: {
        name: `Hiến máu phiếu mới ${unique()}`,
        location: 'Nhà văn hóa Thanh niên',
        organizeTime: vnAt(3, '07:00'),
        startReceiveTime: vnAt(3, '07:30'),
        endReceiveTime: vnAt(3, '11:00'),
        description: '',
        targetBloodUnits: 50,
        questionSetId: v1,
      },
    });
    expect(campaign.status, campaign.body?.message).toBe(200);
    // A second open campaign on version 1 that nobody has registered for yet.
    const quietName = `Hiến máu chưa ai đăng ký ${unique()}`;
    const quiet = await call(ADMIN_CAMPAIGN_API.campaigns, {
      token: staff.accessToken,
      body: {
        name: quietName,
        location: 'Nhà văn hóa Thanh niên',
        organizeTime: vnAt(4, '07:00'),
        startReceiveTime: vnAt(4, '07:30'),
        endReceiveTime: vnAt(4, '11:00'),
        description: '',
        targetBloodUnits: 50,
        questionSetId: v1,
      },
    });
    expect(quiet.status, quiet.body?.message).toBe(200);
    const donor = await newVerifiedDonor('qtphieu', PERSON!);
    const set = (await call(`${API.questionSet}?id=${v1}`, { token: donor.accessToken })).body.data;
    const answers = set.sections.flatMap((s: { questions: { id: number }[] }) =>
      s.questions.map((q) => ({ questionId: q.id, answer: 'false' })),
    );
    const booked = await call(API.answer, {
      token: donor.accessToken,
      body: {
        campaignId: campaign.body.data.id,
        answers,
        healthConsentVersion: CONSENT_VERSIONS.HEALTH_DATA,
      },
    });
    expect(booked.status, booked.body?.message).toBe(200);

    const { context, page } = await newPage(browser, PHONE);
    await startSession(page, staff);
    await page.goto('/quan-tri/bo-cau-hoi');
    await page.getByRole('heading', { level: 1, name: 'Bộ câu hỏi' }).waitFor();
    await page.getByRole('link', { name }).click();
    await page.getByRole('heading', { level: 1, name: 'Sửa bộ câu hỏi' }).waitFor();
    await page.getByText(/^Đã có người trả lời phiên bản 1/).waitFor();

    // Keyboard only: the second question goes up; the focus stays on the moved question's button.
    await page.getByRole('button', { name: 'Chuyển câu hỏi 2 của phần 1 lên' }).focus();
    await page.keyboard.press('Enter');
    await poll(() => page.getByLabel('Câu hỏi 1 của phần 1', { exact: true }).inputValue()).toBe(SECOND);
    expect(await page.getByLabel('Câu hỏi 2 của phần 1', { exact: true }).inputValue()).toBe(FIRST);
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Chuyển câu hỏi 1 của phần 1 xuống',
    );
    // The (now first) question asks for a detail when answered 'Có': Tab to its box, Space.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    expect(await page.getByRole('checkbox').first().isChecked()).toBe(true);
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);

    // Leaving the editor with the reordering unsaved asks first.
    await openSection(page, 'Bộ câu hỏi');
    const leave = page.getByRole('dialog', { name: UNSAVED_CHANGES_TEXTS.title });
    await leave.getByRole('button', { name: UNSAVED_CHANGES_TEXTS.stay }).click();
    await leave.waitFor({ state: 'detached' });
    expect(await page.getByLabel('Câu hỏi 1 của phần 1', { exact: true }).inputValue()).toBe(SECOND);

    await page.getByRole('button', { name: 'Lưu bộ câu hỏi' }).focus();
    await page.keyboard.press('Enter');
    await poll(() => toasts(page)).toContainEqual(expect.stringContaining(M.newVersion(2)));
    await page.waitForURL(
      (u) => /^\/quan-tri\/bo-cau-hoi\/\d+$/.test(u.pathname) && !u.pathname.endsWith(`/${v1}`),
    );
    await page.getByText('Phiên bản 2 (đang xem)').waitFor();
    const v2 = Number(new URL(page.url()).pathname.split('/').pop());

    // The open campaigns still on version 1 are offered at once: the one nobody answered can move.
    const offer = page.getByRole('dialog', { name: M.olderCampaignsTitle(2) });
    await offer.getByText(M.olderCampaignsIntro(2)).waitFor();
    const answeredBox = offer.getByRole('checkbox', { name: new RegExp(campaign.body.data.name) });
    const quietBox = offer.getByRole('checkbox', { name: new RegExp(quietName) });
    expect(await answeredBox.isDisabled()).toBe(true);
    expect(await offer.getByText(M.campaignAnswered, { exact: false }).count()).toBe(1);
    expect(await quietBox.isChecked()).toBe(true);
    await expectNoAxeViolations(page);
    await offer.getByRole('button', { name: M.moveCampaigns(2) }).click();
    await poll(() => toasts(page)).toContainEqual(expect.stringContaining(M.campaignsMoved(1, 2)));
    const setOf = async (id: number) =>
      (await call(ADMIN_CAMPAIGN_API.campaign(id), { token: staff.accessToken })).body.data.questionSetId;
    expect(await setOf(quiet.body.data.id)).toBe(v2);
    expect(await setOf(campaign.body.data.id)).toBe(v1);

    const saved = (await call(QUESTION_SET_API.one(v2), { token: staff.accessToken })).body.data;
    expect(
      saved.sections[0].questions.map((q: { content: string; hasDetail: boolean }) => [
        q.content,
        q.hasDetail,
      ]),
    ).toEqual([
      [SECOND, true],
      [FIRST, false],
    ]);
    // Version 1 is read-only and keeps the order the donor answered.
    await page.getByRole('link', { name: 'Phiên bản 1' }).click();
    await page.getByRole('heading', { level: 1, name: 'Xem bộ câu hỏi' }).waitFor();
    expect(await page.getByLabel('Câu hỏi 1 của phần 1', { exact: true }).inputValue()).toBe(FIRST);
    expect(await page.getByLabel('Câu hỏi 1 của phần 1', { exact: true }).isDisabled()).toBe(true);
    const view = await call(API.appointmentById(booked.body.data.appointmentId), {
      token: donor.accessToken,
    });
    expect(
      view.body.data.answer.sections.flatMap((s: { answers: { content: string }[] }) =>
        s.answers.map((a) => a.content),
      ),
    ).toEqual([FIRST, SECOND]);

    // The dashboard: today's registration is counted; each chart's numbers as a table and as CSV.
    await page.goto('/quan-tri');
    await page.getByRole('heading', { level: 1, name: 'Tổng quan' }).waitFor();
    // The charts are drawn as the person scrolls to them.
    await page.getByRole('heading', { level: 2, name: 'Biểu đồ' }).scrollIntoViewIfNeeded();
    const card = page.getByRole('region', { name: 'Lượt đăng ký theo ngày' });
    await card.getByText('Xem bảng số liệu').click();
    const table = card.getByRole('table', { name: 'Lượt đăng ký theo ngày' });
    await table.waitFor();
    const today = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);
    const todayLabel = `${today.slice(8, 10)}/${today.slice(5, 7)}/${today.slice(0, 4)}`;
    const todayRow = table.getByRole('row', { name: new RegExp(`^${todayLabel}`) });
    expect(Number(await todayRow.getByRole('cell').textContent())).toBeGreaterThanOrEqual(1);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: /^Tải CSV/ }).click(),
    ]);
    const csv = readFileSync(await downloadedFile(download), 'utf8');
    // The one CSV writer (contract) quotes every cell.
    expect(csv.startsWith('\uFEFF"Ngày","Lượt đăng ký"\r\n')).toBe(true);
    expect(csv).toContain(`"${todayLabel}",`);
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);
    await context.close();
  });
});
