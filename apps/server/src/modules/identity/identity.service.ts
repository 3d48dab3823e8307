import {
  CURRENT_DONOR_TERMS_VERSION,
  DONOR_STATUS,
  ERROR_MESSAGES,
  ErrorCode,
  EXTRACT_STATUS,
  PROFILE_MESSAGES,
  ZDonorConfirmForm,
  type TIdCardExtract,
} from '@giot-hong/contract';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
// The merge alone, not the library's entry: the reading steps (sharp, OCR, QR) load with the first
// side read (read-side.ts, in the reading threads), not with the server.
import type { CardExtract, FrontExtraction } from '../../idcard/extract-fields.ts';
import { isConsistentAndConfident, mergeSides } from '../../idcard/merge-sides.ts';
import { ImageInputError } from '../../idcard/image-input.ts';
import { IdCardPoolBusyError } from '../../idcard/pool.ts';
import type { ReadSideResult, ReadSideTask } from '../../idcard/read-side.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { HttpError, badRequest, conflict, notFound } from '../../lib/http-error.ts';
import type { SealedBox } from '../../lib/sealed-box.ts';
import type { ConfirmDecision, ExtractRow, IdentityRepository } from './identity.repository.ts';

export const IDENTITY_MESSAGES = {
  extractNotFound: 'Không tìm thấy thông tin trích xuất',
  alreadyVerified: 'Hồ sơ người hiến máu của bạn đã được xác thực',
  /** A new side or a second confirmation for an extract already confirmed (EXTRACTED or PENDING). */
  extractConfirmed: 'Thông tin căn cước này đã được xác nhận, không thể thay đổi',
  notReadyToConfirm: 'Vui lòng tải lên đủ hai mặt căn cước trước khi xác nhận',
  cardIdTaken: 'Số căn cước này đã được dùng để xác thực một tài khoản khác',
  unreadable: 'Không đọc được thông tin trên ảnh. Vui lòng chụp lại rõ nét, đủ sáng và không bị lóa.',
} as const;

const DAY_MS = 86_400_000;

/**
 * What the confirm step of the wizard requires of the profile (a 10-digit mobile and a contact
 * address), checked again here.
 */
const ZConfirmContact = z.object({
  mobile: ZDonorConfirmForm.shape.mobile,
  address_contact: ZDonorConfirmForm.shape.address_contact,
});

/**
 * Upload errors keep the engine's Vietnamese message; size is a 413 like any other upload. A full
 * reading queue is a 503 with the time to wait: nothing was read or stored, the same photo may be
 * sent again.
 */
export function toHttpError(err: unknown): never {
  if (err instanceof ImageInputError) {
    throw new HttpError(
      err.code === 'TOO_LARGE' ? ErrorCode.PAYLOAD_TOO_LARGE : ErrorCode.VALIDATION,
      err.message,
    );
  }
  if (err instanceof IdCardPoolBusyError) {
    throw new HttpError(ErrorCode.ID_CARD_BUSY, ERROR_MESSAGES.ID_CARD_BUSY, {
      retryAfterSeconds: err.retryAfterSeconds,
    });
  }
  throw err;
}

/** A side read, or the refusal of its image thrown as the ImageInputError it is. */
function readOrThrow<S extends 'front' | 'back'>(result: ReadSideResult, side: S) {
  if (!result.ok) throw new ImageInputError(result.code);
  if (result.side !== side) throw new Error(`read the ${result.side} for the ${side}`);
  return result as Extract<ReadSideResult, { ok: true; side: S }>;
}

