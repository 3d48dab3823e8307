import { API, AUTH_SERVER_MESSAGES as M, ErrorCode } from '@giot-hong/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createUser } from '../../../test/auth.ts';
import { createTestContext, DB_KINDS, type TestContext } from '../../../test/helper.ts';
import { createThrottleRepository } from '../throttle/throttle.repository.ts';
import { createThrottleService } from '../throttle/throttle.service.ts';
import { createAuthRepository, userByUsername } from './auth.repository.ts';
import { vapidSecrets } from '../../../test/server-process.ts';

const WRONG = 'Sai@Mat-Khau1';

// On both databases (test/helper.ts, DB_KINDS): attempts counted atomically while they arrive in parallel.
describe.each(DB_KINDS)('rate limits and login throttling on %s', (kind) => {
  let t: TestContext;
  const loginAs = (username: string, password: string, remoteAddress = '10.9.0.1') =>
    t.request({ method: 'POST', url: API.authLogin, payload: { username, password }, remoteAddress });

  beforeAll(async () => {
    t = await createTestContext(kind);
  });
  afterAll(() => t.close());

  it('login failures of an account: five free, then growing waits (429, Retry-After, Vietnamese); the right password resets it', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 5; i++) expect((await loginAs(user.username, WRONG)).status).toBe(401);

    const waits: string[] = [];
    for (let i = 0; i < 4; i++) {
      // Even the right password is not checked while the account must wait.
      const blocked = await loginAs(user.username, user.password);
      expect(blocked.status).toBe(429);
      expect(blocked.body).toMatchObject({ success: false, code: ErrorCode.RATE_LIMITED });
      const seconds = Number(blocked.headers['retry-after']);
      expect(blocked.body.message).toBe(M.tooManyLogins(`${seconds} giây`));
      waits.push(String(seconds));
      t.clock.advance(seconds * 1000);
      expect((await loginAs(user.username, WRONG)).status).toBe(401);
    }
    expect(waits).toEqual(['1', '2', '4', '8']);

    // Another address does not help: the wait belongs to the account.
    expect((await loginAs(user.username, user.password, '10.9.0.99')).status).toBe(429);
    t.clock.advance(16_000);
    expect((await loginAs(user.username, user.password)).status).toBe(200);
    // Forgotten after a success: five free failures again.
    for (let i = 0; i < 5; i++) expect((await loginAs(user.username, WRONG)).status).toBe(401);
  });

  it('never more than 100 failures per account in an hour, and never a permanent lockout', async () => {
    const user = await createUser(t);
    const start = t.clock.now().getTime();
    let failures = 0;
    let longest = 0;
    // A patient attacker who always waits exactly as long as told.
    while (t.clock.now().getTime() - start < 3_600_000) {
      const res = await loginAs(user.username, WRONG, `10.8.${failures % 250}.1`);
      if (res.status === 401) failures += 1;
      else {
        expect(res.status).toBe(429);
        const wait = Number(res.headers['retry-after']);
        longest = Math.max(longest, wait);
        t.clock.advance(wait * 1000);
      }
    }
    expect(failures).toBeGreaterThan(20);
    expect(failures).toBeLessThanOrEqual(100);
    expect(longest).toBeLessThanOrEqual(60);
    t.clock.advance(60_000);
    expect((await loginAs(user.username, user.password, '10.8.255.2')).status).toBe(200);
  }, 120_000);

  it('the hard cap waits for the end of the hour, then lets attempts through again', async () => {
    const throttle = createThrottleService({
      repo: createThrottleRepository(t.database.db),
      clock: t.clock,
      scale: 1,
    });
    const policy = {
      bucket: 'cap-test',
      freeFailures: 1000,
      maxDelaySeconds: 60,
      maxPerHour: 3,
      message: M.tooManyLogins,
    };
    for (let i = 0; i < 3; i++) await throttle.attempt(policy, 'k');
    t.clock.advance(600_000);
    await expect(throttle.attempt(policy, 'k')).rejects.toMatchObject({
      statusCode: 429,
      extra: { retryAfterSeconds: 3000 },
    });
    t.clock.advance(3_000_000);
    await expect(throttle.attempt(policy, 'k')).resolves.toBeUndefined();
  });

  it('a burst of parallel guesses is counted one by one', async () => {
    const user = await createUser(t);
    const results = await Promise.all(
      Array.from({ length: 12 }, () => loginAs(user.username, WRONG, '10.7.0.1')),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });

  it('login failures per IP: many accounts guessed from one address are slowed down; other addresses are not', async () => {
    const users = await Promise.all(Array.from({ length: 5 }, () => createUser(t)));
    for (let i = 0; i < 20; i++)
      expect((await loginAs(users[i % 5]!.username, WRONG, '10.6.0.1')).status).toBe(401);
    const blocked = await loginAs(users[0]!.username, users[0]!.password, '10.6.0.1');
    expect(blocked.status).toBe(429);
    expect(blocked.headers['retry-after']).toBe('1');
    expect((await loginAs(users[1]!.username, users[1]!.password, '10.6.0.2')).status).toBe(200);
  });

  it("an address that must wait is refused before the account's attempt is counted; a first attempt and a repeated one both count", async () => {
    const repo = createThrottleRepository(t.database.db);
    const throttle = createThrottleService({ repo, clock: t.clock, scale: 1 });
    const policy = {
      bucket: 'pair-test',
      freeFailures: 2,
      maxDelaySeconds: 60,
      maxPerHour: 100,
      message: M.tooManyLogins,
    };
    // The address: two failures make it wait 1 s.
    await throttle.recordFailure(policy, 'ip');
    await throttle.recordFailure(policy, 'ip');
    await expect(throttle.attemptUnlessBlocked(policy, 'ip', policy, 'account')).rejects.toMatchObject({
      statusCode: 429,
      message: M.tooManyLogins('1 giây'),
      extra: { retryAfterSeconds: 1 },
    });
    expect(await repo.get('account')).toBeUndefined();
    t.clock.advance(1_000);
    // The account's first attempt (inserted with the check), then a second one (its counter exists).
    await throttle.attemptUnlessBlocked(policy, 'ip', policy, 'account');
    expect(await repo.get('account')).toMatchObject({ count: 1, blockedUntil: null });
    await throttle.attemptUnlessBlocked(policy, 'ip', policy, 'account');
    expect((await repo.get('account'))?.count).toBe(2);
    // Two failures: the account now waits 1 s of its own, whatever the address.
    await expect(throttle.attemptUnlessBlocked(policy, 'other-ip', policy, 'account')).rejects.toMatchObject({
      statusCode: 429,
      extra: { retryAfterSeconds: 1 },
    });
    expect((await repo.get('account'))?.count).toBe(2);
  });

  it("reads the account in the statement that checks the address and counts the account's attempt", async () => {
    const user = await createUser(t);
    const repo = createThrottleRepository(t.database.db);
    const throttle = createThrottleService({ repo, clock: t.clock, scale: 1 });
    const policy = {
      bucket: 'read-test',
      freeFailures: 2,
      maxDelaySeconds: 60,
      maxPerHour: 100,
      message: M.tooManyLogins,
    };
    const check = (username: string, ip = 'read-ip', account = `account:${username}`) =>
      throttle.attemptUnlessBlocked(policy, ip, policy, account, userByUsername(username));
    // Both checks pass: the account, mapped as a select of the table maps it (any case of the name).
    const read = await check(user.username.toUpperCase());
    expect(read).toEqual(await createAuthRepository(t.database.db).findUserByUsername(user.username));
    expect(read?.emailVerifiedAt).toBeInstanceOf(Date);
    expect((await repo.get(`account:${user.username.toUpperCase()}`))?.count).toBe(1);
    // An unknown username: nothing read, and its attempt counted all the same.
    expect(await check('khong-co-ai')).toBeUndefined();
    expect((await repo.get('account:khong-co-ai'))?.count).toBe(1);
    // An account whose counter exists is counted by the locked update, and still read.
    expect((await check(user.username.toUpperCase()))?.id).toBe(user.id);
    expect((await repo.get(`account:${user.username.toUpperCase()}`))?.count).toBe(2);
    // That account now waits (two failures): refused, whatever the address, and not counted.
    await expect(check(user.username.toUpperCase(), 'read-other-ip')).rejects.toMatchObject({
      statusCode: 429,
    });
    expect((await repo.get(`account:${user.username.toUpperCase()}`))?.count).toBe(2);
    // An address that must wait: refused before anything is counted, the account not answered.
    await throttle.recordFailure(policy, 'read-blocked-ip');
    await throttle.recordFailure(policy, 'read-blocked-ip');
    await expect(check(user.username, 'read-blocked-ip', 'account:fresh')).rejects.toMatchObject({
      statusCode: 429,
      message: M.tooManyLogins('1 giây'),
    });
    expect(await repo.get('account:fresh')).toBeUndefined();
  });

  it('a login is two statements: a success, a wrong password and an unknown username alike', async () => {
    const user = await createUser(t);
    const counted = async (username: string, password: string, remoteAddress: string) => {
      let statements = 0;
      const stop = t.database.observeQueries(() => statements++);
      try {
        return { status: (await loginAs(username, password, remoteAddress)).status, statements };
      } finally {
        stop();
      }
    };
    // The account and its attempt, then the session (or the address's failure).
    expect(await counted(user.username, user.password, '10.5.0.1')).toEqual({ status: 200, statements: 2 });
    expect(await counted(user.username, WRONG, '10.5.0.2')).toEqual({ status: 401, statements: 2 });
    expect(await counted('khong-co-ai-ca', WRONG, '10.5.0.3')).toEqual({ status: 401, statements: 2 });
  });

  it('the counters live in the database: a second server process on the same database sees them', async () => {
    const user = await createUser(t);
    const second = await buildApp({ config: t.config, database: t.database, clock: t.clock });
    try {
      for (let i = 0; i < 5; i++) expect((await loginAs(user.username, WRONG)).status).toBe(401);
      const res = await second.inject({
        method: 'POST',
        url: API.authLogin,
        payload: { username: user.username, password: user.password },
      });
      expect(res.statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });

  it('sign-up: at most 10 an hour from one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.request({
        method: 'POST',
        url: API.authRegister,
        remoteAddress: '10.5.0.1',
        payload: {
          username: `dk_${i}_${Date.now()}`,
          email: `dk_${i}_${Date.now()}@example.vn`,
          password: 'Hien-Mau@2026x',
        },
      });
      statuses.push(res.status);
      if (i === 10) {
        expect(res.headers['retry-after']).toBe('3600');
        expect(res.body).toMatchObject({
          code: ErrorCode.RATE_LIMITED,
          message: 'Bạn đã đăng ký quá nhiều lần. Vui lòng thử lại sau 1 giờ.',
        });
      }
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
    const other = await t.request({
      method: 'POST',
      url: API.authRegister,
      remoteAddress: '10.5.0.2',
      payload: {
        username: `dk_x_${Date.now()}`,
        email: `dk_x_${Date.now()}@example.vn`,
        password: 'Hien-Mau@2026x',
      },
    });
    expect(other.status).toBe(200);
    t.clock.advance(3_600_000);
  });

  it('verify-otp: at most 30 tries in 10 minutes from one address; forgot-password: 20 an hour', async () => {
    for (let i = 0; i < 30; i++) {
      const res = await t.request({
        method: 'POST',
        url: API.authVerifyOtp,
        remoteAddress: '10.4.0.1',
        payload: { email: `x${i}@example.vn`, otp: '123456' },
      });
      expect(res.status).toBe(400);
    }
    const limited = await t.request({
      method: 'POST',
      url: API.authVerifyOtp,
      remoteAddress: '10.4.0.1',
      payload: { email: 'y@example.vn', otp: '123456' },
    });
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBe('600');
    expect(limited.body.message).toBe('Bạn đã thử quá nhiều lần. Vui lòng thử lại sau 10 phút.');

    for (let i = 0; i < 20; i++) {
      const res = await t.request({
        method: 'POST',
        url: API.authForgotPassword,
        remoteAddress: '10.4.0.2',
        payload: { email: `q${i}@example.vn` },
      });
      expect(res.status).toBe(200);
    }
    const forgot = await t.request({
      method: 'POST',
      url: API.authForgotPassword,
      remoteAddress: '10.4.0.2',
      payload: { email: 'z@example.vn' },
    });
    expect(forgot.status).toBe(429);
    expect(forgot.body.message).toBe('Vui lòng đợi 1 giờ trước khi yêu cầu mã mới.');
  });
});

