import { AUTH_SERVER_MESSAGES as M } from '@giot-hong/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/auth.ts';
import { createTestContext, EMBEDDED_ONLY, type TestContext } from '../../../test/helper.ts';
import { createAccessTokens } from './access-token.ts';
import { createAuthRepository, type AuthRepository } from './auth.repository.ts';
import { createSecondFactorRepository } from '../second-factor/second-factor.repository.ts';
import { createSecondFactorService } from '../second-factor/second-factor.service.ts';
import { createAuthService } from './auth.service.ts';

/**
 * Whether an account exists must not show in how forgot-password and verify-otp answer. Timing is
 * what leaked, and timing tests flake; so this compares the work itself: the database calls made
 * before each answer are the same, in the same order, for a known and an unknown e-mail.
 */
// On the embedded database only (test/helper.ts, EMBEDDED_ONLY): nothing here depends on
// PostgreSQL itself (no concurrent requests, locks or job claims).
describe.each(EMBEDDED_ONLY)(
  'forgot-password and verify-otp do the same work for every e-mail, on %s',
  (kind) => {
    let t: TestContext;
    let calls: string[];
    let service: ReturnType<typeof createAuthService>;
    let repo: AuthRepository;
    beforeAll(async () => {
      t = await createTestContext(kind, { seed: false });
      repo = createAuthRepository(t.database.db);
      // Records every repository call as it starts.
      const recording = new Proxy(repo, {
        get(target, name, receiver) {
          const value = Reflect.get(target, name, receiver);
          if (typeof value !== 'function') return value;
          return (...args: unknown[]) => {
            calls.push(String(name));
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        },
      });
      service = createAuthService({
        repo: recording,
        throttle: t.app.throttle,
        clock: t.clock,
        config: t.config,
        mailer: t.app.mailer,
        accessTokens: createAccessTokens(t.config.secrets.accessToken, () => t.clock.now()),
        log: t.app.log,
        secondFactor: createSecondFactorService({
          repo: createSecondFactorRepository(t.database.db),
          clock: t.clock,
          dataEncryptionKey: t.config.secrets.dataEncryption,
        }),
      });
    });
    afterAll(() => t.close());

    /** The repository calls made before `run` answers (work left for later is not counted). */
    async function workBeforeAnswer(run: () => Promise<unknown>): Promise<string[]> {
      calls = [];
      await run().catch(() => undefined);
      const before = calls;
      calls = [];
      await service.drain();
      return before;
    }

    it('forgot-password answers before any look-up or write, for a known and an unknown e-mail', async () => {
      const user = await createUser(t);
      let ip = 0;
      const known = await workBeforeAnswer(() => service.forgotPassword(user.email, `10.9.0.${++ip}`));
      const unknown = await workBeforeAnswer(() =>
        service.forgotPassword('khong-ai-ca@example.vn', `10.9.0.${++ip}`),
      );
      expect(known).toEqual(unknown);
      expect(known).not.toContain('findUserByEmail');
      expect(known).not.toContain('replaceResetCode');
      // The code was still written, after the answer.
      expect(await repo.findOpenResetCode(user.id, t.clock.now())).toBeDefined();
      expect(await service.forgotPassword('khong-ai-ca-2@example.vn', '10.9.0.99')).toBe(M.forgotSent);
    });

    it('verify-otp makes the same calls for a known e-mail with a wrong code and an unknown e-mail', async () => {
      const user = await createUser(t);
      await service.forgotPassword(user.email, '10.9.1.1');
      await service.drain();
      const known = await workBeforeAnswer(() => service.verifyOtp(user.email, '000000', '10.9.1.2'));
      const unknown = await workBeforeAnswer(() =>
        service.verifyOtp('khong-ai-ca@example.vn', '000000', '10.9.1.3'),
      );
      expect(known).toEqual(unknown);
      expect(known).toContain('findOpenResetCode');
      await expect(service.verifyOtp('khong-ai-ca@example.vn', '000000', '10.9.1.4')).rejects.toThrow(
        M.otpInvalid,
      );
    });
  },
);
