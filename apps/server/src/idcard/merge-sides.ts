/**
 * Step 5 of the pipeline: the two sides merged into one extract. Each field keeps the most
 * trusted reading; where the sides disagree (name, birth date, ID number against its own
 * structure) the disagreement is reported and the extract is not trusted without review.
 */
import { mrzTransliterate } from './mrz.ts';
import {
  type BackExtraction,
  CONFIDENCE_THRESHOLD,
  type CardExtract,
  type Disagreement,
  EXTRACT_FIELDS,
  type ExtractFieldName,
  type FieldSource,
  type FieldValue,
  type FrontExtraction,
  KEY_FIELDS,
  round,
  ddmmyyyyToYymmdd,
  impliedIssuingAuthority,
  infixDistance,
} from './extract-fields.ts';

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
