/**
 * Step 4 of the pipeline: the back of the card. OCR passes over the machine-readable zone until
 * its check digits validate (mrz.ts repairs letter/digit confusions and lost fillers), then the
 * issue date and the issuing authority from the printed text when they are still needed.
 */
import { type PreparedImage } from './image-input.ts';
import { fromRaw, normaliseCard, toRaw, type RawImage } from './locate.ts';
import {
  birthYear,
  combineReadings,
  expiryYear,
  findTd1,
  isBetterMrz,
  mrzDateToDisplay,
  type MrzExpectation,
  type MrzParseResult,
} from './mrz.ts';
import { readMrzText, readRegionText } from './ocr.ts';
import { findDate } from './front-text.ts';
import { fold } from './text.ts';
import {
  BACK_FIELDS,
  type BackExtraction,
  CONFIDENCE_THRESHOLD,
  type ExtractFieldName,
  type ExtractOptions,
  type FieldValue,
  type FrontExtraction,
  IMPLIED_ISSUE_LOC_CONFIDENCE,
  ISSUING_AUTHORITIES,
  MRZ_CONFIDENCE,
  MRZ_CORRECTION_PENALTY,
  MRZ_REPAIRED_CONFIDENCE,
  NO_EXPIRY,
  type SideFields,
  elapsed,
  round,
  sideScore,
  toPrepared,
  ddmmyyyyToYymmdd,
  infixDistance,
  impliedIssuingAuthority,
  issuingAuthorityOn,
} from './extract-fields.ts';

// The rule lives with the fields' vocabulary (merge-sides.ts uses it without the OCR steps).
export { issuingAuthorityOn, impliedIssuingAuthority } from './extract-fields.ts';

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
