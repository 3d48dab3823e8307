import {
  CONTACT_LIMITS,
  CONTACT_MESSAGES as M,
  TEXT_MESSAGES,
  ZContactResponse,
  ZErrorBody,
} from '@giot-hong/contract';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { contactMessages } from '../../db/schema/index.ts';
import { createTestContext, EMBEDDED_ONLY, TEST_NOW, type TestContext } from '../../../test/helper.ts';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.ts';

const INBOX = 'lienhe@giothong.local';
const valid = {
  name: 'Nguyễn Thị Hoa',
  email: 'hoa.nguyen@example.com',
  message: 'Tôi muốn hỏi về lịch hiến máu tại trường.',
};

/** Each test sends from its own address so the per-IP limit of one test never touches another. */
let ipCounter = 10;
const nextIp = () => `10.0.0.${ipCounter++}`;

// On the embedded database only (test/helper.ts, EMBEDDED_ONLY): nothing here depends on
// PostgreSQL itself (no concurrent requests, locks or job claims).
describe.each(EMBEDDED_ONLY)('POST /api/contact on %s', (kind) => {
  let t: TestContext;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestContext(kind, { env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const send = (payload: unknown, remoteAddress = nextIp()) =>
    t.request({ method: 'POST', url: '/api/contact', payload: payload as object, remoteAddress });
  const lastRow = async () =>
    (await t.database.db.select().from(contactMessages).orderBy(desc(contactMessages.id)).limit(1))[0];

  it('stores the message (trimmed), mails it to the chapter inbox through SMTP and marks it mailed', async () => {
    const res = await send({
      name: '  Nguyễn Thị Hoa ',
      email: ' hoa.nguyen@example.com ',
      message: ' Tôi muốn hỏi về lịch hiến máu tại trường. \n',
    });
    expect(res.status).toBe(200);
    const body = ZContactResponse.parse(res.body);
    expect(body).toMatchObject({ success: true, message: M.sentDescription });

    const row = await lastRow();
    expect(row).toMatchObject({ id: body.data.id, ...valid });
    expect(row!.createdAt.toISOString()).toBe(TEST_NOW);
    expect(row!.mailedAt?.toISOString()).toBe(TEST_NOW);

    const mail = await smtp.waitFor((m) => m.subject === 'Tin nhắn liên hệ mới từ Nguyễn Thị Hoa');
    expect(mail.to).toEqual([INBOX]);
    expect(mail.replyTo).toBe(valid.email);
    expect(mail.text).toContain('Họ và tên: Nguyễn Thị Hoa');
    expect(mail.text).toContain('Email: hoa.nguyen@example.com');
    expect(mail.text).toContain('Tôi muốn hỏi về lịch hiến máu tại trường.');
    expect(mail.text).toContain('Thời gian: 22/11/2026 09:00');
  });

  it('escapes what the visitor typed in the HTML of the mail; a name over two lines is refused', async () => {
    const twoLines = await send({ name: 'Lan\r\nBcc: x@evil.test', email: 'a@b.co', message: 'x' });
    expect([twoLines.status, twoLines.body.message]).toEqual([400, TEXT_MESSAGES.controlCharacters]);
    const res = await send({
      name: '<img src=x onerror=alert(1)> Bcc: x@evil.test',
      email: 'a@b.co',
      message: '<script>alert(1)</script>',
    });
    expect(res.status).toBe(200);
    const mail = await smtp.waitFor((m) => m.replyTo === 'a@b.co');
    expect(mail.subject).toBe('Tin nhắn liên hệ mới từ <img src=x onerror=alert(1)> Bcc: x@evil.test');
    expect(mail.to).toEqual([INBOX]);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it.each([
    [
      'everything missing',
      {},
      [
        ['name', M.nameRequired],
        ['email', M.emailRequired],
        ['message', M.messageRequired],
      ],
    ],
    [
      'whitespace only',
      { name: '   ', email: ' \t ', message: '\n  \n' },
      [
        ['name', M.nameRequired],
        ['email', M.emailRequired],
        ['message', M.messageRequired],
      ],
    ],
    ['no name', { ...valid, name: '' }, [['name', M.nameRequired]]],
    ['no e-mail', { ...valid, email: '' }, [['email', M.emailRequired]]],
    ['e-mail without a dot', { ...valid, email: 'hoa@example' }, [['email', M.emailInvalid]]],
    ['e-mail with a space', { ...valid, email: 'hoa nguyen@example.com' }, [['email', M.emailInvalid]]],
    ['no message', { ...valid, message: '  ' }, [['message', M.messageRequired]]],
    [
      'message too long',
      { ...valid, message: 'a'.repeat(CONTACT_LIMITS.messageMax + 1) },
      [['message', M.messageTooLong]],
    ],
  ])('%s → 400 with the spec message, nothing stored', async (_label, payload, expected) => {
    const before = await lastRow();
    const res = await send(payload);
    expect(res.status).toBe(400);
    const body = ZErrorBody.parse(res.body);
    expect(body.code).toBe('VALIDATION');
    expect(body.message).toBe(expected[0]![1]);
    expect(body.errors!.map((e) => [e.field, e.message])).toEqual(expected);
    expect((await lastRow())?.id).toBe(before?.id);
  });

  it(`allows ${CONTACT_LIMITS.perIpMax} messages per hour from one address, then answers 429 with Retry-After`, async () => {
    const ip = nextIp();
    for (let i = 0; i < CONTACT_LIMITS.perIpMax; i++) {
      expect((await send({ ...valid, message: `Tin số ${i + 1}` }, ip)).status).toBe(200);
    }
    const blocked = await send({ ...valid, message: 'Tin thừa' }, ip);
    expect(blocked.status).toBe(429);
    expect(ZErrorBody.parse(blocked.body)).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Bạn đã gửi quá nhiều tin nhắn. Vui lòng thử lại sau 1 giờ.',
    });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    const rows = await t.database.db.select().from(contactMessages);
    expect(rows.filter((r) => r.message === 'Tin thừa')).toEqual([]);
    // Another visitor is not affected.
    expect((await send(valid)).status).toBe(200);
  });

  it('two server processes on one database share one count per address', async () => {
    const second = await buildApp({ config: t.config, database: t.database, clock: t.clock });
    await second.ready();
    try {
      const ip = nextIp();
      const viaSecond = (payload: object) =>
        second.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress: ip });
      for (let i = 0; i < CONTACT_LIMITS.perIpMax; i++) {
        const status = i % 2 === 0 ? (await send(valid, ip)).status : (await viaSecond(valid)).statusCode;
        expect(status).toBe(200);
      }
      expect((await send(valid, ip)).status).toBe(429);
      expect((await viaSecond(valid)).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });

  it('counts refused (invalid) requests too, so a script cannot probe without limit', async () => {
    const ip = nextIp();
    for (let i = 0; i < CONTACT_LIMITS.perIpMax; i++) expect((await send({}, ip)).status).toBe(400);
    expect((await send(valid, ip)).status).toBe(429);
  });
});

describe.each(EMBEDDED_ONLY)('POST /api/contact with the mail server down on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    // A port nobody listens on: nodemailer's connection is refused.
    const smtp = await startSmtpSink();
    await smtp.close();
    t = await createTestContext(kind, { env: { SMTP_URL: smtp.url } });
  });
  afterAll(() => t.close());

  it('still thanks the visitor and keeps the message, unmarked, for staff', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/contact',
      payload: valid,
      remoteAddress: '10.1.0.1',
    });
    expect(res.status).toBe(200);
    const [row] = await t.database.db.select().from(contactMessages);
    expect(row).toMatchObject({ ...valid, mailedAt: null });
  });
});
