import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { server } from './server.ts';
import { SECOND_FACTOR } from '@giot-hong/contract';
import { codeOfStep, fromBase32, timeStep } from '../../apps/server/src/modules/second-factor/totp.ts';

/*
 * The authenticator app of the browser tests: codes computed here from the account's secret, as a
 * phone would. The server never accepts a 30-second step twice per account, and the demo staff
 * log in many times across the test files (one file at a time on each of the run's servers): the
 * steps already used are kept in a file of the run, and a code is always of a step not used yet —
 * this step or the next (the server accepts ±1) — waiting for the clock when both are spent.
 */

const stepsFile = () => path.join(server().dataDir, 'e2e-totp-steps.json');

function usedSteps(): Record<string, number> {
  const file = stepsFile();
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>) : {};
}

/** The code to type now for `username`, whose authenticator holds `secret` (base32). */
export async function nextTotpCode(username: string, secret: string): Promise<string> {
  const key = username.toLowerCase();
  const last = usedSteps()[key] ?? -Infinity;
  let now = timeStep(Date.now());
  // A code of a later step than now + 1 is refused: wait until its step is at most one ahead.
  while (last + 1 > now + SECOND_FACTOR.window) {
    const nextStepAt = (now + 1) * SECOND_FACTOR.periodSeconds * 1000;
    await new Promise((r) => setTimeout(r, Math.max(50, nextStepAt - Date.now() + 50)));
    now = timeStep(Date.now());
  }
  // Never the step before now: the request could reach the server after the next boundary.
  const step = Math.max(now, last + 1);
  writeFileSync(stepsFile(), JSON.stringify({ ...usedSteps(), [key]: step }));
  return codeOfStep(fromBase32(secret), step);
}

/**
 * The code step of the login page, like a person: waits for it, types the code digit by digit and
 * confirms. The page then stores the tokens and moves on.
 */
export async function typeSecondFactorCode(page: Page, username: string, secret: string) {
  const input = page.getByLabel('Mã xác thực', { exact: true });
  await input.waitFor();
  await input.pressSequentially(await nextTotpCode(username, secret));
  await page.locator('main').getByRole('button', { name: 'Xác nhận', exact: true }).click();
}

/**
 * The enrolment of a staff account's first login, like a person: reads the secret the page shows
 * for typing by hand, types the app's first code, keeps the ten recovery codes and goes on.
 * Returns the secret (base32) and the recovery codes.
 */
export async function enrolThroughPage(
  page: Page,
  username: string,
  check?: { beforeCode?: () => Promise<void>; onRecoveryCodes?: () => Promise<void> },
): Promise<{ secret: string; recoveryCodes: string[] }> {
  await page.getByRole('heading', { level: 1, name: 'Thiết lập xác thực hai lớp' }).waitFor();
  const shown = page.locator('[data-enrolment-secret]');
  await shown.waitFor();
  const secret = (await shown.textContent())!.replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page
    .getByRole('img', { name: `Mã QR để thêm tài khoản ${username} vào ứng dụng xác thực` })
    .waitFor();
  await check?.beforeCode?.();
  const input = page.getByLabel('Mã xác thực', { exact: true });
  await input.pressSequentially(await nextTotpCode(username, secret));
  await page.getByRole('button', { name: 'Xác nhận và tiếp tục' }).click();
  await page.getByRole('heading', { level: 1, name: 'Mã khôi phục' }).waitFor();
  const recoveryCodes = (await page.locator('[data-recovery-code]').allTextContents()).map((c) => c.trim());
  await check?.onRecoveryCodes?.();
  await page.getByLabel('Tôi đã cất giữ các mã khôi phục ở nơi an toàn').check();
  await page.getByRole('button', { name: 'Tiếp tục' }).click();
  return { secret, recoveryCodes };
}
