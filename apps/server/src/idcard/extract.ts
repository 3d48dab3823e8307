/**
 * ID-card extraction: front (QR code, then OCR for what it lacks), back (MRZ with check digits,
 * OCR for the issue date when still needed), and the merge of both sides into the extract
 * fields of the spec with a confidence per field and the disagreements between the sides.
 *
 * Everything runs in this process: no image or text leaves the server, nothing is fetched.
 */
import { CARD_NO_EXPIRY } from '@giot-hong/contract';
import { prepareImage, type PreparedImage } from './image-input.ts';
import { fromRaw, normaliseCard, toRaw, type RawImage } from './locate.ts';
import {
  birthYear,
  combineReadings,
  expiryYear,
  findTd1,
  isBetterMrz,
  mrzDateToDisplay,
  mrzTransliterate,
  type MrzChecks,
  type MrzExpectation,
  type MrzParseResult,
} from './mrz.ts';
import { readMrzText, readRegionText, type OcrResult } from './ocr.ts';
import { parseFrontText, findDate, type FrontTextFields } from './front-text.ts';
import { decodeQr, parseQrPayload, type QrPayload } from './qr.ts';
import { fold } from './text.ts';

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
const QR_CONFIDENCE = 0.99;
/** A value read from the MRZ whose own check digit and the composite check digit validate. */
const MRZ_CONFIDENCE = 0.98;
/** Each letter/digit swap needed to validate lowers the MRZ confidence by this much. */
const MRZ_CORRECTION_PENALTY = 0.03;
/**
 * A field whose digit was repaired by the check digits (mrz.ts `repairOneDigit`): below the
 * verification threshold on its own, above it once the front gives the same value.
 */
const MRZ_REPAIRED_CONFIDENCE = 0.75;
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

const round = (n: number) => Math.round(n * 1000) / 1000;
const elapsed = (start: bigint) => Number((process.hrtime.bigint() - start) / 1_000_000n);

async function toPrepared(input: Buffer | PreparedImage): Promise<PreparedImage> {
  return Buffer.isBuffer(input) ? prepareImage(input) : input;
}

