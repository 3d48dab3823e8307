import {
  isFixedChannel,
  MESSAGE_CHANNEL_LABELS,
  MESSAGE_KIND_LABELS,
  NOTIFICATION_PREFERENCE_TEXTS as PREFS,
  NOTIFICATION_PREFERENCES_API,
  PUSH_API,
  PUSH_TEXTS,
} from '@giot-hong/contract';
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newDonor, startSession } from './support/accounts.ts';
import {
  expectNoAxeViolations,
  expectNoHorizontalOverflow,
  launchBrowser,
  newPage,
  PHONE,
  poll,
  toasts,
} from './support/browser.ts';

/** A device as a browser would hand it over (Chromium here reaches no push service: made through the API). */
const device = () => ({
  endpoint: `http://127.0.0.1:9/push/${randomBytes(8).toString('hex')}`,
  keys: {
    p256dh: Buffer.concat([Buffer.from([4]), randomBytes(64)]).toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  },
});

const box = (
  page: Page,
  kind: keyof typeof MESSAGE_KIND_LABELS,
  channel: keyof typeof MESSAGE_CHANNEL_LABELS,
) =>
  page.getByRole('region', { name: PREFS.title }).getByRole('checkbox', {
    name: `${MESSAGE_KIND_LABELS[kind]}: ${MESSAGE_CHANNEL_LABELS[channel]}${isFixedChannel(kind, channel) ? ` (${PREFS.alwaysOn})` : ''}`,
    exact: true,
  });

describe('notification settings on the notifications page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('at 360 px: choices and quiet hours saved and shown again after a reload; devices listed and removed', async () => {
    const donor = await newDonor('caidat');
    const phone = await call(PUSH_API.subscriptions, {
      token: donor.accessToken,
      body: { ...device(), label: 'Chrome trên Android' },
    });
    expect(phone.status, phone.body?.message).toBe(201);
    const { context, page } = await newPage(browser, PHONE);
    // Counts the page's asks for the browser's permission to notify (the headless browser answers
    // 'denied' before anything asks, so the permission itself cannot tell).
    await page.addInitScript(() => {
      const w = window as unknown as { permissionAsks: number };
      w.permissionAsks = 0;
      const ask = Notification.requestPermission.bind(Notification);
      Notification.requestPermission = (...args) => {
        w.permissionAsks++;
        return ask(...args);
      };
    });
    await startSession(page, donor);
    await page.goto('/thong-bao');

    // The portal's list is always on; nothing asks for the browser's permission on load.
    const newsMail = box(page, 'NEWS', 'EMAIL');
    await newsMail.waitFor();
    expect([
      await box(page, 'NEWS', 'PORTAL').isChecked(),
      await box(page, 'NEWS', 'PORTAL').isDisabled(),
    ]).toEqual([true, true]);
    expect(await box(page, 'ACCOUNT', 'EMAIL').isDisabled()).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { permissionAsks: number }).permissionAsks)).toBe(
      0,
    );
    await newsMail.click();
    await box(page, 'APPEAL', 'PUSH').click();
    await page.getByLabel(PREFS.quietStart, { exact: true }).fill('22:30');
    await page.getByRole('button', { name: PREFS.save }).click();
    await poll(() => toasts(page)).toContainEqual(expect.stringContaining(PREFS.saved));
    const kept = await call(NOTIFICATION_PREFERENCES_API.mine, { token: donor.accessToken });
    expect(kept.body.data.channels.NEWS).toEqual({ PORTAL: true, EMAIL: false, PUSH: true });
    expect(kept.body.data.channels.APPEAL).toEqual({ PORTAL: true, EMAIL: true, PUSH: false });
    expect(kept.body.data.quietHours).toEqual({ start: '22:30', end: '07:00' });

    // The device added through the API is listed, with the button that turns push on here.
    const devices = page.getByRole('list', { name: PUSH_TEXTS.devices });
    await devices.waitFor();
    expect(await devices.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringContaining('Chrome trên Android'),
    ]);
    expect(await page.getByRole('button', { name: PUSH_TEXTS.enable }).isVisible()).toBe(true);
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);

    await page.reload();
    await newsMail.waitFor();
    expect(await newsMail.isChecked()).toBe(false);
    expect(await box(page, 'APPEAL', 'PUSH').isChecked()).toBe(false);
    expect(await page.getByLabel(PREFS.quietStart, { exact: true }).inputValue()).toBe('22:30');

    await page.getByRole('button', { name: `${PUSH_TEXTS.remove} Chrome trên Android` }).click();
    await poll(() => toasts(page)).toContainEqual(expect.stringContaining(PUSH_TEXTS.removed));
    await page.getByText(PUSH_TEXTS.noDevices).waitFor();
    expect((await call(PUSH_API.subscriptions, { token: donor.accessToken })).body.data).toEqual([]);
    await context.close();
  });
});
