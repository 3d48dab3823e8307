import { PAGES, PROFILE_TABS } from '@giot-hong/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF, loginThroughForm, newDonor, newInvitedStaff, openProfile } from './support/accounts.ts';
import { enrolThroughPage } from './support/second-factor.ts';
import { afterFrames, launchBrowser, newPage } from './support/browser.ts';

/**
 * The CSP forbids eval: no code of the bundle may even try it (a caught attempt is still reported
 * as a violation, and it means a part that would break under the policy).
 */
async function watchCsp(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|unsafe-eval/i.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  await page.exposeFunction('reportCspViolation', (text: string) => problems.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { reportCspViolation(t: string): void }).reportCspViolation(
        `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  return problems;
}

describe('strict CSP on the logged-in pages', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('the profile pages and their forms run without any CSP violation', async () => {
    const donor = await newDonor('csp');
    const { context, page } = await newPage(browser);
    const problems = await watchCsp(page);
    await openProfile(page, donor, `#${PROFILE_TABS.personalInfo}`);
    await page.getByText('Bạn chưa có hồ sơ hiến máu.').waitFor();
    await page.goto(`${PAGES.profile}#${PROFILE_TABS.history}`);
    await page.getByRole('heading', { level: 1, name: 'Trang cá nhân' }).waitFor();
    await page.goto(`${PAGES.profile}#${PROFILE_TABS.createDonorProfile}`);
    await page.getByRole('heading', { level: 1, name: 'Trang cá nhân' }).waitFor();
    // A form validated by the contract's schemas in the browser.
    await page.goto(PAGES.changePassword);
    await page.getByRole('button', { name: 'Đổi mật khẩu' }).click();
    await page.getByText('Vui lòng nhập mật khẩu cũ').waitFor();
    await afterFrames(page);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the staff login steps (enrolment with its QR code, recovery codes, the code step) run without any CSP violation', async () => {
    const staff = await newInvitedStaff('cspstaff');
    const { context, page } = await newPage(browser);
    const problems = await watchCsp(page);
    await page.goto(PAGES.login);
    await loginThroughForm(page, staff);
    await enrolThroughPage(page, staff.username);
    await page.waitForURL((u) => u.pathname === '/quan-tri');
    await page.getByRole('button', { name: 'Đăng xuất' }).click();
    await page.waitForURL((u) => u.pathname === PAGES.login);
    await loginThroughForm(page, DEMO_STAFF);
    await page.waitForURL((u) => u.pathname === '/quan-tri');
    await afterFrames(page);
    expect(problems).toEqual([]);
    await context.close();
  });
});