function rgba(img: RawImage): { data: Uint8Array; width: number; height: number } {
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

function fromQr(p: QrPayload): SideFields {
  const f = (value: string): FieldValue => ({ value, confidence: QR_CONFIDENCE, source: 'qr' });
  return {
    card_id: f(p.idNumber),
    name: f(p.fullName),
    dob: f(p.birthDate),
    sex: f(p.sex),
    address: f(p.address),
    issue_date: f(p.issueDate),
    // Nationality and issuing authority are not in the QR code: the nationality is read on the
    // front (OCR) and in the MRZ, the authority on the back.
  };
}

function fromFrontText(t: FrontTextFields): SideFields {
  const out: SideFields = {};
  for (const [k, v] of Object.entries(t) as Array<
    [keyof FrontTextFields, { value: string; confidence: number }]
  >) {
    out[k] = { value: v.value, confidence: round(Math.max(0, Math.min(1, v.confidence))), source: 'ocr' };
  }
  return out;
}

/** Fields a complete front gives, for its score: every key field. */
const FRONT_FIELDS = KEY_FIELDS;
/** Fields a complete back gives. */
const BACK_FIELDS: readonly ExtractFieldName[] = [
  'card_id',
  'dob',
  'sex',
  'nationality',
  'doe',
  'issue_loc',
  'issue_date',
];

function sideScore(fields: SideFields, expected: readonly ExtractFieldName[]): number {
  return round(expected.reduce((s, k) => s + (fields[k]?.confidence ?? 0), 0) / expected.length);
}

/** Reads the front of a card. Throws ImageInputError for an unacceptable upload. */
export async function extractFront(input: Buffer | PreparedImage): Promise<FrontExtraction> {
  const start = process.hrtime.bigint();
  const image = await toPrepared(input);

  const readings = await decodeQr(rgba(image.pixels));
  let payload: QrPayload | null = null;
  let hintAngle: number | undefined;
  for (const r of readings) {
    const parsed = parseQrPayload(r.text);
    if (parsed.ok) {
      payload = parsed.payload;
      const { topLeft: a, topRight: b } = r.position;
      hintAngle = (Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI;
      break;
    }
  }

  const { card, located } = await normaliseCard(image.pixels, hintAngle);
  let fields: SideFields = payload ? fromQr(payload) : {};

  // OCR only what the QR code does not carry: nationality, place of origin and expiry (and
  // everything when there is no readable QR code).
  let text: FrontTextFields = {};
  if (payload) {
    text = parseFrontText(linesOf(await readRegionText(card, 'frontHome')));
    if (!text.home) text = parseFrontText(linesOf(await readRegionText(card, 'frontFields')));
  } else {
    text = parseFrontText(linesOf(await readRegionText(card, 'frontFields')));
  }
  const expiry = parseFrontText(linesOf(await readRegionText(card, 'frontExpiry')));
  if (expiry.doe) text.doe = expiry.doe;

  const ocrFields = fromFrontText(text);
  if (payload) {
    fields = {
      ...fields,
      ...(ocrFields.home ? { home: ocrFields.home } : {}),
      ...(ocrFields.doe ? { doe: ocrFields.doe } : {}),
      ...(ocrFields.nationality ? { nationality: ocrFields.nationality } : {}),
    };
  } else {
    fields = ocrFields;
  }

  return {
    side: 'front',
    fields,
    score: sideScore(fields, FRONT_FIELDS),
    qr: { found: readings.length > 0, valid: payload !== null, oldIdNumber: payload?.oldIdNumber ?? null },
    located,
    ms: elapsed(start),
  };
}

function linesOf(r: OcrResult) {
  return r.lines.map((l) => ({ text: l.text, confidence: l.confidence }));
}

/** Century of birth from the ID number's fourth digit (0/1: 1900s, 2/3: 2000s …); null if not an ID number. */
export function centuryFromId(id: string): number | null {
  if (!/^\d{12}$/.test(id)) return null;
  return 1900 + Math.floor(Number(id[3]) / 2) * 100;
}

async function readMrz(card: RawImage, expected?: MrzExpectation): Promise<MrzParseResult | null> {
  const readings: MrzParseResult[] = [];
  let best: MrzParseResult | null = null;
  // First the band as it is; then an upscaled, sharpened band; then the lower half with
  // tesseract's own deskew (card not found in the photo). Lines of different passes are
  // combined, and one lookalike digit may be repaired when all check digits then agree.
  for (const options of [
    { variant: 0 as const },
    { variant: 1 as const },
    { variant: 0 as const, wholeImage: true },
  ]) {
    // An upscaled copy of a band without any MRZ-like line will not have one either.
    if (options.variant === 1 && readings.length === 0) continue;
    const ocr = await readMrzText(card, options);
    const found = findTd1(ocr.lines.map((l) => l.text));
    if (found) readings.push(found);
    best = combineReadings(readings, expected);
    // A repaired reading is good, but a later pass may read the zone without any repair.
    if (best?.valid && best.data.idNumber && !best.repaired) break;
  }
  return best;
}

const REPAIRED_FIELD: Record<NonNullable<MrzParseResult['repaired']>, ExtractFieldName | null> = {
  idNumber: 'card_id',
  birthDate: 'dob',
  expiryDate: 'doe',
  compositeCheck: null,
};

/** Extract fields of the back from a parsed MRZ, with confidences from its check digits. */
export function fieldsFromMrz(m: MrzParseResult, now: Date): { fields: SideFields; name: string | null } {
  const fields: SideFields = {};
  const penalty = m.corrections * MRZ_CORRECTION_PENALTY;
  const c = (own: boolean) =>
    round(Math.max(0, (own && m.checks.composite ? MRZ_CONFIDENCE : own ? 0.85 : 0) - penalty));
  const d = m.data;
  const idValid = d.idNumber !== null && m.checks.documentNumber;
  if (idValid && d.idNumber) fields.card_id = { value: d.idNumber, confidence: c(true), source: 'mrz' };
  if (m.checks.birthDate) {
    const century = d.idNumber && idValid ? centuryFromId(d.idNumber) : null;
    const dob = mrzDateToDisplay(d.birthDate, (yy) => (century !== null ? century + yy : birthYear(yy, now)));
    if (dob) fields.dob = { value: dob, confidence: c(true), source: 'mrz' };
  }
  // Sex and nationality are not covered by a check digit; a fully valid zone vouches for the line.
  if (d.sex)
    fields.sex = {
      value: d.sex === 'M' ? 'Nam' : 'Nữ',
      confidence: m.valid ? round(0.95 - penalty) : 0.6,
      source: 'mrz',
    };
  if (d.nationality === 'VNM')
    fields.nationality = {
      value: 'Việt Nam',
      confidence: m.valid ? round(0.97 - penalty) : 0.6,
      source: 'mrz',
    };
  if (m.checks.expiryDate) {
    const doe = d.expiryDate === null ? NO_EXPIRY : mrzDateToDisplay(d.expiryDate, expiryYear);
    if (doe) fields.doe = { value: doe, confidence: c(true), source: 'mrz' };
  }
  const repaired = m.repaired && REPAIRED_FIELD[m.repaired];
  if (repaired && fields[repaired])
    fields[repaired] = {
      ...fields[repaired],
      confidence: Math.min(fields[repaired].confidence, MRZ_REPAIRED_CONFIDENCE),
    };
  return { fields, name: d.fullName || null };
}

/**
 * Reads the back of a card. Pass the front's result so the issue date is only read by OCR when
 * the front did not give it. Throws ImageInputError for an unacceptable upload.
 */
export async function extractBack(
  input: Buffer | PreparedImage,
  options: ExtractOptions & { front?: FrontExtraction } = {},
): Promise<BackExtraction> {
  const start = process.hrtime.bigint();
  const now = options.now ?? new Date();
  const image = await toPrepared(input);
  const normalised = await normaliseCard(image.pixels);
  const located = normalised.located;
  let card = normalised.card;
  // The front's QR values only break ties between equally valid repairs of one digit.
  const qr = (k: 'card_id' | 'dob') =>
    options.front?.fields[k]?.source === 'qr' ? options.front.fields[k].value : undefined;
  const qrDob = qr('dob');
  const expected: MrzExpectation = {
    idNumber: qr('card_id'),
    birthDate: qrDob && ddmmyyyyToYymmdd(qrDob),
  };
  let mrz = await readMrz(card, expected);
  if (!mrz?.valid) {
    // Perhaps photographed upside down.
    const flipped = await toRaw(fromRaw(card).rotate(180));
    const again = await readMrz(flipped, expected);
    if (again && isBetterMrz(again, mrz)) {
      mrz = again;
      card = flipped;
    }
  }
  const { fields, name } = mrz ? fieldsFromMrz(mrz, now) : { fields: {} as SideFields, name: null };

  // The top left of the back holds the issue date and, under it, the issuing authority.
  const issue = await readRegionText(card, 'backIssue');
  const frontIssue = options.front?.fields.issue_date;
  if (!frontIssue || frontIssue.confidence < CONFIDENCE_THRESHOLD) {
    for (const line of issue.lines) {
      if (!ISSUE_DATE_LABEL.test(fold(line.text))) continue;
      const date = findDate(line.text);
      if (date) fields.issue_date = { value: date, confidence: round(line.confidence / 100), source: 'ocr' };
      break;
    }
  }
  const issueDate = fields.issue_date?.value ?? frontIssue?.value ?? null;
  const issueLoc = readIssuingAuthority(issue.lines, issueDate) ?? impliedIssuingAuthority(issueDate);
  if (issueLoc) fields.issue_loc = issueLoc;
  return {
    side: 'back',
    fields,
    mrzName: name,
    mrz: {
      found: mrz !== null,
      valid: mrz?.valid ?? false,
      checks: mrz?.checks ?? null,
      corrections: mrz?.corrections ?? 0,
    },
    score: sideScore(
      fields,
      BACK_FIELDS.filter((k) => k !== 'issue_date' || !frontIssue),
    ),
    located,
    ms: elapsed(start),
  };
}

const ISSUE_DATE_LABEL = /ngay, thang, nam|date, month, year|ngay thang nam|date of issue/;

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

/**
 * The issuing authority printed on the back, matched against the known authorities (without
 * diacritics, up to 15 % of the printed words' letters mistaken). The confidence is the lowest
 * OCR confidence of the lines read, lowered per mistake; an authority the issue date contradicts
 * is kept but not trusted. Null when no known authority is printed.
 */
export function readIssuingAuthority(
  lines: ReadonlyArray<{ text: string; confidence: number }>,
  issueDate: string | null,
): FieldValue | null {
  // Lines of text, without the issue date's line and the debris of background and edges.
  const candidates = lines.filter((l) => {
    const f = fold(l.text);
    return l.confidence >= 40 && !ISSUE_DATE_LABEL.test(f) && (f.match(/[a-z]/g)?.length ?? 0) >= 3;
  });
  if (candidates.length === 0) return null;
  const text = fold(candidates.map((l) => l.text).join(' '))
    .replace(/[^a-z ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  let best: { value: string; distance: number; length: number } | null = null;
  for (const { value, printed } of ISSUING_AUTHORITIES) {
    const distance = infixDistance(printed, text);
    if (distance > Math.max(1, Math.floor(printed.length * 0.15))) continue;
    if (!best || distance / printed.length < best.distance / best.length)
      best = { value, distance, length: printed.length };
  }
  if (!best) return null;
  const ocr = Math.min(...candidates.map((l) => l.confidence)) / 100;
  let confidence = round(Math.max(0, ocr * (1 - best.distance / best.length)));
  const implied = issueDate ? issuingAuthorityOn(issueDate) : null;
  if (implied && implied !== best.value) confidence = Math.min(confidence, IMPLIED_ISSUE_LOC_CONFIDENCE);
  return { value: best.value, confidence, source: 'ocr' };
}

/** YYMMDD of a dd/MM/yyyy date. */
const ddmmyyyyToYymmdd = (s: string) => {
  const [d, m, y] = s.split('/') as [string, string, string];
  return `${y.slice(2)}${m}${d}`;
};

/**
 * Whether the front's name and the MRZ name are the same. The MRZ name line has no check digit,
 * so OCR slips and stray characters at its ends are expected, and long names are cut at 30
 * characters: the front's transliterated name must be found in the MRZ name within an edit
 * distance of 40 % of its length when both have as many words, else 30 % with at most three
 * extra characters (free before or after it).
 */
export function namesAgree(frontName: string, mrzName: string): boolean {
  const a = mrzTransliterate(frontName);
  // Fillers after the name are now and then read as single letters ('PHAN THU DUNG A A');
  // Vietnamese names have no one-letter words, so such a tail is noise.
  const b = mrzTransliterate(mrzName).replace(/( [A-Z])+$/, '');
  if (!a || !b) return false;
  if (a === b) return true;
  // A name cut by the 30-character line: compare the part that fits.
  const cutLength = 30 - 2; // surname<<given: two filler characters become one space
  const target = b.length >= cutLength - 1 && a.length > b.length ? a.slice(0, b.length) : a;
  // The vie model reads the MRZ font's serifed 'I' as 'TI' or 'LI' and doubles a vowel now and
  // then ('NGOO QOUOC HATIT' for 'NGO QUOC HAI'); with the same number of words such slips
  // are tolerated up to 40 % of the name, otherwise 30 %. The ID number and dates, which have
  // check digits, are what tell two cards apart; the name only has to be roughly the same.
  const sameWordCount = target.split(' ').length === b.split(' ').length;
  // A few stray characters, not a longer name that merely contains this one ('LE AN' in 'LE ANH TUAN').
  if (!sameWordCount && b.length - target.length > 3) return false;
  const tolerance = Math.max(2, Math.ceil(a.length * (sameWordCount ? 0.4 : 0.3)));
  return infixDistance(target, b) <= tolerance;
}

/** Edit distance of `needle` to the best-matching part of `hay` (semi-global alignment). */
function infixDistance(needle: string, hay: string): number {
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

/** Whether the ID number's structure fits the birth date and sex (digit 4: sex and century, digits 5–6: birth year). */
export function idStructureMatches(id: string, dob: string, sex: string): boolean {
  if (!/^\d{12}$/.test(id)) return false;
  const year = Number(dob.slice(6));
  const centuryIndex = Math.floor((year - 1900) / 100);
  const expectedDigit = centuryIndex * 2 + (sex === 'Nữ' ? 1 : 0);
  return Number(id[3]) === expectedDigit && id.slice(4, 6) === String(year % 100).padStart(2, '0');
}

/**
 * Merges both sides into the extract fields. Per field the most reliable source wins (QR, then
 * checked MRZ, then OCR); when two sources agree the confidence is raised. Differences in ID
 * number, birth date, sex or name between the front (QR/printed) and the back (MRZ), and an ID
 * number whose structure contradicts birth date or sex, are listed as disagreements.
 */
export function mergeSides(front: FrontExtraction | null, back: BackExtraction | null): CardExtract {
  const f = front?.fields ?? {};
  const b = back?.fields ?? {};
  const rank: Record<FieldSource, number> = { qr: 3, mrz: 2, rule: 1, ocr: 0 };
  const fields = {} as Record<ExtractFieldName, FieldValue | null>;
  for (const key of EXTRACT_FIELDS) {
    const a = f[key];
    const c = b[key];
    if (!a || !c) {
      fields[key] = a ?? c ?? null;
      continue;
    }
    const best =
      rank[a.source] > rank[c.source] || (rank[a.source] === rank[c.source] && a.confidence >= c.confidence)
        ? a
        : c;
    // Two independent readings of the same value: the chance both are wrong the same way is small.
    fields[key] =
      a.value === c.value
        ? { ...best, confidence: round(1 - (1 - a.confidence) * (1 - c.confidence)) }
        : best;
  }

  const disagreements: Disagreement[] = [];
  const strong = (v: FieldValue | undefined) => v && v.source !== 'ocr' && v.source !== 'rule';
  for (const key of ['card_id', 'dob', 'sex'] as const) {
    const a = f[key];
    const c = b[key];
    if (!a || !c || a.value === c.value) continue;
    // OCR against OCR is not evidence of a different card; a strong source on either side is.
    if (strong(a) || strong(c)) {
      disagreements.push({ field: key, front: a.value, back: c.value });
      // Keep the value but do not let it pass as certain.
      const merged = fields[key];
      if (merged) fields[key] = { ...merged, confidence: Math.min(merged.confidence, 0.5) };
    }
  }
  // A dob that differs only in the century (MRZ has two digits) is the same date.
  const dobIdx = disagreements.findIndex((d) => d.field === 'dob');
  if (
    dobIdx >= 0 &&
    ddmmyyyyToYymmdd(disagreements[dobIdx]!.front) === ddmmyyyyToYymmdd(disagreements[dobIdx]!.back)
  ) {
    disagreements.splice(dobIdx, 1);
    if (f.dob) fields.dob = f.dob;
  }
  if (f.name && back?.mrzName && !namesAgree(f.name.value, back.mrzName)) {
    disagreements.push({ field: 'name', front: f.name.value, back: back.mrzName });
    if (fields.name) fields.name = { ...fields.name, confidence: Math.min(fields.name.confidence, 0.5) };
  }
  // Expiry: compare only when both readings are confident, since the front is read by OCR.
  if (f.doe && b.doe && f.doe.value !== b.doe.value && f.doe.confidence >= 0.9 && b.doe.confidence >= 0.9) {
    disagreements.push({ field: 'doe', front: f.doe.value, back: b.doe.value });
    if (fields.doe) fields.doe = { ...fields.doe, confidence: Math.min(fields.doe.confidence, 0.5) };
  }
  if (!f.name && back?.mrzName) {
    // Without the front's name only the MRZ transliteration is known; never good enough to verify.
    fields.name = { value: back.mrzName, confidence: 0.4, source: 'mrz' };
  }
  // The front does not print the issuing authority: until the back is read (or when the back
  // had no issue date to imply it from), the issue date implies it, untrusted.
  if (!fields.issue_loc) fields.issue_loc = impliedIssuingAuthority(fields.issue_date?.value);
  const id = fields.card_id?.value;
  const dob = fields.dob?.value;
  const sex = fields.sex?.value;
  if (id && dob && sex && !idStructureMatches(id, dob, sex)) {
    disagreements.push({ field: 'card_id_structure', front: id, back: `${dob} ${sex}` });
  }

  return { fields, score_front: front?.score ?? 0, score_back: back?.score ?? 0, disagreements };
}

/**
 * Whether an extract can verify the profile without a person looking at it: every KEY_FIELDS
 * value present with confidence ≥ threshold, both sides read (the back's MRZ corroborates the
 * front), and no disagreement. Otherwise the profile waits for staff review (PENDING).
 */
export function isConsistentAndConfident(extract: CardExtract, threshold = CONFIDENCE_THRESHOLD): boolean {
  if (extract.disagreements.length > 0) return false;
  if (extract.score_front < threshold || extract.score_back < threshold) return false;
  return KEY_FIELDS.every((k) => {
    const v = extract.fields[k];
    return v !== null && v.value.length > 0 && v.confidence >= threshold;
  });
}

/** Flat values for storage/response: `{ card_id: '0010…', …, score_front, score_back }`. */
export function extractValues(
  extract: CardExtract,
): Record<ExtractFieldName, string | null> & { score_front: number; score_back: number } {
  const out = { score_front: extract.score_front, score_back: extract.score_back } as Record<
    ExtractFieldName,
    string | null
  > & { score_front: number; score_back: number };
  for (const k of EXTRACT_FIELDS) out[k] = extract.fields[k]?.value ?? null;
  return out;
}