describe.each(DB_KINDS)('development outbox on %s', (kind) => {
  it('lists saved mails newest first with clickable links, and the link works', async () => {
    const t = await createTestContext(kind, { seed: false });
    try {
      expect(t.app.mailer.kind).toBe('outbox');
      const email = `hop_thu_${Date.now()}@example.vn`;
      await t.request({
        method: 'POST',
        url: API.authRegister,
        payload: { username: `hop_thu_${Date.now()}`, email, password: 'Hien-Mau@2026x' },
      });
      await t.app.authService.drain();
      const page = await t.request({ method: 'GET', url: API.devMail });
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('Hộp thư phát triển (1)');
      expect(page.body).toContain('Xác thực tài khoản Giọt Hồng');
      const href = /<a href="(http:\/\/portal\.test\/auth\/verify-email\?token=[\w-]+)">/.exec(
        page.body,
      )?.[1];
      expect(href).toBeTruthy();
      const opened = await t.request({ method: 'GET', url: href!.replace('http://portal.test', '') });
      expect(opened.headers.location).toBe('/verification?status=success');
    } finally {
      await t.close();
    }
  });

  it('answers 404 in production', async () => {
    const secret = 'p'.repeat(40);
    const t = await createTestContext(kind, {
      seed: false,
      env: {
        NODE_ENV: 'production',
        ACCESS_TOKEN_SECRET: secret,
        REFRESH_TOKEN_SECRET: secret,
        DATA_ENCRYPTION_KEY: secret,
        CERTIFICATE_SIGNING_KEY: secret,
        ...vapidSecrets(),
        MAIL_MODE: 'outbox',
      },
    });
    try {
      const res = await t.request({ method: 'GET', url: API.devMail });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, code: ErrorCode.NOT_FOUND });
    } finally {
      await t.close();
    }
  });
});
