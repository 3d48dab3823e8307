import {
  API,
  CURRENT_DONOR_TERMS_VERSION,
  IDCARD_LIMITS,
  IDCARD_MESSAGES,
  PROFILE_MESSAGES,
  formatWait,
} from '@giot-hong/contract';
import { eq, inArray } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { donorProfiles, idExtracts, throttleCounters } from '../../db/schema/index.ts';
import { throttleKey } from '../throttle/throttle.service.ts';
import { encodeForStorage, IMAGE_MESSAGES, prepareImage } from '../../idcard/image-input.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { createLoggedInUser, login } from '../../../test/auth.ts';
import {
  createTestContext,
  DB_KINDS,
  EMBEDDED_ONLY,
  type DbKind,
  shareIdCardThreads,
  TEST_NOW,
  type TestContext,
} from '../../../test/helper.ts';
import { generateIdentities } from '../../../test/idcard/identities.ts';
import { renderCard, type RenderedCard } from '../../../test/idcard/render-card.ts';
import { multipart } from '../../../test/multipart.ts';
import { parsePrometheusText, samplesOf } from '../../../test/prometheus-text.ts';
import { createIdentityRepository, extractColumns } from './identity.repository.ts';
import { identityServiceFor, ID_UPLOADS_PER_ACCOUNT, startImageRetentionSweep } from './identity.routes.ts';
import { createIdentityService, IDENTITY_MESSAGES } from './identity.service.ts';

type Auth = Record<string, string>;
type Donor = Awaited<ReturnType<typeof createLoggedInUser>>;

const DAY_MS = 86_400_000;
/**
 * The file's apps read with one set of threads: a reading thread and its OCR model start once,
 * not once per app and database (each an app's first upload would pay).
 */
const idCardThreads = shareIdCardThreads();
/** Each set of invented people's cards, rendered once for both databases. */
const rendered = new Map<number, Promise<RenderedCard[]>>();
function cardsOf(count: number, seed: number): Promise<RenderedCard[]> {
  let cards = rendered.get(seed);
  if (!cards)
    rendered.set(
      seed,
      (cards = Promise.all(generateIdentities(count, seed).map((p, i) => renderCard(p, 'clean', i + 1)))),
    );
  return cards;
}
/** Contact details that pass the wizard's confirm step. */
const CONTACT = { mobile: '0351234567', addressContact: 'Phường Hoàn Kiếm, Thành phố Hà Nội' };

/** Requests of the identity API for one test context. */
function identityApi(getT: () => TestContext) {
  const t = () => getT();
  const api = {
    acceptTerms: (auth: Auth, termsVersion = CURRENT_DONOR_TERMS_VERSION) =>
      t().request({
        method: 'POST',
        url: API.userTermsAcceptance,
        headers: auth,
        payload: { termsVersion, accepted: true },
      }),
    upload(auth: Auth, fields: Record<string, string>, image?: Buffer, filename = 'cccd.png') {
      const body = multipart([
        ...Object.entries(fields).map(([name, value]) => ({ name, value })),
        ...(image ? [{ name: 'image', value: image, filename, type: 'image/png' }] : []),
      ]);
      return t().request({
        method: 'POST',
        url: API.recognitionId,
        headers: { ...auth, ...body.headers },
        payload: body.payload,
      });
    },
    confirm: (auth: Auth, extractId: string) =>
      t().request({
        method: 'POST',
        url: API.extractStatus,
        headers: auth,
        payload: { extract_id: extractId, extract_status: 'CONFIRM_MATCHED' },
      }),
    status: async (auth: Auth) =>
      (await t().request({ method: 'GET', url: API.userStatus, headers: auth })).body.data.status as string,
    /** Contact details straight into the profile (what the wizard saves before confirming). */
    setContact: (userId: number, contact: { mobile: string | null; addressContact: string | null }) =>
      t().database.db.update(donorProfiles).set(contact).where(eq(donorProfiles.userId, userId)),
    /** A logged-in donor who accepted the current terms and saved valid contact details. */
    async donor(): Promise<Donor> {
      const d = await createLoggedInUser(t());
      expect((await api.acceptTerms(d.auth)).status).toBe(200);
      await api.setContact(d.user.id, CONTACT);
      return d;
    },
    /** Both sides uploaded; returns the extract id. */
    async bothSides(auth: Auth, front: Buffer, back: Buffer): Promise<string> {
      const f = await api.upload(auth, { type: 'front' }, front);
      expect(f.status, f.body.message).toBe(200);
      const id = f.body.data.extract_id as string;
      const b = await api.upload(auth, { type: 'back', extract_id: id }, back);
      expect(b.status, b.body.message).toBe(200);
      return id;
    },
    extractRow: async (id: string) =>
      (await t().database.db.select().from(idExtracts).where(eq(idExtracts.id, id)))[0],
    profileRow: async (userId: number) =>
      (await t().database.db.select().from(donorProfiles).where(eq(donorProfiles.userId, userId)))[0],
  };
  return api;
}

