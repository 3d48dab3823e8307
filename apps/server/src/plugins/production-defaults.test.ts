import { API } from '@giot-hong/contract';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vapidSecrets } from '../../test/server-process.ts';
import { loadConfig } from '../config.ts';
import { DEMO_PASSWORDS, describeDemoAccounts } from '../seed/seed.ts';
import { createTestContext, type TestContext } from '../../test/helper.ts';

const SECRETS = {
  ACCESS_TOKEN_SECRET: 'a'.repeat(40),
  REFRESH_TOKEN_SECRET: 'b'.repeat(40),
  DATA_ENCRYPTION_KEY: 'c'.repeat(40),
  CERTIFICATE_SIGNING_KEY: 'd'.repeat(40),
  ...vapidSecrets(),
};

describe('production defaults', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'giothong-config-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dir, ...env });
  const production = { NODE_ENV: 'production', ...SECRETS, SMTP_URL: 'smtp://mail.example.org:587' };

  it('refuses to start without SMTP_URL unless the outbox is asked for', () => {
    expect(() => load({ NODE_ENV: 'production', ...SECRETS })).toThrow(
      /Thiếu SMTP_URL khi NODE_ENV=production.*MAIL_MODE=outbox/,
    );
    expect(load({ NODE_ENV: 'production', ...SECRETS, MAIL_MODE: 'outbox' }).smtpUrl).toBeUndefined();
    expect(load(production).smtpUrl).toBe('smtp://mail.example.org:587');
    expect(() => load({ MAIL_MODE: 'smtp' })).toThrow(/MAIL_MODE=smtp cần SMTP_URL/);
    // Development keeps its outbox.
    expect(load({}).smtpUrl).toBeUndefined();
  });

  it('seeds demo data and serves /api/docs in production only when asked', () => {
    expect(load(production)).toMatchObject({ seedDemoData: false, apiDocs: false });
    expect(load({ ...production, SEED_DEMO_DATA: 'true', API_DOCS: 'true' })).toMatchObject({
      seedDemoData: true,
      apiDocs: true,
    });
    expect(load({})).toMatchObject({ seedDemoData: true, apiDocs: true });
    expect(load({ SEED_DEMO_DATA: 'false', API_DOCS: 'false' })).toMatchObject({
      seedDemoData: false,
      apiDocs: false,
    });
  });

  it('names the demo accounts at start without any password', () => {
    for (const text of [describeDemoAccounts(false), describeDemoAccounts(true)]) {
      expect(text).toContain('nguoihienmau');
      expect(text).toContain('canbo');
      for (const password of Object.values(DEMO_PASSWORDS)) expect(text).not.toContain(password);
    }
    expect(describeDemoAccounts(false)).toContain('README.md');
  });
});

describe('a production server', () => {
  let https: TestContext;
  let plain: TestContext;
  beforeAll(async () => {
    https = await createTestContext('pglite', {
      seed: false,
      env: {
        ...SECRETS,
        NODE_ENV: 'production',
        MAIL_MODE: 'outbox',
        PUBLIC_URL: 'https://giothong.example.vn',
      },
    });
    plain = await createTestContext('pglite', { seed: false, env: { API_DOCS: 'true' } });
  });
  afterAll(async () => {
    await https.close();
    await plain.close();
  });

  it('hides /api/docs unless enabled', async () => {
    const hidden = await https.request({ method: 'GET', url: API.docs });
    expect(hidden.status).toBe(404);
    expect(hidden.body).toMatchObject({ success: false, code: 'NOT_FOUND', data: null });
    expect((await https.request({ method: 'GET', url: `${API.docs}/json` })).status).toBe(404);
    expect((await plain.request({ method: 'GET', url: `${API.docs}/json` })).status).toBe(200);
  });

  it('sends HSTS when the public address is https, and not on plain http', async () => {
    const secure = await https.request({ method: 'GET', url: API.health });
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const insecure = await plain.request({ method: 'GET', url: API.health });
    expect(insecure.headers['strict-transport-security']).toBeUndefined();
  });
});
