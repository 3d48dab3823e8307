import { z } from 'zod';
import { singleLineText } from './text-field.ts';
import { ZEnvelope } from './envelope.ts';

/** Extract states. CONFIRM_MATCHED is the confirm action the wizard sends to /status. */
export const EXTRACT_STATUS = {
  FRONT_UPLOADED: 'FRONT_UPLOADED',
  BACK_UPLOADED: 'BACK_UPLOADED',
  CONFIRM_MATCHED: 'CONFIRM_MATCHED',
} as const;

/**
 * ID-card uploads (POST /recognition-id, either side) one account may make per window: each is
 * read by OCR and stored, so a loop must not tie up the server. Two per attempt, so ten attempts
 * an hour. A protection, so RATE_LIMIT_SCALE multiplies it.
 */
export const IDCARD_LIMITS = {
  uploadsPerAccountMax: 20,
  uploadsPerAccountWindowSeconds: 60 * 60,
} as const;

/** A card's expiry ('doe') when it never expires (issued after the holder turned 60). */
export const CARD_NO_EXPIRY = 'Không thời hạn';

export const IDCARD_MESSAGES = {
  tooManyUploads: (wait: string) => `Bạn đã tải lên quá nhiều ảnh căn cước. Vui lòng thử lại sau ${wait}.`,
} as const;

/** Identity-card details of an extract; per-field confidence in `features`. */
export const ZIdCardExtract = z.object({
  id: z.string(),
  extract_id: z.string(),
  cardType: z.string(),
  extract_status: z.string(),
  card_id: z.string().nullable(),
  name: z.string().nullable(),
  dob: z.string().nullable(),
  sex: z.string().nullable(),
  nationality: z.string().nullable(),
  home: z.string().nullable(),
  address: z.string().nullable(),
  doe: z.string().nullable(),
  issue_loc: z.string().nullable(),
  issue_date: z.string().nullable(),
  /** Field name → confidence 0..1, and the disagreements found between the two sides. */
  features: z.object({ confidence: z.record(z.string(), z.number()), disagreements: z.array(z.string()) }),
  data: z.record(z.string(), z.unknown()).nullable(),
  score_front: z.number().nullable(),
  score_back: z.number().nullable(),
  input_source: z.string(),
  is_active: z.boolean(),
  card_images: z.object({ front: z.string().nullable(), back: z.string().nullable() }),
});
export type TIdCardExtract = z.infer<typeof ZIdCardExtract>;
export const ZIdCardExtractResponse = ZEnvelope(ZIdCardExtract);

export const ZExtractStatusRequest = z.object({
  extract_id: singleLineText().min(1).max(100),
  extract_status: z.literal(EXTRACT_STATUS.CONFIRM_MATCHED),
});
export const ZExtractStatusResponse = ZEnvelope(z.object({ status: z.string() }));
