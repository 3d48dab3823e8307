import { API, ErrorCode } from '@giot-hong/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, EMBEDDED_ONLY, type TestContext } from '../../../test/helper.ts';
import { isLoopbackAddress } from '../../lib/local-request.ts';

describe('loopback addresses', () => {
  it('knows IPv4, IPv6 and IPv4-mapped loopback, with or without a port', () => {
    for (const a of [
      '127.0.0.1',
      '127.8.9.10',
      '::1',
      '::ffff:127.0.0.1',
      '[::1]:4711',
      '"[::1]"',
      '127.0.0.1:80',
    ])
      expect(isLoopbackAddress(a), a).toBe(true);
    for (const a of [
      '10.1.2.3',
      '::ffff:10.1.2.3',
      '0.0.0.0',
      '::',
      'unknown',
      '_hidden',
      '128.0.0.1',
      '127.0.0.1.evil',
    ])
      expect(isLoopbackAddress(a), a).toBe(false);
  });
});

// On the embedded database only (test/helper.ts, EMBEDDED_ONLY): nothing here depends on
// PostgreSQL itself (no concurrent requests, locks or job claims).
describe.each(EMBEDDED_ONLY)('the development outbox answers this machine only, on %s', (kind) => {
  for (const trustProxy of ['false', 'true']) {
    describe(`TRUST_PROXY=${trustProxy}`, () => {
      let t: TestContext;
      let mailId: string;
      beforeAll(async () => {
        t = await createTestContext(kind, { seed: false, env: { TRUST_PROXY: trustProxy } });
        await t.app.mailer.send({
          to: 'moi@example.vn',
          subject: 'Mời bạn tham gia quản trị Giọt Hồng',
          text: 'http://portal.test/thay-doi-mat-khau#token=bi-mat',
          html: '<p>bí mật</p>',
          devLinks: ['http://portal.test/thay-doi-mat-khau#token=bi-mat'],
        });
        const page = await t.request({ method: 'GET', url: API.devMail });
        mailId = /href="\/dev\/mail\/([\w-]+)"/.exec(page.body)![1]!;
      });
      afterAll(() => t?.close());

      const get = (url: string, remoteAddress: string, headers: Record<string, string> = {}) =>
        t.request({ method: 'GET', url, remoteAddress, headers });

      it('lists the mails and opens one for 127.0.0.1 and ::1', async () => {
        for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
          const list = await get(API.devMail, address);
          expect(list.status, address).toBe(200);
          expect(list.body).toContain('token=bi-mat');
          expect((await get(`${API.devMail}/${mailId}`, address)).status, address).toBe(200);
        }
      });

      it('answers 404 in the envelope to any other address, and nothing of the mails', async () => {
        for (const address of ['10.1.2.3', '192.168.1.20', '::ffff:10.1.2.3', '2001:db8::1']) {
          for (const url of [API.devMail, `${API.devMail}/${mailId}`]) {
            const res = await get(url, address);
            expect(res.status, `${address} ${url}`).toBe(404);
            expect(res.body).toMatchObject({ success: false, code: ErrorCode.NOT_FOUND });
            expect(JSON.stringify(res.body)).not.toContain('bi-mat');
          }
        }
      });

      it('a forwarding header never makes a remote request local, nor a proxied one from afar', async () => {
        const local = {
          'x-forwarded-for': '127.0.0.1',
          'x-real-ip': '127.0.0.1',
          forwarded: 'for=127.0.0.1',
        };
        // A remote client claiming to be local.
        for (const [name, value] of Object.entries(local))
          expect((await get(API.devMail, '10.1.2.3', { [name]: value })).status, name).toBe(404);
        // A proxy on this machine passing on a remote client's request.
        const proxied: Record<string, string>[] = [
          { 'x-forwarded-for': '10.1.2.3' },
          { 'x-forwarded-for': '127.0.0.1, 10.1.2.3' },
          { 'x-real-ip': '10.1.2.3' },
          { forwarded: 'for=10.1.2.3;proto=http' },
          { forwarded: 'for="[2001:db8:cafe::17]:4711"' },
          { forwarded: 'for=unknown' },
        ];
        for (const headers of proxied)
          expect((await get(API.devMail, '127.0.0.1', headers)).status, JSON.stringify(headers)).toBe(404);
        // The same proxy passing on a request from this machine.
        expect((await get(API.devMail, '127.0.0.1', { 'x-forwarded-for': '127.0.0.1' })).status).toBe(200);
      });
    });
  }
});