/**
 * The app of one describe block, made before its tests and closed after them, with the identity
 * API's requests and the cards of invented people (`cardsOf(7, 4242)`): each card verifies one
 * account only, so each test uses its own.
 */
function identityBlock(kind: DbKind) {
  let t: TestContext | undefined;
  let cards: RenderedCard[] = [];
  beforeAll(async () => {
    t = await createTestContext(kind, { idCardThreads });
    cards = await cardsOf(7, 4242);
  });
  afterAll(() => t?.close());
  const app = () => t!;
  return { app, api: identityApi(app), card: (i: number) => cards[i]! };
}

// Each ID card read costs a second or more of OCR, so a test runs on both databases (DB_KINDS) only
// where the database's behaviour decides its outcome: the flow's writes, a claim held for review,
// conditional updates, two accounts confirming one number at once, uploads counted in the
// database. Checks made in the service (who may see what, terms, messages) run on the embedded
// database only (EMBEDDED_ONLY, below).
describe.each(DB_KINDS)('identity verification from ID-card photos on %s', (kind) => {
  const { app, api, card } = identityBlock(kind);
  // The invented people whose cards `card(i)` gives.
  const people = generateIdentities(7, 4242);

  // The file's first upload starts its reading thread and OCR model (ADR 32).
  it(
    'takes a donor from NONE to EXTRACTED with both sides read on the server',
    { timeout: 120_000 },
    async () => {
      const { auth, user } = await api.donor();
      const front = await api.upload(auth, { type: 'front' }, card(0).front);
      expect(front.status).toBe(200);
      const extractId = front.body.data.extract_id;
      expect(front.body.data).toMatchObject({
        extract_status: 'FRONT_UPLOADED',
        card_id: people[0]!.idNumber,
        name: people[0]!.fullName,
      });
      // Nothing is verified by uploading: the status stays NONE until the donor confirms.
      expect(await api.status(auth)).toBe('NONE');
      const back = await api.upload(auth, { type: 'back', extract_id: extractId }, card(0).back);
      expect(back.body.data).toMatchObject({
        extract_status: 'BACK_UPLOADED',
        dob: people[0]!.birthDate,
        sex: people[0]!.sex,
        nationality: 'Việt Nam',
        issue_loc: people[0]!.issueLoc,
      });
      expect(back.body.data.features.disagreements).toEqual([]);
      expect(await api.status(auth)).toBe('NONE');
      const read = await app().request({ method: 'GET', url: API.extractById(extractId), headers: auth });
      expect(read.body.data.card_images.front).toBe(`/extract/${extractId}/image/front`);
      expect((await api.confirm(auth, extractId)).body).toMatchObject({
        success: true,
        data: { status: 'EXTRACTED' },
        message: 'Đã xác thực',
      });
      expect(await api.status(auth)).toBe('EXTRACTED');
      const info = (await app().request({ method: 'GET', url: API.userFullInfo, headers: auth })).body.data;
      expect(info).toMatchObject({
        card_id: people[0]!.idNumber,
        full_name: people[0]!.fullName,
        dob: people[0]!.birthDate,
        extract_id: extractId,
      });
      expect((await api.profileRow(user.id))!.verifiedAt).toEqual(app().clock.now());

      // Stored sealed: no JPEG signature at rest. What is served is exactly the engine's
      // re-encoding for storage (no metadata) of the upload: one path, the tested one.
      const row = await api.extractRow(extractId);
      expect(row!.frontImage!.subarray(0, 2).equals(Buffer.from([0xff, 0xd8]))).toBe(false);
      const image = await app().app.inject({
        method: 'GET',
        url: `/extract/${extractId}/image/front`,
        headers: auth,
      });
      expect(image.headers['cache-control']).toBe('private, no-store');
      expect(image.rawPayload.equals(await encodeForStorage(await prepareImage(card(0).front)))).toBe(true);

      // One ID number verifies one account only.
      const other = await api.donor();
      const otherId = await api.bothSides(other.auth, card(0).front, card(0).back);
      const taken = await api.confirm(other.auth, otherId);
      expect([taken.status, taken.body.message]).toEqual([409, IDENTITY_MESSAGES.cardIdTaken]);
      expect(await api.status(other.auth)).toBe('NONE');
      expect((await api.extractRow(otherId))!.status).toBe('BACK_UPLOADED');
    },
  );

  it("a PENDING claim keeps the number for review without taking it from the card's owner", async () => {
    const x = people[2]!;
    // A: the front of card X with the back of another card: the sides disagree → PENDING.
    const a = await api.donor();
    const aId = await api.bothSides(a.auth, card(2).front, card(1).back);
    expect((await api.extractRow(aId))!.merged).toMatchObject({
      disagreements: expect.arrayContaining([expect.objectContaining({ field: 'card_id' })]),
    });
    const pending = await api.confirm(a.auth, aId);
    expect(pending.body).toMatchObject({ data: { status: 'PENDING' }, message: 'Chờ xác thực' });
    expect(await api.status(a.auth)).toBe('PENDING');
    expect(await api.profileRow(a.user.id)).toMatchObject({
      status: 'PENDING',
      cardId: x.idNumber,
      extractId: aId,
      verifiedAt: null,
    });

    // B holds the real card X and is verified.
    const b = await api.donor();
    const bId = await api.bothSides(b.auth, card(2).front, card(2).back);
    expect((await api.confirm(b.auth, bId)).body.data.status).toBe('EXTRACTED');
    expect(await api.profileRow(b.user.id)).toMatchObject({ status: 'EXTRACTED', cardId: x.idNumber });
    // A still waits for staff with the number it claimed.
    expect(await api.profileRow(a.user.id)).toMatchObject({ status: 'PENDING', cardId: x.idNumber });

    // Now that X verified B, nobody else gets it, not even for review.
    const c = await api.donor();
    const cId = await api.bothSides(c.auth, card(2).front, card(1).back);
    const refused = await api.confirm(c.auth, cId);
    expect([refused.status, refused.body.message]).toEqual([409, IDENTITY_MESSAGES.cardIdTaken]);
    expect(await api.status(c.auth)).toBe('NONE');

    // A's confirmed (PENDING) extract: no new back, no second confirmation, with a message that
    // does not claim the profile is verified.
    const again = await api.upload(a.auth, { type: 'back', extract_id: aId }, card(2).back);
    expect([again.status, again.body.message]).toEqual([409, IDENTITY_MESSAGES.extractConfirmed]);
    const twice = await api.confirm(a.auth, aId);
    expect([twice.status, twice.body.message]).toEqual([409, IDENTITY_MESSAGES.extractConfirmed]);
  });

  it('a back read while the extract gets confirmed is not applied (status condition in the update)', async () => {
    const d = await api.donor();
    const id = await api.bothSides(d.auth, card(3).front, card(1).back);
    // As the upload read it: without its photos (extractColumns).
    const stale = (
      await app().database.db.select(extractColumns).from(idExtracts).where(eq(idExtracts.id, id))
    )[0]!;
    expect((await api.confirm(d.auth, id)).body.data.status).toBe('PENDING');
    const confirmed = await api.extractRow(id);
    // The upload read the extract before the confirmation and stores the back after it.
    const real = createIdentityRepository(app().database.db);
    const service = createIdentityService({
      repo: { ...real, findOwnExtract: async () => stale },
      clock: app().clock,
      box: { seal: (b: Buffer) => b, open: (b: Buffer) => b } as never,
      retentionDays: 30,
      // The app's reading threads, already started by the uploads above.
      readSide: (task) => app().app.idCardPool.read(task),
    });
    await expect(service.uploadBack(d.user.id, id, card(3).back)).rejects.toMatchObject({
      statusCode: 409,
      message: IDENTITY_MESSAGES.extractConfirmed,
    });
    expect(await api.extractRow(id)).toStrictEqual(confirmed);
    expect(await real.updateBack(id, d.user.id, { scoreBack: 0 })).toBe(false);
    expect(await api.extractRow(id)).toStrictEqual(confirmed);
  });

  it('two accounts confirming the same number at once: exactly one is verified', async () => {
    const y = people[3]!;
    const [a, b] = [await api.donor(), await api.donor()];
    const aId = await api.bothSides(a.auth, card(3).front, card(3).back);
    const bId = await api.bothSides(b.auth, card(3).front, card(3).back);
    const results = await Promise.all([api.confirm(a.auth, aId), api.confirm(b.auth, bId)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.message).toBe(IDENTITY_MESSAGES.cardIdTaken);
    const verified = await app()
      .database.db.select({ userId: donorProfiles.userId, status: donorProfiles.status })
      .from(donorProfiles)
      .where(eq(donorProfiles.cardId, y.idNumber));
    expect(verified.filter((p) => p.status === 'EXTRACTED')).toHaveLength(1);

    // The unique index is the guard, not only the check before it: the loser's extract, written
    // straight through the repository, is refused as EXTRACTED and accepted as PENDING.
    const loser = results[0]!.status === 409 ? { d: a, id: aId } : { d: b, id: bId };
    const repo = createIdentityRepository(app().database.db);
    const fields = { cardId: y.idNumber, fullName: y.fullName } as const;
    const error = await repo
      .confirm(loser.d.user.id, loser.id, app().clock.now(), () => ({ status: 'EXTRACTED', fields }))
      .catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
    expect((await api.extractRow(loser.id))!.status).toBe('BACK_UPLOADED');
    await expect(
      repo.confirm(loser.d.user.id, loser.id, app().clock.now(), () => ({ status: 'PENDING', fields })),
    ).resolves.toMatchObject({ status: 'PENDING' });
  });

  it('limits ID-card uploads per account, counted in the database, with Retry-After', async () => {
    const d = await createLoggedInUser(app());
    const other = await createLoggedInUser(app());
    // Every request counts, refused ones too: these fail fast (no terms) without any OCR.
    for (let i = 0; i < IDCARD_LIMITS.uploadsPerAccountMax; i++)
      expect((await api.upload(d.auth, { type: 'front' })).status).toBe(400);
    const limited = await api.upload(d.auth, { type: 'front' }, card(6).front);
    const wait = IDCARD_LIMITS.uploadsPerAccountWindowSeconds;
    expect([limited.status, limited.body.message, limited.body.code, limited.headers['retry-after']]).toEqual(
      [429, IDCARD_MESSAGES.tooManyUploads(formatWait(wait)), 'RATE_LIMITED', String(wait)],
    );
    expect(limited.body.message).toBe('Bạn đã tải lên quá nhiều ảnh căn cước. Vui lòng thử lại sau 1 giờ.');
    expect(ID_UPLOADS_PER_ACCOUNT.fixed).toBeUndefined(); // a protection: RATE_LIMIT_SCALE applies
    // Another account has its own count.
    expect((await api.upload(other.auth, { type: 'front' })).status).toBe(400);
    // After the window the account may upload again.
    app().clock.advance(wait * 1000);
    try {
      const fresh = {
        authorization: `Bearer ${(await login(app(), d.user.username, d.user.password)).accessToken}`,
      };
      expect((await api.upload(fresh, { type: 'front' })).status).toBe(400);
    } finally {
      app().clock.set(TEST_NOW);
    }
  });
});

// The service's own checks, the same on either database: the embedded one only.
describe.each(EMBEDDED_ONLY)(
  'identity verification from ID-card photos, the service’s checks, on %s',
  (kind) => {
    const { app, api, card } = identityBlock(kind);

    it("confirming checks the confirm step's contact details again on the server", async () => {
      const d = await api.donor();
      const id = await api.bothSides(d.auth, card(4).front, card(4).back);
      const cases: [{ mobile: string | null; addressContact: string | null }, string][] = [
        [{ mobile: null, addressContact: CONTACT.addressContact }, PROFILE_MESSAGES.confirmMobileRequired],
        [{ mobile: '   ', addressContact: CONTACT.addressContact }, PROFILE_MESSAGES.confirmMobileRequired],
        [
          { mobile: '03512345678', addressContact: CONTACT.addressContact },
          PROFILE_MESSAGES.confirmMobileInvalid,
        ],
        [
          { mobile: '035123456a', addressContact: CONTACT.addressContact },
          PROFILE_MESSAGES.confirmMobileInvalid,
        ],
        [{ mobile: CONTACT.mobile, addressContact: null }, PROFILE_MESSAGES.confirmAddressRequired],
        [{ mobile: CONTACT.mobile, addressContact: '  ' }, PROFILE_MESSAGES.confirmAddressRequired],
      ];
      for (const [contact, message] of cases) {
        await api.setContact(d.user.id, contact);
        const res = await api.confirm(d.auth, id);
        expect([res.status, res.body.message]).toEqual([400, message]);
        expect((await api.extractRow(id))!).toMatchObject({ status: 'BACK_UPLOADED', confirmedAt: null });
        expect(await api.status(d.auth)).toBe('NONE');
      }
      expect(PROFILE_MESSAGES.confirmMobileRequired).toBe('Vui lòng điền số điện thoại');
      expect(PROFILE_MESSAGES.confirmMobileInvalid).toBe('Số điện thoại không hợp lệ');
      expect(PROFILE_MESSAGES.confirmAddressRequired).toBe('Vui lòng điền địa chỉ liên hệ');
      await api.setContact(d.user.id, CONTACT);
      expect((await api.confirm(d.auth, id)).body.data.status).toBe('EXTRACTED');
    });

    it('nobody else can read, replace or confirm an extract or its images, in any state', async () => {
      const a = await api.donor();
      const b = await api.donor();
      const front = await api.upload(a.auth, { type: 'front' }, card(5).front);
      const id = front.body.data.extract_id as string;

      async function bTries(state: string) {
        const before = await api.extractRow(id);
        const profileBefore = await api.profileRow(a.user.id);
        const attempts = {
          read: (await app().request({ method: 'GET', url: API.extractById(id), headers: b.auth })).status,
          front: (await app().request({ method: 'GET', url: `/extract/${id}/image/front`, headers: b.auth }))
            .status,
          back: (await app().request({ method: 'GET', url: `/extract/${id}/image/back`, headers: b.auth }))
            .status,
          replaceBack: (await api.upload(b.auth, { type: 'back', extract_id: id }, card(1).back)).status,
          confirm: (await api.confirm(b.auth, id)).status,
          anonymous: (await app().request({ method: 'GET', url: API.extractById(id) })).status,
        };
        expect(attempts, state).toEqual({
          read: 404,
          front: 404,
          back: 404,
          replaceBack: 404,
          confirm: 404,
          anonymous: 401,
        });
        // A's extract (data, images, status) and profile are byte-for-byte what they were.
        expect(await api.extractRow(id), state).toStrictEqual(before);
        expect(await api.profileRow(a.user.id), state).toStrictEqual(profileBefore);
        expect(await api.status(b.auth)).toBe('NONE');
      }

      await bTries('FRONT_UPLOADED');
      expect((await api.extractRow(id))!.status).toBe('FRONT_UPLOADED');
      expect((await api.upload(a.auth, { type: 'back', extract_id: id }, card(5).back)).status).toBe(200);
      await bTries('BACK_UPLOADED');
      expect((await api.confirm(a.auth, id)).body.data.status).toBe('EXTRACTED');
      await bTries('confirmed');
      // The owner still reads both.
      for (const side of ['front', 'back'])
        expect(
          (await app().request({ method: 'GET', url: `/extract/${id}/image/${side}`, headers: a.auth }))
            .status,
        ).toBe(200);
    });

    it('uploads need the current terms, recorded with version and time', async () => {
      const d = await createLoggedInUser(app());
      // Nothing accepted: neither side may be uploaded.
      const noTerms = await api.upload(d.auth, { type: 'front' }, card(6).front);
      expect([noTerms.status, noTerms.body.message]).toEqual([400, PROFILE_MESSAGES.termsRequired]);
      const backFirst = await api.upload(d.auth, { type: 'back', extract_id: randomUUID() }, card(6).back);
      expect([backFirst.status, backFirst.body.message]).toEqual([400, PROFILE_MESSAGES.termsRequired]);

      // An older version is not accepted by the terms endpoint, and records nothing.
      expect((await api.acceptTerms(d.auth, '2020-01')).status).toBe(400);
      expect(await api.profileRow(d.user.id)).toBeUndefined();
      expect((await api.acceptTerms(d.auth)).status).toBe(200);
      expect(await api.profileRow(d.user.id)).toMatchObject({
        termsVersion: CURRENT_DONOR_TERMS_VERSION,
        termsAcceptedAt: app().clock.now(),
        status: 'NONE',
      });
      const front = await api.upload(d.auth, { type: 'front' }, card(6).front);
      expect(front.status).toBe(200);

      // Terms accepted in an older version (new terms published since): uploads stop, the back too.
      await app()
        .database.db.update(donorProfiles)
        .set({ termsVersion: '2020-01' })
        .where(eq(donorProfiles.userId, d.user.id));
      const old = await api.upload(d.auth, { type: 'front' }, card(6).front);
      expect([old.status, old.body.message]).toEqual([400, PROFILE_MESSAGES.termsRequired]);
      const oldBack = await api.upload(
        d.auth,
        { type: 'back', extract_id: front.body.data.extract_id },
        card(6).back,
      );
      expect([oldBack.status, oldBack.body.message]).toEqual([400, PROFILE_MESSAGES.termsRequired]);
      expect((await api.extractRow(front.body.data.extract_id))!.status).toBe('FRONT_UPLOADED');
    });

    it("gives the spec's messages for bad files and a back before the front", async () => {
      const { auth } = await api.donor();
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
          card(0).front.subarray(0, Math.floor(card(0).front.length / 2)),
          400,
          IMAGE_MESSAGES.truncated,
        ],
        [{ type: 'front' }, Buffer.alloc(5 * 1024 * 1024 + 1, 7), 413, IMAGE_MESSAGES.tooLarge],
        [{ type: 'back' }, card(0).back, 400, PROFILE_MESSAGES.idBackBeforeFront],
      ];
      for (const [fields, image, status, message] of cases) {
        const res = await api.upload(auth, fields, image);
        expect([res.status, res.body.message]).toEqual([status, message]);
      }
    });
  },
);

