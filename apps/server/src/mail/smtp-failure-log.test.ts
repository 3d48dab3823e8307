import { API } from '@giot-hong/contract';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, EMBEDDED_ONLY, type TestContext } from '../../test/helper.ts';

/**
 * An SMTP server that refuses every recipient the way real ones do: its reply quotes the address
 * ("550 5.1.1 <name@example.vn>: Recipient address rejected"), and nodemailer puts that reply in
 * its error's message and `response`. A background failure's log line keeps codes only.
 */
function rejectingSmtp(): Promise<{ port: number; close(): Promise<void> }> {
  const server: Server = createServer((socket) => {
    socket.write('220 test ESMTP\r\n');
    let buffer = '';
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 test\r\n');
        else if (verb === 'MAIL') socket.write('250 OK\r\n');
        else if (verb === 'RCPT') {
          const address = /<([^>]*)>/.exec(line)?.[1] ?? '';
          socket.write(`550 5.1.1 <${address}>: Recipient address rejected: user unknown\r\n`);
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
    socket.on('error', () => {});
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: (server.address() as { port: number }).port,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  );
}

const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)+/;

// On the embedded database only (test/helper.ts, EMBEDDED_ONLY): the log, not the database, is tested.
describe.each(EMBEDDED_ONLY)('a failed SMTP send in the log, on %s', (kind) => {
  let t: TestContext;
  let smtp: Awaited<ReturnType<typeof rejectingSmtp>>;
  const lines: string[] = [];

  beforeAll(async () => {
    smtp = await rejectingSmtp();
    t = await createTestContext(kind, {
      seed: false,
      env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, LOG_LEVEL: 'info' },
      logStream: { write: (line) => void lines.push(line) },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('keeps the error codes and no e-mail address', async () => {
    const res = await t.request({
      method: 'POST',
      url: API.contact,
      payload: { name: 'Nguyễn Thị Hoa', email: 'hoa.nguyen@example.com', message: 'Xin hỏi lịch hiến máu.' },
      remoteAddress: '127.0.0.9',
    });
    expect(res.status).toBe(200);
    const failed = lines.filter((l) => l.includes('contact mail not sent'));
    expect(failed).toHaveLength(1);
    const entry = JSON.parse(failed[0]!);
    expect(entry.failure).toMatchObject({ code: 'EENVELOPE', responseCode: 550 });
    expect(failed[0]).not.toMatch(EMAIL);
  });
});
