import {
  DONOR_STATUS,
  ErrorCode,
  EXTRACT_STATUS,
  PROFILE_MESSAGES,
  type TIdCardExtract,
} from '@giot-hong/contract';
import { randomUUID } from 'node:crypto';
import {
  extractBack,
  extractFront,
  isConsistentAndConfident,
  mergeSides,
  type BackExtraction,
  type CardExtract,
  type FrontExtraction,
} from '../../idcard/extract.ts';
import { ImageInputError, prepareImage, type PreparedImage } from '../../idcard/image-input.ts';
import { fromRaw } from '../../idcard/locate.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { HttpError, badRequest, conflict, notFound } from '../../lib/http-error.ts';
import type { SealedBox } from '../../lib/sealed-box.ts';
import type { ExtractRow, IdentityRepository } from './identity.repository.ts';

export const IDENTITY_MESSAGES = {
  extractNotFound: 'Không tìm thấy thông tin trích xuất',
  alreadyVerified: 'Hồ sơ người hiến máu của bạn đã được xác thực',
  notReadyToConfirm: 'Vui lòng tải lên đủ hai mặt căn cước trước khi xác nhận',
  cardIdTaken: 'Số căn cước này đã được dùng để xác thực một tài khoản khác',
  unreadable: 'Không đọc được thông tin trên ảnh. Vui lòng chụp lại rõ nét, đủ sáng và không bị lóa.',
} as const;

const DAY_MS = 86_400_000;

/** Upload errors keep the engine's Vietnamese message; size is a 413 like any other upload. */
function toHttpError(err: unknown): never {
  if (err instanceof ImageInputError) {
    throw new HttpError(
      err.code === 'TOO_LARGE' ? ErrorCode.PAYLOAD_TOO_LARGE : ErrorCode.VALIDATION,
      err.message,
    );
  }
  throw err;
}

export function createIdentityService(deps: {
  repo: IdentityRepository;
  clock: Clock;
  box: SealedBox;
  retentionDays: number;
}) {
  const { repo, clock, box } = deps;

  /** The image as we keep it: upright, bounded, re-encoded (no metadata), then sealed. */
  async function sealImage(prepared: PreparedImage) {
    return box.seal(await fromRaw(prepared.pixels).jpeg({ quality: 85 }).toBuffer());
  }

  async function requireUploadAllowed(userId: number) {
    const profile = await repo.profile(userId);
    if (!profile?.termsAcceptedAt) throw badRequest(PROFILE_MESSAGES.termsRequired);
    if (profile.status === DONOR_STATUS.EXTRACTED) throw conflict(IDENTITY_MESSAGES.alreadyVerified);
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
        front: imagesKept && row.frontImage ? `/extract/${row.id}/image/front` : null,
        back: imagesKept && row.backImage ? `/extract/${row.id}/image/back` : null,
      },
    };
  }

  return {
    toDto,

    async uploadFront(userId: number, upload: Buffer | undefined): Promise<TIdCardExtract> {
      await requireUploadAllowed(userId);
      const prepared = await prepareImage(upload).catch(toHttpError);
      const front = await extractFront(prepared);
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
        frontImage: await sealImage(prepared),
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
      if (row.status === EXTRACT_STATUS.CONFIRM_MATCHED) throw conflict(IDENTITY_MESSAGES.alreadyVerified);
      const prepared = await prepareImage(upload).catch(toHttpError);
      const front = row.frontFields as FrontExtraction;
      const back: BackExtraction = await extractBack(prepared, { front, now: clock.now() });
      const merged = mergeSides(front, back);
      await repo.updateExtract(extractId, userId, {
        status: EXTRACT_STATUS.BACK_UPLOADED,
        backFields: back,
        merged,
        scoreBack: back.score,
        backImage: await sealImage(prepared),
      });
      return toDto((await repo.findOwnExtract(extractId, userId))!);
    },

    async get(userId: number, id: string) {
      return toDto(await ownExtract(userId, id));
    },

    async image(userId: number, id: string, side: 'front' | 'back'): Promise<Buffer> {
      const row = await ownExtract(userId, id);
      const sealed = side === 'front' ? row.frontImage : row.backImage;
      if (!sealed || row.imagesDeletedAt) throw notFound('Ảnh đã được xóa theo chính sách lưu trữ');
      return box.open(sealed);
    },

    /**
     * The donor confirms what was read. Consistent, confident fields verify the profile
     * (EXTRACTED); anything else waits for staff review (PENDING). One ID number, one account.
     */
    async confirm(userId: number, extractId: string): Promise<{ status: string }> {
      const row = await ownExtract(userId, extractId);
      if (row.status !== EXTRACT_STATUS.BACK_UPLOADED || !row.merged)
        throw badRequest(IDENTITY_MESSAGES.notReadyToConfirm);
      const profile = await repo.profile(userId);
      if (profile?.status === DONOR_STATUS.EXTRACTED) throw conflict(IDENTITY_MESSAGES.alreadyVerified);
      const merged = row.merged as CardExtract;
      const v = (k: keyof CardExtract['fields']) => merged.fields[k]?.value ?? null;
      const cardId = v('card_id');
      if (cardId && (await repo.cardIdUsedByOther(cardId, userId)))
        throw conflict(IDENTITY_MESSAGES.cardIdTaken);
      const status = isConsistentAndConfident(merged) ? DONOR_STATUS.EXTRACTED : DONOR_STATUS.PENDING;
      try {
        await repo.confirm(
          userId,
          extractId,
          status,
          {
            cardId,
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
          clock.now(),
        );
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(IDENTITY_MESSAGES.cardIdTaken);
        throw err;
      }
      return { status };
    },

    /** Deletes ID images older than the retention period (after confirmation, or abandoned). */
    async sweepImages(): Promise<number> {
      return repo.deleteImagesBefore(new Date(clock.now().getTime() - deps.retentionDays * DAY_MS));
    },
  };
}
export type IdentityService = ReturnType<typeof createIdentityService>;