describe.each(DB_KINDS)('ID-card image retention on %s', (kind) => {
  let t: TestContext;
  const api = identityApi(() => t);
  const RETENTION_DAYS = 10;

  beforeAll(async () => {
    // Not the default (30 days): the sweep must use the configured period.
    t = await createTestContext(kind, { env: { ID_IMAGE_RETENTION_DAYS: String(RETENTION_DAYS) } });
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  it('deletes images past retention after confirmation or abandonment, and keeps those waiting for review', async () => {
    const now = t.clock.now().getTime();
    const daysAgo = (d: number) => new Date(now - d * DAY_MS);
    const image = Buffer.from('sealed image bytes');
    async function extract(userId: number, createdDaysAgo: number, confirmedDaysAgo: number | null) {
      const id = randomUUID();
      await t.database.db.insert(idExtracts).values({
        id,
        userId,
        status: confirmedDaysAgo === null ? 'BACK_UPLOADED' : 'CONFIRM_MATCHED',
        frontImage: image,
        backImage: image,
        createdAt: daysAgo(createdDaysAgo),
        confirmedAt: confirmedDaysAgo === null ? null : daysAgo(confirmedDaysAgo),
      });
      return id;
    }
    async function profile(userId: number, status: 'EXTRACTED' | 'PENDING', extractId: string) {
      await t.database.db.insert(donorProfiles).values({ userId, status, extractId, cardId: null });
    }
    const [u1, u2, u3, u4] = [
      await createLoggedInUser(t),
      await createLoggedInUser(t),
      await createLoggedInUser(t),
      await createLoggedInUser(t),
    ];
    const ids = {
      confirmedOld: await extract(u1.user.id, RETENTION_DAYS + 2, RETENTION_DAYS + 1),
      confirmedRecent: await extract(u2.user.id, RETENTION_DAYS, RETENTION_DAYS - 1),
      pending: await extract(u3.user.id, 41, 40),
      // An earlier attempt of the PENDING donor, no longer the one under review.
      pendingSuperseded: await extract(u3.user.id, 61, 60),
      abandonedOld: await extract(u4.user.id, RETENTION_DAYS + 1, null),
      abandonedRecent: await extract(u4.user.id, RETENTION_DAYS - 1, null),
    };
    await profile(u1.user.id, 'EXTRACTED', ids.confirmedOld);
    await profile(u2.user.id, 'EXTRACTED', ids.confirmedRecent);
    await profile(u3.user.id, 'PENDING', ids.pending);

    // The service as the app builds it: configured days, the app's clock.
    const service = identityServiceFor(t.app);
    const deleted = await service.sweepImages();
    expect(deleted.sort()).toEqual([ids.confirmedOld, ids.pendingSuperseded, ids.abandonedOld].sort());

    const rows = await t.database.db
      .select()
      .from(idExtracts)
      .where(inArray(idExtracts.id, Object.values(ids)));
    const lost = (id: string) => {
      const r = rows.find((x) => x.id === id)!;
      return r.frontImage === null && r.backImage === null && r.imagesDeletedAt?.getTime() === now;
    };
    const kept = (id: string) => {
      const r = rows.find((x) => x.id === id)!;
      return r.frontImage?.equals(image) && r.backImage?.equals(image) && r.imagesDeletedAt === null;
    };
    expect(
      Object.fromEntries(
        Object.entries(ids).map(([k, id]) => [k, lost(id) ? 'deleted' : kept(id) ? 'kept' : '?']),
      ),
    ).toEqual({
      confirmedOld: 'deleted',
      confirmedRecent: 'kept',
      pending: 'kept',
      pendingSuperseded: 'deleted',
      abandonedOld: 'deleted',
      abandonedRecent: 'kept',
    });
    // The donor sees that the images are gone; the fields read stay.
    const gone = await t.request({ method: 'GET', url: API.extractById(ids.confirmedOld), headers: u1.auth });
    expect(gone.body.data.card_images).toEqual({ front: null, back: null });
    expect(
      (await t.request({ method: 'GET', url: `/extract/${ids.confirmedOld}/image/front`, headers: u1.auth }))
        .status,
    ).toBe(404);
    // Idempotent.
    expect(await service.sweepImages()).toEqual([]);

    // Once staff have reviewed the PENDING profile, its images follow the normal rule.
    await t.database.db
      .update(donorProfiles)
      .set({ status: 'EXTRACTED' })
      .where(eq(donorProfiles.userId, u3.user.id));
    expect(await service.sweepImages()).toEqual([ids.pending]);
    expect(await api.extractRow(ids.pending)).toMatchObject({ frontImage: null, backImage: null });
  });

  it('the sweep runs at start and then every hour until the app closes, and a failure is only logged', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const sweepImages = vi.fn().mockResolvedValueOnce(['a']).mockRejectedValueOnce(new Error('db down'));
    sweepImages.mockResolvedValue([]);
    const log = { info: vi.fn(), error: vi.fn() };
    const stop = startImageRetentionSweep({ sweepImages }, log as never);
    expect(sweepImages).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(sweepImages).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(sweepImages).toHaveBeenCalledTimes(3);
    expect(log.info).toHaveBeenCalledWith({ deleted: 1 }, 'ID-card images past retention deleted');
    expect(log.error).toHaveBeenCalledTimes(1);
    stop();
    await vi.advanceTimersByTimeAsync(3 * 3_600_000);
    expect(sweepImages).toHaveBeenCalledTimes(3);
  });
});

// One reading thread and one waiting place (config.idCard): uploads past them answer 503 at once.
// The reading pool's behaviour, the same on either database: the embedded one only.
describe.each(EMBEDDED_ONLY)('ID-card uploads when the reading queue is full on %s', (kind) => {
  let t: TestContext;
  const api = identityApi(() => t);
  const people = generateIdentities(5, 5151);
  let cards: RenderedCard[];

  beforeAll(async () => {
    t = await createTestContext(kind, { config: { idCard: { workers: 1, queueMax: 1 } }, idCardThreads });
    cards = await cardsOf(5, 5151);
  });
  afterAll(() => t.close());

  it(
    'reads as many sides as there are threads and places, answers 503 with Retry-After to the rest, and reads them when sent again',
    { timeout: 120_000 },
    async () => {
      const donors = [];
      for (let i = 0; i < people.length; i++) donors.push(await api.donor());
      // All five are sent at once: the others arrive while the first side is read (half a second
      // or more; a second more when the file's reading thread starts with it).
      const answers = await Promise.all(
        donors.map((d, i) => api.upload(d.auth, { type: 'front' }, cards[i]!.front)),
      );

      const read = answers.flatMap((a, i) => (a.status === 200 ? [i] : []));
      const busy = answers.flatMap((a, i) => (a.status === 503 ? [i] : []));
      expect(read).toHaveLength(2);
      expect(busy).toHaveLength(3);
      for (const i of read)
        expect(answers[i]!.body.data).toMatchObject({
          extract_status: 'FRONT_UPLOADED',
          card_id: people[i]!.idNumber,
        });
      for (const i of busy) {
        expect(answers[i]!.body).toMatchObject({
          success: false,
          message: 'Hệ thống đang bận đọc giấy tờ, vui lòng thử lại sau ít phút.',
          data: null,
          code: 'ID_CARD_BUSY',
        });
        expect(answers[i]!.headers['retry-after']).toMatch(/^[1-9][0-9]*$/);
        // Nothing was read or stored for a refused upload.
        const rows = await t.database.db
          .select()
          .from(idExtracts)
          .where(eq(idExtracts.userId, donors[i]!.user.id));
        expect(rows).toEqual([]);
      }

      // Sent again once the queue has room, each refused photo is read.
      for (const i of busy) {
        const again = await api.upload(donors[i]!.auth, { type: 'front' }, cards[i]!.front);
        expect(again.status, again.body.message).toBe(200);
        expect(again.body.data.card_id).toBe(people[i]!.idNumber);
      }
      // A refusal was not counted against the donor's uploads of the hour: only the one read.
      for (const i of busy) {
        const [counter] = await t.database.db
          .select({ count: throttleCounters.count })
          .from(throttleCounters)
          .where(
            eq(throttleCounters.key, throttleKey(ID_UPLOADS_PER_ACCOUNT.bucket, String(donors[i]!.user.id))),
          );
        expect(counter?.count).toBe(1);
      }

      const metrics = await t.app.inject({ method: 'GET', url: API.metrics, remoteAddress: '127.0.0.1' });
      const families = parsePrometheusText(metrics.body);
      expect(samplesOf(families, 'giothong_idcard_rejected_total')[0]?.value).toBe(3);
      expect(samplesOf(families, 'giothong_idcard_queue_length')[0]?.value).toBe(0);
      expect(
        samplesOf(families, 'giothong_idcard_task_duration_seconds_count', { phase: 'run' })[0]?.value,
      ).toBe(5);
    },
  );

  it(
    'an upload arriving while the queue is full is refused before its body is read or counted',
    { timeout: 120_000 },
    async () => {
      const [a, b, late] = [await api.donor(), await api.donor(), await api.donor()];
      const first = Promise.all([
        api.upload(a.auth, { type: 'front' }, cards[0]!.front),
        api.upload(b.auth, { type: 'front' }, cards[1]!.front),
      ]);
      // One side reading, one waiting: the queue is full until the first is read.
      await vi.waitFor(() => expect(t.app.idCardPool.stats().pending).toBe(2), { timeout: 30_000 });
      const refused = await api.upload(late.auth, { type: 'front' }, cards[2]!.front);
      expect(refused.status).toBe(503);
      expect(refused.body.code).toBe('ID_CARD_BUSY');
      expect(refused.headers['retry-after']).toMatch(/^[1-9][0-9]*$/);
      expect((await first).map((r) => r.status)).toEqual([200, 200]);
      const counter = await t.database.db
        .select({ count: throttleCounters.count })
        .from(throttleCounters)
        .where(eq(throttleCounters.key, throttleKey(ID_UPLOADS_PER_ACCOUNT.bucket, String(late.user.id))));
      expect(counter).toEqual([]);
    },
  );
});
