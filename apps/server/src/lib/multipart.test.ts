import { API, ERROR_MESSAGES, PROFILE_MESSAGES } from '@giot-hong/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoggedInUser } from '../../test/auth.ts';
import { multipart } from '../../test/multipart.ts';
import { createTestContext, EMBEDDED_ONLY, type TestContext } from '../../test/helper.ts';

// One file per upload request (app.ts limits.files): a second or third file gets the upload's own
// message and a 400, never the 5 MB size message. The avatar's cases are in user.routes.test.ts.
// On the embedded database only (test/helper.ts, EMBEDDED_ONLY): nothing here depends on
// PostgreSQL itself (no concurrent requests, locks or job claims).
describe.each(EMBEDDED_ONLY)('multipart uploads on %s', (kind) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext(kind, { seed: false });
  });
  afterAll(() => t.close());

  /** POSTs a front upload made of `parts` (after type=front) as `auth`. */
  const uploadFront = (auth: Record<string, string>, parts: Parameters<typeof multipart>[0]) => {
    const body = multipart([{ name: 'type', value: 'front' }, ...parts]);
    return t.request({
      method: 'POST',
      url: API.recognitionId,
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    });
  };

  it('refuses more than one ID-card image per request with the per-side message', async () => {
    const { auth } = await createLoggedInUser(t);
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const image = (name = 'image') => ({ name, value: png, filename: `${name}.png`, type: 'image/png' });
    for (const files of [
      [image(), image()],
      [image(), image(), image()],
      [image(), image('back')],
    ]) {
      const res = await uploadFront(auth, files);
      expect([files.length, res.status, res.body.message, res.body.code]).toEqual([
        files.length,
        400,
        PROFILE_MESSAGES.idOneImagePerSide,
        'VALIDATION',
      ]);
    }
  });

  it('answers too many text fields with a 400, not the 5 MB size message', async () => {
    const { auth } = await createLoggedInUser(t);
    const fields = Array.from({ length: 11 }, (_, i) => ({ name: `f${i}`, value: 'x' }));
    const res = await uploadFront(auth, fields);
    expect([res.status, res.body.message, res.body.code]).toEqual([
      400,
      ERROR_MESSAGES.VALIDATION,
      'VALIDATION',
    ]);
  });
});
