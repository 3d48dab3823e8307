/**
 * The extract's vocabulary, shared by every step of the pipeline (README.md, "Pipeline"): the
 * extract's fields, where a value came from and how far it is trusted, and the shapes each side
 * and the merge return. Also the small helpers both sides use (timings, scores).
 */
import { CARD_NO_EXPIRY } from '@giot-hong/contract';
import { prepareImage, type PreparedImage } from './image-input.ts';
import type { RawImage } from './locate.ts';
import type { MrzChecks } from './mrz.ts';
import type { OcrResult } from './ocr.ts';

export const EXTRACT_FIELDS = [
  'card_id',
  'name',
  'dob',
  'sex',
  'nationality',
  'home',
  'address',
  'doe',
  'issue_loc',
  'issue_date',
] as const;
export type ExtractFieldName = (typeof EXTRACT_FIELDS)[number];

/** Where a value came from: the QR code, the machine-readable zone, OCR of printed text, or a rule of the card type. */
export type FieldSource = 'qr' | 'mrz' | 'ocr' | 'rule';

export interface FieldValue {
  value: string;
  /** 0..1 */
  confidence: number;
  source: FieldSource;
}

export type SideFields = Partial<Record<ExtractFieldName, FieldValue>>;

/** Issuing authority of the 2021 chip ID card (Căn cước công dân gắn chip), printed on its back. */
export const CHIP_CARD_ISSUE_LOC = 'Cục Cảnh sát quản lý hành chính về trật tự xã hội';
/** Issuing authority of the 'Thẻ căn cước' issued from 1 July 2024, printed on its back. */
export const CAN_CUOC_ISSUE_LOC = 'Bộ Công an';
/** First issue date (dd/MM/yyyy) of the 'Thẻ căn cước': cards issued from then on are the Ministry's. */
export const CAN_CUOC_FIRST_ISSUE_DATE = '01/07/2024';
/**
 * The issuing authorities a card may print, with the printed words without diacritics
 * (the chip card prints the signer's title, 'CỤC TRƯỞNG CỤC CẢNH SÁT QUẢN LÝ HÀNH CHÍNH …').
 */
export const ISSUING_AUTHORITIES: ReadonlyArray<{ value: string; printed: string }> = [
  { value: CHIP_CARD_ISSUE_LOC, printed: 'cuc canh sat quan ly hanh chinh ve trat tu xa hoi' },
  { value: CAN_CUOC_ISSUE_LOC, printed: 'bo cong an' },
];
/** Shown for 'doe' when the card never expires (issued after the holder turned 60). */
export const NO_EXPIRY = CARD_NO_EXPIRY;

/** Confidence of a value from a QR code whose payload parsed strictly (QR carries its own error correction). */
export const QR_CONFIDENCE = 0.99;
/** A value read from the MRZ whose own check digit and the composite check digit validate. */
export const MRZ_CONFIDENCE = 0.98;
/** Each letter/digit swap needed to validate lowers the MRZ confidence by this much. */
export const MRZ_CORRECTION_PENALTY = 0.03;
/**
 * A field whose digit was repaired by the check digits (mrz.ts `repairOneDigit`): below the
 * verification threshold on its own, above it once the front gives the same value.
 */
export const MRZ_REPAIRED_CONFIDENCE = 0.75;
/**
 * The issuing authority implied by the issue date when OCR did not find it on the back (or found
 * one the date contradicts): shown, but below CONFIDENCE_THRESHOLD, since nothing on the card
 * said so.
 */
export const IMPLIED_ISSUE_LOC_CONFIDENCE = 0.6;

/**
 * Minimum confidence of every key field for `isConsistentAndConfident`. OCR of clear printed
 * text scores 0.85–0.96 here; QR and checked MRZ values score ≥ 0.95.
 */
export const CONFIDENCE_THRESHOLD = 0.8;
/**
 * Fields that must all be present and at least CONFIDENCE_THRESHOLD for automatic verification:
 * every field but the issuing place. It does not tell one holder from another, and when OCR
 * misses it the issue date only implies it; a miss lowers the back's score instead.
 */
export const KEY_FIELDS: readonly ExtractFieldName[] = EXTRACT_FIELDS.filter((f) => f !== 'issue_loc');

export interface FrontExtraction {
  side: 'front';
  fields: SideFields;
  /** 0..1: mean confidence over the fields a front should give (missing = 0). */
  score: number;
  qr: { found: boolean; valid: boolean; oldIdNumber: string | null };
  /** Whether a card outline was found in the photo. */
  located: boolean;
  ms: number;
}

