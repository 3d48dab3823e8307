import { CONSENT_TEXTS, DATA_RIGHTS_MAIL_SUBJECTS, DATA_RIGHTS_MESSAGES } from '@giot-hong/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newVerifiedAccount, apiLogin, openProfile, TEST_PASSWORD } from './support/accounts.ts';
import {
  expectNoAxeViolations,
  expectNoHorizontalOverflow,
  launchBrowser,
  newPage,
  PHONE,
  poll,
  waitForMail,
} from './support/browser.ts';

describe('privacy tab: consents and account deletion', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('at 360 px: switches the optional e-mails on and off, requests deletion through the e-mailed link and cancels it', async () => {
    const user = await newVerifiedAccount('qrt');
    const session = { username: user.username, ...(await apiLogin(user.username, user.password)) };
    const { context, page } = await newPage(browser, PHONE, { reducedMotion: 'reduce' });
    await openProfile(page, session, '#quyen-rieng-tu');
    await page.getByRole('tab', { name: 'Quyền riêng tư', selected: true }).waitFor();
    const consents = page.getByRole('region', { name: 'Các đồng ý của bạn' });
    await consents.getByText('Điều khoản sử dụng', { exact: true }).waitFor();
    expect(await consents.textContent()).toMatch(/Đã đồng ý ngày \d\d\/\d\d\/\d{4} \(phiên bản 2026-11\)/);
    await page.getByText('Chưa có cán bộ nào xem dữ liệu của bạn.').waitFor();
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);

    // Every optional consent has its switch, off by default: the e-mails and the appeals.
    const item = (purpose: 'CAMPAIGN_EMAILS' | 'APPEALS') =>
      consents.getByRole('listitem').filter({ hasText: CONSENT_TEXTS[purpose].title });
    expect(await item('APPEALS').innerText()).toContain(CONSENT_TEXTS.APPEALS.text);
    expect(await item('APPEALS').getByRole('switch', { name: 'Tắt' }).isChecked()).toBe(false);
    // The optional e-mails: off by default, on, then off again (each choice saved on the server).
    const emails = item('CAMPAIGN_EMAILS').getByRole('switch', { name: 'Tắt' });
    expect(await emails.isChecked()).toBe(false);
    // The switch follows the server's answer, so it is clicked rather than checked.
    await emails.click();
    await item('CAMPAIGN_EMAILS').getByRole('switch', { name: 'Bật' }).waitFor();
    await poll(() => consents.textContent()).toMatch(/Email về sự kiện hiến máu và tin tức.*Đã đồng ý ngày/);
    await item('CAMPAIGN_EMAILS').getByRole('switch', { name: 'Bật' }).click();
    await poll(() => consents.textContent()).toMatch(/Email về sự kiện hiến máu và tin tức.*Đã rút lại ngày/);
    // The appeals stayed as they were.
    expect(await item('APPEALS').getByRole('switch').isChecked()).toBe(false);

    // 'Xóa tài khoản': password, then the link of the e-mail, then cancel.
    const since = Date.now();
    await page.getByRole('button', { name: 'Xóa tài khoản' }).click();
    const dialog = page.getByRole('dialog', { name: 'Xóa tài khoản' });
    await dialog.getByRole('button', { name: 'Gửi yêu cầu xóa' }).click();
    await poll(() => dialog.getByRole('alert').textContent()).toBe(DATA_RIGHTS_MESSAGES.passwordRequired);
    await dialog.getByLabel('Mật khẩu').fill(TEST_PASSWORD);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Gửi yêu cầu xóa' }).click();
    await page.getByText('Đang chờ bạn xác nhận qua liên kết trong email.').waitFor();
    const mail = await waitForMail(user.email, DATA_RIGHTS_MAIL_SUBJECTS.deletionConfirm, since);
    const link = /https?:\/\/\S+#[\w-]+/.exec(mail.text)?.[0];
    expect(link).toBeTruthy();
    await page.goto(new URL(link!).pathname + new URL(link!).hash);
    await page.getByRole('heading', { level: 1, name: 'Xác nhận xóa tài khoản' }).waitFor();
    await page.getByRole('button', { name: 'Xác nhận xóa tài khoản' }).click();
    await poll(() => page.getByRole('status').textContent()).toMatch(
      /^Đã xác nhận yêu cầu xóa tài khoản\. Tài khoản và dữ liệu của bạn sẽ bị xóa vào ngày \d\d\/\d\d\/\d{4}\./,
    );
    await page.getByRole('link', { name: 'Về trang Quyền riêng tư' }).click();
    const deletion = page.getByRole('region', { name: 'Xóa tài khoản' });
    await deletion.getByText(/Tài khoản của bạn sẽ bị xóa vào ngày \d\d\/\d\d\/\d{4}\./).waitFor();
    await deletion.getByRole('button', { name: 'Hủy yêu cầu xóa tài khoản' }).click();
    await page.getByText(DATA_RIGHTS_MESSAGES.deletionCancelled).waitFor();
    await deletion.getByRole('button', { name: 'Xóa tài khoản' }).waitFor();
    await context.close();
  });
});
