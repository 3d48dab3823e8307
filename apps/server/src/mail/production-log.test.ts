import { ADMIN_STAFF_API, API, DATA_RIGHTS_API } from '@giot-hong/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vapidSecrets } from '../../test/server-process.ts';
import { createLoggedInUser } from '../../test/auth.ts';
import { createTestContext, EMBEDDED_ONLY, type TestContext } from '../../test/helper.ts';
import { listOutbox, type StoredOutboxMail } from './mailer.ts';

const SECRETS = {
  ACCESS_TOKEN_SECRET: 'a'.repeat(40),
  REFRESH_TOKEN_SECRET: 'b'.repeat(40),
  DATA_ENCRYPTION_KEY: 'c'.repeat(40),
  CERTIFICATE_SIGNING_KEY: 'd'.repeat(40),
  ...vapidSecrets(),
};

/**
 * A production server keeping its mails in the outbox (MAIL_MODE=outbox) writes no link and no
 * code that opens an account to its log: sign-up links, set-password links of invitations,
 * recovery codes, account-deletion links.
 */
// On the embedded database only (test/helper.ts, EMBEDDED_ONLY): nothing here depends on
// PostgreSQL itself (no concurrent requests, locks or job claims).
describe.each(EMBEDDED_ONLY)(
  'a production server with MAIL_MODE=outbox logs no link or code, on %s',
  (kind) => {
    let t: TestContext;
    const lines: string[] = [];

    beforeAll(async () => {
      t = await createTestContext(kind, {
        seed: false,
        env: { ...SECRETS, NODE_ENV: 'production', MAIL_MODE: 'outbox', LOG_LEVEL: 'info' },
        logStream: { write: (line) => void lines.push(line) },
      });
    });
    afterAll(() => t?.close());

    /** Waits until the outbox holds `n` mails (some leave in the background). */
    async function outboxOf(n: number): Promise<StoredOutboxMail[]> {
      await t.app.authService.drain();
      for (let i = 0; i < 100; i++) {
        const mails = listOutbox(t.config.dataDir);
        if (mails.length >= n) return mails;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`the outbox holds ${listOutbox(t.config.dataDir).length} mails, not ${n}`);
    }

    it('sign-up, recovery code, invitation and account deletion: the mails carry them, the log does not', async () => {
      // A sign-up link.
      const email = 'nhat.ky@example.vn';
      const reg = await t.request({
        method: 'POST',
        url: API.authRegister,
        payload: { username: 'nhatky', email, password: 'Suong-Mai@Tren-Doi42' },
      });
      expect(reg.status).toBe(200);
      // A recovery code.
      expect(
        (await t.request({ method: 'POST', url: API.authForgotPassword, payload: { email } })).status,
      ).toBe(200);
      // A set-password link of an invitation.
      const admin = await createLoggedInUser(t, { role: 'ADMIN' });
      const invited = await t.request({
        method: 'POST',
        url: ADMIN_STAFF_API.invite,
        headers: admin.auth,
        payload: { email: 'moi.vao@hoichuthapdo.vn', username: 'moivao', role: 'STAFF' },
      });
      expect(invited.status).toBe(200);
      // Its new link, sent again.
      const resent = await t.request({
        method: 'POST',
        url: ADMIN_STAFF_API.invitation(invited.body.data.id),
        headers: admin.auth,
      });
      expect(resent.status).toBe(200);
      // An account-deletion link.
      const donor = await createLoggedInUser(t);
      const deletion = await t.request({
        method: 'POST',
        url: DATA_RIGHTS_API.deletion,
        headers: donor.auth,
        payload: { password: donor.user.password },
      });
      expect(deletion.status).toBe(200);

      const mails = await outboxOf(5);
      const secrets = mails.flatMap((m) => [
        ...(m.text.match(/https?:\/\/\S+/g) ?? []),
        // Tokens, whether after `token=`, in a fragment, or a six-digit code.
        ...(m.text.match(/[\w-]{32,}/g) ?? []),
        ...(m.text.match(/\b\d{6}\b/g) ?? []),
      ]);
      expect(mails.map((m) => m.subject)).toHaveLength(5);
      expect(secrets.length).toBeGreaterThanOrEqual(8);
      const log = lines.join('');
      // The log was captured: each mail left a line naming its subject.
      expect(log.match(/mail saved to the (development )?outbox/g)).toHaveLength(5);
      for (const secret of secrets) expect(log).not.toContain(secret);
      expect(log).not.toMatch(/token=|thay-doi-mat-khau#|"links"/);
    });
  },
);