/** The re-encoded image as a Buffer (a worker thread sends back a plain Uint8Array). */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export function createIdentityService(deps: {
  repo: IdentityRepository;
  clock: Clock;
  box: SealedBox;
  retentionDays: number;
  /**
   * Reads one side: decoding, extraction and the re-encoding for storage. The app passes its
   * worker-thread pool (idcard/pool.ts), which may refuse with IdCardPoolBusyError; by default
   * (scripts, tests of the service alone) the side is read on this thread.
   */
  readSide?: (task: ReadSideTask) => Promise<ReadSideResult>;
  /** Wraps the reading of one side (the metrics count and time it); by default it just runs. */
  timeExtraction?: <T>(side: 'front' | 'back', run: () => Promise<T>) => Promise<T>;
}) {
  const { repo, clock, box } = deps;
  // On this thread, the reading pipeline (sharp, OCR, QR) loads with the first side, not at start.
  const readSide =
    deps.readSide ?? (async (task) => (await import('../../idcard/read-side.ts')).readSide(task));
  const timeExtraction = deps.timeExtraction ?? ((_side, run) => run());
  const noImage = new Uint8Array(0);

  /** Uploads need the acceptance of the terms in force (an older version does not count). */
  async function requireUploadAllowed(userId: number) {
    const profile = await repo.profile(userId);
    if (!profile?.termsAcceptedAt || profile.termsVersion !== CURRENT_DONOR_TERMS_VERSION)
      throw badRequest(PROFILE_MESSAGES.termsRequired);
    if (profile.status === DONOR_STATUS.EXTRACTED) throw conflict(IDENTITY_MESSAGES.alreadyVerified);
  }

  /** Mobile (exactly 10 digits) and contact address on the profile, with the confirm step's messages. */
  function requireContact(profile: Awaited<ReturnType<IdentityRepository['profile']>>) {
    const parsed = ZConfirmContact.safeParse({
      mobile: profile?.mobile ?? '',
      address_contact: profile?.addressContact ?? '',
    });
    if (!parsed.success) throw badRequest(parsed.error.issues[0]!.message);
  }

  /** The profile's status and identity fields from what both sides gave. */
  function decide(row: ExtractRow): ConfirmDecision {
    const merged = row.merged as CardExtract;
    const v = (k: keyof CardExtract['fields']) => merged.fields[k]?.value ?? null;
    return {
      status: isConsistentAndConfident(merged) ? DONOR_STATUS.EXTRACTED : DONOR_STATUS.PENDING,
      fields: {
        cardId: v('card_id'),
        fullName: v('name'),
        dob: v('dob'),
        gender: v('sex'),
        nationality: v('nationality'),
        home: v('home'),
        address: v('address'),
        doe: v('doe'),
        issueLoc: v('issue_loc'),
        issueDate: v('issue_date'),
      },
    };
  }

  async function ownExtract(userId: number, id: string) {
    const row = await repo.findOwnExtract(id, userId);
    if (!row) throw notFound(IDENTITY_MESSAGES.extractNotFound);
    return row;
  }

  function toDto(row: ExtractRow): TIdCardExtract {
    const merged =
      (row.merged as CardExtract | null) ??
      mergeSides((row.frontFields as FrontExtraction | null) ?? null, null);
    const value = (k: keyof CardExtract['fields']) => merged.fields[k]?.value ?? null;
    const confidence: Record<string, number> = {};
    for (const [k, v] of Object.entries(merged.fields)) if (v) confidence[k] = v.confidence;
    const imagesKept = !row.imagesDeletedAt;
    return {
      id: row.id,
      extract_id: row.id,
      cardType: 'CCCD_CHIP',
      extract_status: row.status,
      card_id: value('card_id'),
      name: value('name'),
      dob: value('dob'),
      sex: value('sex'),
      nationality: value('nationality'),
      home: value('home'),
      address: value('address'),
      doe: value('doe'),
      issue_loc: value('issue_loc'),
      issue_date: value('issue_date'),
      features: { confidence, disagreements: merged.disagreements.map((d) => d.field) },
      data: null,
      score_front: row.scoreFront,
      score_back: row.scoreBack,
      input_source: 'upload',
      is_active: true,
      card_images: {
        front: imagesKept && row.hasFrontImage ? `/extract/${row.id}/image/front` : null,
        back: imagesKept && row.hasBackImage ? `/extract/${row.id}/image/back` : null,
      },
    };
  }

  return {
    toDto,

    async uploadFront(userId: number, upload: Buffer | undefined): Promise<TIdCardExtract> {
      await requireUploadAllowed(userId);
      const read = await timeExtraction('front', async () =>
        readOrThrow(await readSide({ side: 'front', image: upload ?? noImage }), 'front'),
      ).catch(toHttpError);
      const front = read.extraction;
      if (!front.qr.valid && front.score === 0) throw badRequest(IDENTITY_MESSAGES.unreadable);
      const id = randomUUID();
      const merged = mergeSides(front, null);
      await repo.insertExtract({
        id,
        userId,
        status: EXTRACT_STATUS.FRONT_UPLOADED,
        frontFields: front,
        merged,
        scoreFront: front.score,
        // The engine's re-encoding for storage (upright, no metadata), sealed.
        frontImage: box.seal(asBuffer(read.stored)),
        createdAt: clock.now(),
      });
      return toDto((await repo.findOwnExtract(id, userId))!);
    },

    async uploadBack(
      userId: number,
      extractId: string | undefined,
      upload: Buffer | undefined,
    ): Promise<TIdCardExtract> {
      if (!extractId) throw badRequest(PROFILE_MESSAGES.idBackBeforeFront);
      await requireUploadAllowed(userId);
      const row = await ownExtract(userId, extractId);
      if (row.status === EXTRACT_STATUS.CONFIRM_MATCHED) throw conflict(IDENTITY_MESSAGES.extractConfirmed);
      const front = row.frontFields as FrontExtraction;
      const read = await timeExtraction('back', async () =>
        readOrThrow(
          await readSide({ side: 'back', image: upload ?? noImage, front, now: clock.now() }),
          'back',
        ),
      ).catch(toHttpError);
      const back = read.extraction;
      const merged = mergeSides(front, back);
      // Reading the back takes a moment: if the extract was confirmed meanwhile, this back is refused.
      const stored = await repo.updateBack(extractId, userId, {
        backFields: back,
        merged,
        scoreBack: back.score,
        backImage: box.seal(asBuffer(read.stored)),
      });
      if (!stored) throw conflict(IDENTITY_MESSAGES.extractConfirmed);
      return toDto((await repo.findOwnExtract(extractId, userId))!);
    },

    async get(userId: number, id: string) {
      return toDto(await ownExtract(userId, id));
    },

    async image(userId: number, id: string, side: 'front' | 'back'): Promise<Buffer> {
      const row = await repo.ownSealedImage(id, userId, side);
      if (!row) throw notFound(IDENTITY_MESSAGES.extractNotFound);
      if (!row.sealed || row.imagesDeletedAt) throw notFound('Ảnh đã được xóa theo chính sách lưu trữ');
      return box.open(row.sealed);
    },

    /**
     * The donor confirms what was read. Consistent, confident fields verify the profile
     * (EXTRACTED); anything else waits for staff review (PENDING). The profile must hold the
     * contact details the wizard's confirm step asks for. One ID number verifies one account:
     * a number another account verified is refused; PENDING claims keep their number for staff
     * without taking it from its owner.
     */
    async confirm(userId: number, extractId: string): Promise<{ status: string }> {
      const row = await ownExtract(userId, extractId);
      if (row.status === EXTRACT_STATUS.CONFIRM_MATCHED) throw conflict(IDENTITY_MESSAGES.extractConfirmed);
      if (row.status !== EXTRACT_STATUS.BACK_UPLOADED || !row.merged)
        throw badRequest(IDENTITY_MESSAGES.notReadyToConfirm);
      const profile = await repo.profile(userId);
      if (profile?.status === DONOR_STATUS.EXTRACTED) throw conflict(IDENTITY_MESSAGES.alreadyVerified);
      requireContact(profile);
      const cardId = decide(row).fields.cardId;
      // A fast, clear refusal; the unique index decides when two accounts confirm at once.
      // The refused extract waits for staff as a dispute (the chapter can act on it).
      const taken = async () => {
        await repo.markDisputed(extractId, userId, clock.now());
        return conflict(IDENTITY_MESSAGES.cardIdTaken);
      };
      if (cardId && (await repo.cardIdVerifiedByOther(cardId, userId))) throw await taken();
      let decision: ConfirmDecision | null;
      try {
        decision = await repo.confirm(userId, extractId, clock.now(), decide);
      } catch (err) {
        if (isUniqueViolation(err)) throw await taken();
        throw err;
      }
      // Confirmed by a concurrent request of the same donor.
      if (!decision) throw conflict(IDENTITY_MESSAGES.extractConfirmed);
      return { status: decision.status };
    },

    /**
     * Deletes ID-card images past retention: `retentionDays` after confirmation (unless the
     * profile still waits for review as PENDING), or after creation for an extract never
     * confirmed. Returns the ids of the extracts whose images were deleted.
     */
    async sweepImages(): Promise<string[]> {
      const now = clock.now();
      return repo.deleteImagesBefore(new Date(now.getTime() - deps.retentionDays * DAY_MS), now);
    },
  };
}
export type IdentityService = ReturnType<typeof createIdentityService>;