export interface BackExtraction {
  side: 'back';
  fields: SideFields;
  /** Name as printed in the MRZ (upper case, no diacritics), for comparison with the front. */
  mrzName: string | null;
  mrz: { found: boolean; valid: boolean; checks: MrzChecks | null; corrections: number };
  score: number;
  located: boolean;
  ms: number;
}

export interface Disagreement {
  /** 'card_id_structure': the ID number's sex/century digit or birth-year digits contradict dob/sex. */
  field: 'card_id' | 'name' | 'dob' | 'sex' | 'doe' | 'card_id_structure';
  front: string;
  back: string;
}

export interface CardExtract {
  fields: Record<ExtractFieldName, FieldValue | null>;
  score_front: number;
  score_back: number;
  disagreements: Disagreement[];
}

export interface ExtractOptions {
  /** Reference time for two-digit birth years (defaults to now). */
  now?: Date;
}

export const round = (n: number) => Math.round(n * 1000) / 1000;
export const elapsed = (start: bigint) => Number((process.hrtime.bigint() - start) / 1_000_000n);

export async function toPrepared(input: Buffer | PreparedImage): Promise<PreparedImage> {
  return Buffer.isBuffer(input) ? prepareImage(input) : input;
}

export function rgba(img: RawImage): { data: Uint8Array; width: number; height: number } {
  const out = new Uint8Array(img.width * img.height * 4);
  const src = img.data;
  for (let i = 0, j = 0; i < src.length; i += img.channels, j += 4) {
    out[j] = src[i]!;
    out[j + 1] = src[i + (img.channels === 3 ? 1 : 0)]!;
    out[j + 2] = src[i + (img.channels === 3 ? 2 : 0)]!;
    out[j + 3] = 255;
  }
  return { data: out, width: img.width, height: img.height };
}

/** Fields a complete front gives, for its score: every key field. */
export const FRONT_FIELDS = KEY_FIELDS;
/** Fields a complete back gives. */
export const BACK_FIELDS: readonly ExtractFieldName[] = [
  'card_id',
  'dob',
  'sex',
  'nationality',
  'doe',
  'issue_loc',
  'issue_date',
];

/** A side's score: the mean confidence over the fields a complete side gives (0 for a missing one). */
export function sideScore(fields: SideFields, expected: readonly ExtractFieldName[]): number {
  return round(expected.reduce((s, k) => s + (fields[k]?.confidence ?? 0), 0) / expected.length);
}

/** The OCR lines with their confidences, without the word boxes. */
export function linesOf(r: OcrResult) {
  return r.lines.map((l) => ({ text: l.text, confidence: l.confidence }));
}

/** YYMMDD of a dd/MM/yyyy date. */
export const ddmmyyyyToYymmdd = (s: string) => {
  const [d, m, y] = s.split('/') as [string, string, string];
  return `${y.slice(2)}${m}${d}`;
};

/** Edit distance of `needle` to the best-matching part of `hay` (semi-global alignment). */
export function infixDistance(needle: string, hay: string): number {
  let prev = new Array<number>(hay.length + 1).fill(0);
  for (let i = 1; i <= needle.length; i++) {
    const cur = new Array<number>(hay.length + 1);
    cur[0] = i;
    for (let j = 1; j <= hay.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (needle[i - 1] === hay[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return Math.min(...prev);
}

/** yyyymmdd as a number, for comparing dd/MM/yyyy dates; null when not such a date. */
const dateKey = (s: string) => {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(s);
  return m ? Number(`${m[3]}${m[2]}${m[1]}`) : null;
};

/** The authority that issues cards on `issueDate`: the Ministry from 1 July 2024, before it the police department. */
export function issuingAuthorityOn(issueDate: string): string | null {
  const key = dateKey(issueDate);
  if (key === null) return null;
  return key >= dateKey(CAN_CUOC_FIRST_ISSUE_DATE)! ? CAN_CUOC_ISSUE_LOC : CHIP_CARD_ISSUE_LOC;
}

/** The authority implied by the issue date, below the trust threshold (nothing printed was read). */
export function impliedIssuingAuthority(issueDate: string | null | undefined): FieldValue | null {
  const value = issueDate ? issuingAuthorityOn(issueDate) : null;
  return value ? { value, confidence: IMPLIED_ISSUE_LOC_CONFIDENCE, source: 'rule' } : null;
}
