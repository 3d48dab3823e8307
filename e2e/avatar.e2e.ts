import { API } from '@giot-hong/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateIdentities } from '../apps/server/test/idcard/identities.ts';
import { renderCardPng } from '../apps/server/test/idcard/render-card.ts';
import { newVerifiedDonor, openProfile, startSession, type Session } from './support/accounts.ts';
import { DESKTOP, launchBrowser, newPage, PHONE, poll, toasts } from './support/browser.ts';

/** A person of its own (a seed no other test uses): nobody else has verified this ID number. */
const [PERSON] = generateIdentities(1, 731_313);

/** The first letters of the first two words: what the avatar shows when there is no picture. */
const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => Array.from(w)[0]!.toLocaleUpperCase('vi'))
    .join('');

const fileInput = (page: Page) => page.locator('input[type=file]').first();
const avatarError = (page: Page) => page.locator('#avatar-error');
/**
 * What the desktop header's account button shows: the donor's picture ('picture') or the
 * default, and every request of the page that failed (a donor without a picture is not an error).
 */
async function headerPicture(browser: Browser, session: Session, expected: 'picture' | 'default') {
  const { context, page } = await newPage(browser, DESKTOP);
  const failed: string[] = [];
  page.on('response', (res) => {
    if (res.status() >= 400) failed.push(`${res.status()} ${new URL(res.url()).pathname}`);
  });
  await startSession(page, session);
  await page.goto('/');
  const button = page.getByRole('banner').getByRole('button', { name: 'Tài khoản' });
  await button.waitFor();
  await page.waitForLoadState('networkidle');
  const shownNow = () =>
    button.evaluate((b) => {
      const img = b.querySelector('img');
      return img && img.complete && img.naturalWidth > 0 && img.src.startsWith('blob:')
        ? 'picture'
        : 'default';
    });
  // A picture arrives after the page's own requests: on a busy machine the network can be quiet
  // for half a second before the application asks for it, so it is waited for. Without one,
  // nothing is asked for, and the page is read once it is quiet.
  if (expected === 'picture') await poll(shownNow).toBe('picture');
  const shown = await shownNow();
  await context.close();
  return { shown, failed };
}

describe('avatar on the profile page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('shows initials, refuses what is not an image or too large, uploads with progress and keeps the picture', async () => {
    const donor = await newVerifiedDonor('av', PERSON!);
    const { context, page } = await newPage(browser, PHONE);
    await openProfile(page, donor, '#thong-tin-ca-nhan');
    const avatar = page.getByRole('img', { name: `Ảnh đại diện của ${PERSON!.fullName}` });

    // No picture yet: the default one in the header, the initials of the name on the profile.
    expect(await headerPicture(browser, donor, 'default')).toEqual({ shown: 'default', failed: [] });
    await poll(() => avatar.textContent()).toBe(initialsOf(PERSON!.fullName));
    // A verified donor's profile at 360 px passes axe in donor-profile (support/axe-states.md).

    // Checked in the browser before anything is sent.
    await fileInput(page).setInputFiles({
      name: 'ghi-chu.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('không phải ảnh'),
    });
    await poll(() => avatarError(page).textContent()).toBe('Vui lòng chọn file ảnh');
    await fileInput(page).setInputFiles({
      name: 'anh-lon.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 7),
    });
    await poll(() => avatarError(page).textContent()).toBe('Kích thước file không được vượt quá 5MB');

    // Named and typed as a picture but not one by content: the server refuses it.
    await fileInput(page).setInputFiles({
      name: 'anh.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<?php echo 1; ?>'),
    });
    await poll(() => avatarError(page).textContent()).toBe('Vui lòng chọn file ảnh');
    await poll(async () => (await toasts(page)).join('\n')).toContain('Có lỗi xảy ra khi tải ảnh lên');
    await poll(() => avatar.textContent()).toBe(initialsOf(PERSON!.fullName));

    // A real picture: the upload is held back a moment so its progress and preview can be seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${API.userAvatar}`, async (route) => {
      if (route.request().method() === 'POST') await held;
      await route.continue();
    });
    const { front } = await renderCardPng(PERSON!);
    await fileInput(page).setInputFiles({ name: 'chan-dung.png', mimeType: 'image/png', buffer: front });
    await poll(() => page.getByRole('progressbar', { name: 'Tiến độ tải ảnh lên' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Đang tải ảnh lên...' }).isDisabled()).toBe(true);
    expect(await avatarError(page).count()).toBe(0);
    // The chosen file is previewed while it uploads.
    expect(await avatar.evaluate((img) => img.tagName)).toBe('IMG');
    release();
    await poll(() => page.getByRole('progressbar', { name: 'Tiến độ tải ảnh lên' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Đổi ảnh đại diện' }).waitFor();
    await page.unroute(`**${API.userAvatar}`);

    // After a reload the stored (re-encoded) picture is shown, fetched with the donor's token.
    await page.reload();
    await poll(() =>
      avatar.evaluate((img) =>
        img instanceof HTMLImageElement && img.complete
          ? `${img.src.slice(0, 5)}:${img.naturalWidth > 0}`
          : '',
      ),
    ).toBe('blob::true');
    await context.close();
    // The header's account button shows it too.
    expect(await headerPicture(browser, donor, 'picture')).toEqual({ shown: 'picture', failed: [] });
  });
});
