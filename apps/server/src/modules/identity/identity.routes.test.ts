import { API, CURRENT_DONOR_TERMS_VERSION, PROFILE_MESSAGES } from '@giot-hong/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idExtracts } from '../../db/schema/index.ts';
import { IMAGE_MESSAGES } from '../../idcard/image-input.ts';
import { createLoggedInUser, login } from '../../../test/auth.ts';
import { createTestContext, DB_KINDS, type TestContext } from '../../../test/helper.ts';
import { generateIdentities } from '../../../test/idcard/identities.ts';
import { renderCard } from '../../../test/idcard/render-card.ts';
import { multipart } from '../../../test/multipart.ts';
import { createSealedBox } from '../../lib/sealed-box.ts';
import { createIdentityRepository } from './identity.repository.ts';
import { createIdentityService, IDENTITY_MESSAGES } from './identity.service.ts';

type Auth = Record<string, string>;

describe.each(DB_KINDS)('identity verification from ID-card photos on %s', (kind) => {
  let t: TestContext;
  const people = generateIdentities(3, 4242);
  let cardA: { front: Buffer; back: Buffer };
  let cardB: { front: Buffer; back: Buffer };

  const acceptTerms = (auth: Auth) =>
    t.request({
      method: 'POST',
      url: API.userTermsAcceptance,
      headers: auth,
      payload: { termsVersion: CURRENT_DONOR_TERMS_VERSION, accepted: true },
    });
  const upload = (auth: Auth, fields: Record<string, string>, image?: Buffer, filename = 'cccd.png') => {
    const body = multipart([
      ...Object.entries(fields).map(([name, value]) => ({ name, value })),
      ...(image ? [{ name: 'image', value: image, filename, type: 'image/png' }] : []),
    ]);
    return t.request({
      method: 'POST',
      url: API.recognitionId,
      headers: { ...auth, ...body.headers },
      payload: body.payload,
    });
  };
  const confirm = (auth: Auth, extractId: string) =>
    t.request({
      method: 'POST',
      url: API.extractStatus,
      headers: auth,
      payload: { extract_id: extractId, extract_status: 'CONFIRM_MATCHED' },
    });
  async function newDonorReadyToUpload() {
    const d = await createLoggedInUser(t);
    await acceptTerms(d.auth);
    return d;
  }

  beforeAll(async () => {
    t = await createTestContext(kind);
    cardA = await renderCard(people[0]!, 'clean', 1);
    cardB = await renderCard(people[1]!, 'clean', 2);
  });
  afterAll(() => t.close());

  it('takes a donor from NONE to EXTRACTED with both sides read on the server', async () => {
    const { auth, user } = await newDonorReadyToUpload();
    const front = await upload(auth, { type: 'front' }, cardA.front);
    expect(front.status).toBe(200);
    const extractId = front.body.data.extract_id;
    expect(front.body.data).toMatchObject({
      extract_status: 'FRONT_UPLOADED',
      card_id: people[0]!.idNumber,
      name: people[0]!.fullName,
    });
    const back = await upload(auth, { type: 'back', extract_id: extractId }, cardA.back);
    expect(back.body.data).toMatchObject({
      extract_status: 'BACK_UPLOADED',
      dob: people[0]!.birthDate,
      sex: people[0]!.sex,
    });
    expect(back.body.data.features.disagreements).toEqual([]);
    const read = await t.request({ method: 'GET', url: API.extractById(extractId), headers: auth });
    expect(read.body.data.card_images.front).toBe(`/extract/${extractId}/image/front`);
    expect((await confirm(auth, extractId)).body).toMatchObject({
      success: true,
      data: { status: 'EXTRACTED' },
      message: 'Đã xác thực',
    });
    expect((await t.request({ method: 'GET', url: API.userStatus, headers: auth })).body.data.status).toBe(
      'EXTRACTED',
    );
    const info = (await t.request({ method: 'GET', url: API.userFullInfo, headers: auth })).body.data;
    expect(info).toMatchObject({
      card_id: people[0]!.idNumber,
      full_name: people[0]!.fullName,
      dob: people[0]!.birthDate,
      extract_id: extractId,
    });

    // Stored sealed: no JPEG signature at rest.
    const [row] = await t.database.db.select().from(idExtracts).where(eq(idExtracts.id, extractId));
    expect(row!.frontImage!.subarray(0, 2).equals(Buffer.from([0xff, 0xd8]))).toBe(false);
    const image = await t.app.inject({
      method: 'GET',
      url: `/extract/${extractId}/image/front`,
      headers: auth,
    });
    expect(image.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));

    // One ID number verifies one account only.
    const other = await newDonorReadyToUpload();
    const f2 = await upload(other.auth, { type: 'front' }, cardA.front);
    await upload(other.auth, { type: 'back', extract_id: f2.body.data.extract_id }, cardA.back);
    const taken = await confirm(other.auth, f2.body.data.extract_id);
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(IDENTITY_MESSAGES.cardIdTaken);

    // Retention: images go once the period after confirmation has passed.
    const sweeper = createIdentityService({
      repo: createIdentityRepository(t.database.db),
      clock: t.clock,
      box: createSealedBox(t.config.secrets.dataEncryption, 'id-card-images'),
      retentionDays: 30,
    });
    t.clock.advance(29 * 86_400_000);
    expect(await sweeper.sweepImages()).toBe(0);
    t.clock.advance(2 * 86_400_000);
    try {
      expect(await sweeper.sweepImages()).toBeGreaterThanOrEqual(1);
      const fresh = { authorization: `Bearer ${(await login(t, user.username, user.password)).accessToken}` };
      const after = await t.request({ method: 'GET', url: API.extractById(extractId), headers: fresh });
      expect(after.body.data.card_images).toEqual({ front: null, back: null });
      expect(after.body.data.card_id).toBe(people[0]!.idNumber);
      const gone = await t.request({
        method: 'GET',
        url: `/extract/${extractId}/image/front`,
        headers: fresh,
      });
      expect(gone.status).toBe(404);
    } finally {
      t.clock.set('2026-11-22T02:00:00.000Z');
    }
  });

  it('sides of two different cards disagree and the profile waits for review (PENDING)', async () => {
    const { auth } = await newDonorReadyToUpload();
    const front = await upload(auth, { type: 'front' }, cardB.front);
    const back = await upload(auth, { type: 'back', extract_id: front.body.data.extract_id }, cardA.back);
    expect(back.body.data.features.disagreements).toEqual(expect.arrayContaining(['card_id']));
    expect((await confirm(auth, front.body.data.extract_id)).body.data.status).toBe('PENDING');
    expect((await t.request({ method: 'GET', url: API.userStatus, headers: auth })).body.data.status).toBe(
      'PENDING',
    );
  });

  it('nobody else can read, replace or confirm an extract or its images', async () => {
    const a = await newDonorReadyToUpload();
    const b = await newDonorReadyToUpload();
    const front = await upload(a.auth, { type: 'front' }, cardB.front);
    const id = front.body.data.extract_id;
    expect((await t.request({ method: 'GET', url: API.extractById(id), headers: b.auth })).status).toBe(404);
    expect(
      (await t.request({ method: 'GET', url: `/extract/${id}/image/front`, headers: b.auth })).status,
    ).toBe(404);
    expect((await upload(b.auth, { type: 'back', extract_id: id }, cardB.back)).status).toBe(404);
    expect((await confirm(b.auth, id)).status).toBe(404);
    expect((await t.request({ method: 'GET', url: API.extractById(id) })).status).toBe(401);
    const still = await t.request({ method: 'GET', url: API.extractById(id), headers: a.auth });
    expect(still.body.data.extract_status).toBe('FRONT_UPLOADED');
  });

  it('refuses uploads before the terms are accepted', async () => {
    const { auth } = await createLoggedInUser(t);
    const res = await upload(auth, { type: 'front' }, cardA.front);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(PROFILE_MESSAGES.termsRequired);
  });

  it("gives the spec's messages for bad files and a back before the front", async () => {
    const { auth } = await newDonorReadyToUpload();
    const cases: [Record<string, string>, Buffer | undefined, number, string][] = [
      [{ type: 'front' }, undefined, 400, PROFILE_MESSAGES.idImageInvalid],
      [{ type: 'front' }, Buffer.from('chỉ là văn bản, không phải ảnh'), 400, IMAGE_MESSAGES.invalid],
      [
        { type: 'front' },
        Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.alloc(64)]),
        400,
        IMAGE_MESSAGES.heic,
      ],
      [
        { type: 'front' },
        cardA.front.subarray(0, Math.floor(cardA.front.length / 2)),
        400,
        IMAGE_MESSAGES.truncated,
      ],
      [{ type: 'front' }, Buffer.alloc(5 * 1024 * 1024 + 1, 7), 413, IMAGE_MESSAGES.tooLarge],
      [{ type: 'back' }, cardA.back, 400, PROFILE_MESSAGES.idBackBeforeFront],
    ];
    for (const [fields, image, status, message] of cases) {
      const res = await upload(auth, fields, image);
      expect([res.status, res.body.message]).toEqual([status, message]);
    }
  });
});
