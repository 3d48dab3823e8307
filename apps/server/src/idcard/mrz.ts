/**
 * ICAO 9303 TD1 machine-readable zone (three lines of 30 characters), as printed on the back of
 * Vietnamese chip ID cards:
 *
 *   line 1: ID VNM ddddddddd c ooooooooooooooo   doc code, state, document number (the last 9
 *                                                  digits of the ID number), check, optional data
 *                                                  (the full 12-digit ID number, then fillers)
 *   line 2: YYMMDD c S YYMMDD c VNM ooooooooooo C  birth, check, sex, expiry, check, nationality,
 *                                                  optional data, composite check
 *   line 3: SURNAME<<GIVEN<NAMES<<<<<<<<<<<<<<<<<
 *
 * OCR output is tolerated: letters read in digit positions (O→0, I→1, B→8 …) and digits read in
 * letter positions are swapped back, but a field only counts when its check digit then validates.
 * Nothing here does I/O; the OCR step lives in ocr.ts.
 */
import { foldVietnamese } from '@giot-hong/contract';

export const MRZ_LINE_LENGTH = 30;

const WEIGHTS = [7, 3, 1] as const;

function charValue(ch: string): number {
  if (ch === '<') return 0;
  const code = ch.charCodeAt(0);
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 65 && code <= 90) return code - 55; // A=10 … Z=35
  return -1;
}

/** ICAO 9303 check digit of `field` (weights 7,3,1; '<'=0, A=10 … Z=35). -1 for an invalid character. */
export function checkDigit(field: string): number {
  let sum = 0;
  for (let i = 0; i < field.length; i++) {
    const v = charValue(field[i]!);
    if (v < 0) return -1;
    sum += v * WEIGHTS[i % 3]!;
  }
  return sum % 10;
}

/** Letters that OCR commonly returns for a digit. Only applied in digit positions. */
const TO_DIGIT: Record<string, string> = {
  O: '0',
  Q: '0',
  D: '0',
  U: '0',
  C: '0',
  I: '1',
  L: '1',
  J: '1',
  T: '7',
  Z: '2',
  E: '3',
  A: '4',
  S: '5',
  G: '6',
  B: '8',
};
/** Digits that OCR commonly returns for a letter. Only applied in letter positions. */
const TO_LETTER: Record<string, string> = {
  '0': 'O',
  '1': 'I',
  '2': 'Z',
  '5': 'S',
  '6': 'G',
  '8': 'B',
  '4': 'A',
};

/** Result of reading digits from an OCR string: the digits and how many characters were swapped. */
interface Coerced {
  text: string;
  corrections: number;
}

function toDigits(raw: string): Coerced | null {
  let corrections = 0;
  let text = '';
  for (const ch of raw) {
    if (ch >= '0' && ch <= '9') text += ch;
    else if (TO_DIGIT[ch] !== undefined) {
      text += TO_DIGIT[ch];
      corrections++;
    } else return null;
  }
  return { text, corrections };
}

function toLetters(raw: string): Coerced {
  let corrections = 0;
  let text = '';
  for (const ch of raw) {
    if (TO_LETTER[ch] !== undefined) {
      text += TO_LETTER[ch];
      corrections++;
    } else text += ch;
  }
  return { text, corrections };
}

/** A field of digits followed by its check digit, both coerced, valid only if the check matches. */
function checkedDigits(field: string, check: string): { value: string; valid: boolean; corrections: number } {
  const f = toDigits(field);
  const c = toDigits(check);
  if (!f || !c) return { value: field, valid: false, corrections: 0 };
  const valid = checkDigit(f.text) === Number(c.text);
  return { value: f.text, valid, corrections: f.corrections + c.corrections };
}

/**
 * Brings an OCR line to exactly 30 characters. OCR most often loses or invents a '<' inside a
 * run of fillers, so characters are added to / removed from the longest '<' run; the check
 * digits decide afterwards whether the result is right.
 */
export function fitLine(line: string, length = MRZ_LINE_LENGTH): string {
  let s = line;
  const longestRun = (): { start: number; len: number } | null => {
    let best: { start: number; len: number } | null = null;
    const re = /<+/g;
    let m: RegExpExecArray | null;
    while ((m = re.exec(s))) if (!best || m[0].length > best.len) best = { start: m.index, len: m[0].length };
    return best;
  };
  while (s.length > length) {
    const run = longestRun();
    if (!run || run.len < 2) {
      s = s.slice(0, length);
      break;
    }
    s = s.slice(0, run.start) + s.slice(run.start + 1);
  }
  while (s.length < length) {
    const run = longestRun();
    if (!run) s += '<';
    else s = s.slice(0, run.start) + '<' + s.slice(run.start);
  }
  return s;
}

/** Normalises one OCR line: upper case, no spaces, '«' and similar to '<'. */
export function cleanLine(line: string): string {
  return line
    .toUpperCase()
    .replace(/[«‹≤([{]/g, '<')
    .replace(/\s+/g, '');
}

export type MrzSex = 'M' | 'F' | null;

export interface MrzData {
  documentCode: string;
  issuingState: string;
  /** Document number as printed (9 characters for Vietnam, fillers removed). */
  documentNumber: string;
  optionalData1: string;
  /** The 12-digit personal ID number found in the optional data, when its last 9 digits match the document number. */
  idNumber: string | null;
  /** YYMMDD. */
  birthDate: string;
  sex: MrzSex;
  /** YYMMDD, or null when the card has no expiry (fillers). */
  expiryDate: string | null;
  nationality: string;
  optionalData2: string;
  surname: string;
  givenNames: string;
  /** Surname and given names separated by single spaces, as printed (no diacritics). */
  fullName: string;
}

export interface MrzChecks {
  documentNumber: boolean;
  birthDate: boolean;
  expiryDate: boolean;
  composite: boolean;
}

export interface MrzParseResult {
  data: MrzData;
  checks: MrzChecks;
  /** All four check digits validate. */
  valid: boolean;
  /** Characters swapped between letters and digits to make the fields readable. */
  corrections: number;
  /** The three lines after cleaning, fitting and corrections. */
  lines: [string, string, string];
  /** The three lines as OCR gave them (cleaned), for combining several readings of one zone. */
  raw: [string, string, string];
  /** The field whose digit `repairOneDigit` changed, if any: it is only as good as a second source. */
  repaired?: 'idNumber' | 'birthDate' | 'expiryDate' | 'compositeCheck';
}

const VALID_DATE = /^\d\d(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])$/;

/**
 * Parses a TD1 zone. Accepts raw OCR lines (spaces, wrong lengths, letter/digit confusions).
 * Returns null when the lines cannot be a TD1 zone at all (wrong count or hopeless lengths).
 */
export function parseTd1(input: readonly string[] | string): MrzParseResult | null {
  const rawLines = (typeof input === 'string' ? input.split(/\r?\n/) : [...input])
    .map(cleanLine)
    .filter((l) => l.length > 0);
  if (rawLines.length !== 3) return null;
  if (rawLines.some((l) => l.length < MRZ_LINE_LENGTH - 6 || l.length > MRZ_LINE_LENGTH + 6)) return null;
  const [r1, r2, r3] = rawLines as [string, string, string];
  const l3 = fitLine(r3);
  // Each way of bringing lines 1 and 2 to 30 characters is tried; the ranking picks one.
  let best: MrzParseResult | null = null;
  for (const c1 of candidateLines(r1))
    for (const c2 of candidateLines(r2)) {
      const parsed = parseFitted(c1.line, c2.line, l3);
      parsed.corrections += c1.edits + c2.edits;
      parsed.raw = [r1, r2, r3];
      if (isBetterMrz(parsed, best)) best = parsed;
    }
  return best;
}

/**
 * Whether reading `a` beats `b`: more valid check digits first, then the signs of a Vietnamese
 * card that no check digit covers (issuing state and nationality VNM, optional data that holds
 * the ID number ending in the document number), then the fewest edits and swaps.
 */
export function isBetterMrz(a: MrzParseResult, b: MrzParseResult | null): boolean {
  if (!b) return true;
  const rank = (r: MrzParseResult) =>
    checkScore(r) * 4 +
    Number(r.data.issuingState === 'VNM') +
    Number(r.data.nationality === 'VNM') +
    Number(r.data.idNumber !== null);
  return rank(a) > rank(b) || (rank(a) === rank(b) && a.corrections < b.corrections);
}

/**
 * The best reading of one zone from several OCR passes, which often each get a different line
 * right: every combination of their lines (line 1 of one pass, line 2 of another …) is parsed,
 * and each candidate may have one lookalike digit repaired (`repairOneDigit`).
 */
export function combineReadings(
  readings: readonly MrzParseResult[],
  expected?: MrzExpectation,
): MrzParseResult | null {
  let best: MrzParseResult | null = null;
  const consider = (r: MrzParseResult | null) => {
    if (!r) return;
    const candidate = repairOneDigit(r, expected);
    if (isBetterMrz(candidate, best)) best = candidate;
  };
  const complete = (r: MrzParseResult | null) => r?.valid && r.data.issuingState === 'VNM' && r.data.idNumber;
  for (const r of readings) if (r.valid) consider(r);
  if (complete(best)) return best;
  for (const a of readings)
    for (const b of readings) for (const c of readings) consider(parseTd1([a.raw[0], b.raw[1], c.raw[2]]));
  return best;
}

/** Digits OCR confuses with each other in the MRZ font. */
const LOOKALIKE_DIGITS: Record<string, string> = {
  '0': '869',
  '1': '7',
  '3': '8',
  '5': '86',
  '6': '58',
  '7': '1',
  '8': '3560',
  '9': '0',
};

/** Positions (line index, start, end) of the digits covered by check digits, and their field. */
const CHECKED_SPANS: ReadonlyArray<
  readonly [0 | 1, number, number, NonNullable<MrzParseResult['repaired']>]
> = [
  [0, 5, 30, 'idNumber'], // document number, its check digit, optional data (in the composite)
  [1, 0, 7, 'birthDate'], // birth date and check
  [1, 8, 15, 'expiryDate'], // expiry date and check
  [1, 29, 30, 'compositeCheck'],
];

/**
 * What the other side of the card says (for Vietnam the QR code on the front): the 12-digit ID
 * number and the birth date as YYMMDD. Used only to choose between repairs that both validate.
 */
export interface MrzExpectation {
  idNumber?: string;
  birthDate?: string;
}

/**
 * Repairs one digit misread as a lookalike ('5' for '8'). A repair is accepted only when every
 * check digit, the composite included, then validates, when it gives the `expected` ID number
 * and birth date (if known), and when it is the only such repair: a wrong digit elsewhere can
 * satisfy both checks by chance, and then the zone stays unrepaired. Two slips can still be
 * "repaired" into a third value, so the repaired field is marked and the extraction trusts it
 * only when the other side of the card agrees.
 * Returns the reading unchanged when it is already valid or no unique repair makes it valid.
 */
export function repairOneDigit(reading: MrzParseResult, expected?: MrzExpectation): MrzParseResult {
  if (reading.valid) return reading;
  const repairs: MrzParseResult[] = [];
  for (const [lineIndex, start, end, field] of CHECKED_SPANS)
    for (let i = start; i < end; i++) {
      const line = reading.lines[lineIndex];
      for (const alt of LOOKALIKE_DIGITS[line[i]!] ?? '') {
        const lines: [string, string, string] = [...reading.lines];
        lines[lineIndex] = line.slice(0, i) + alt + line.slice(i + 1);
        const parsed = parseTd1(lines);
        if (parsed?.valid) repairs.push({ ...parsed, repaired: field });
      }
    }
  const agreeing = (r: MrzParseResult) =>
    (!expected?.idNumber || r.data.idNumber === expected.idNumber) &&
    (!expected?.birthDate || r.data.birthDate === expected.birthDate);
  const chosen = expected ? repairs.filter(agreeing) : repairs;
  if (chosen.length !== 1) return reading;
  const repaired = chosen[0]!;
  return { ...repaired, corrections: reading.corrections + 1, raw: reading.raw };
}

/**
 * Ways an OCR line of the wrong length may have been a 30-character line: fillers lost or
 * invented inside the longest '<' run (tried first), and stray characters at either end (one
 * edit each). A line that is too long may also hold one character read twice ('899' for '89'): each single
 * deletion outside the fillers is tried too, as one edit, so the check digits must vouch for it.
 */
function candidateLines(line: string): Array<{ line: string; edits: number }> {
  const out = new Map<string, number>([[fitLine(line), 0]]);
  const add = (candidate: string, edits: number) => {
    if (!out.has(candidate)) out.set(candidate, edits);
  };
  const extra = line.length - MRZ_LINE_LENGTH;
  if (extra > 0) {
    for (let fromRun = 0; fromRun <= extra; fromRun++) {
      const shortened = fitLine(line, line.length - fromRun);
      const rest = extra - fromRun;
      for (let atStart = 0; atStart <= rest; atStart++)
        add(shortened.slice(atStart, atStart + MRZ_LINE_LENGTH), rest);
    }
    for (let i = 0; i < line.length; i++)
      if (line[i] !== '<') add(fitLine(line.slice(0, i) + line.slice(i + 1)), 1);
  } else if (extra < 0) add(line + '<'.repeat(-extra), 0);
  return [...out].map(([candidate, edits]) => ({ line: candidate, edits }));
}

/** The 30-character lines an OCR line may have been (see candidateLines), fewest edits first. */
export function lineCandidates(line: string): string[] {
  return candidateLines(line).map((c) => c.line);
}

function parseFitted(l1: string, l2: string, l3: string): MrzParseResult {
  let corrections = 0;

  // Line 1
  const docCode = toLetters(l1.slice(0, 2));
  const state = toLetters(l1.slice(2, 5));
  corrections += docCode.corrections + state.corrections;
  const docNumRaw = l1.slice(5, 14);
  const docNumCheck = l1[14]!;
  // Vietnamese document numbers are numeric, so letters there are OCR slips (and may even pass
  // the check digit by chance as letters). Other states use letters, so try as printed first.
  const asPrinted = {
    value: docNumRaw,
    valid: checkDigit(docNumRaw) === Number(toDigits(docNumCheck)?.text ?? NaN),
    corrections: 0,
  };
  const asDigits = checkedDigits(docNumRaw, docNumCheck);
  const docNumber =
    state.text === 'VNM'
      ? asDigits.valid || !asPrinted.valid
        ? asDigits
        : asPrinted
      : asPrinted.valid || !asDigits.valid
        ? asPrinted
        : asDigits;
  corrections += docNumber.corrections;
  let optional1 = l1.slice(15, 30);
  let idNumber: string | null = null;
  // The 12-digit ID number opens the optional data; its last 9 digits are the document number.
  const idCandidate = toDigits(optional1.slice(0, 12));
  if (idCandidate && idCandidate.text.endsWith(docNumber.value.replace(/</g, ''))) {
    idNumber = idCandidate.text;
    corrections += idCandidate.corrections;
    optional1 = idCandidate.text + optional1.slice(12);
  }
  const line1 =
    docCode.text + state.text + docNumber.value + (toDigits(docNumCheck)?.text ?? docNumCheck) + optional1;

  // Line 2
  const birth = checkedDigits(l2.slice(0, 6), l2[6]!);
  const sexRaw = l2[7]!;
  const sex: MrzSex = sexRaw === 'M' || sexRaw === 'H' ? 'M' : sexRaw === 'F' || sexRaw === 'E' ? 'F' : null;
  if (sex && sex !== sexRaw) corrections++;
  const expiryRaw = l2.slice(8, 14);
  const expiryCheckRaw = l2[14]!;
  let expiry: { value: string; valid: boolean; corrections: number };
  if (/^<{6}$/.test(expiryRaw)) {
    // No expiry date: the field is fillers and its check digit is '<' or 0.
    expiry = { value: expiryRaw, valid: expiryCheckRaw === '<' || expiryCheckRaw === '0', corrections: 0 };
  } else expiry = checkedDigits(expiryRaw, expiryCheckRaw);
  const nationality = toLetters(l2.slice(15, 18));
  const optional2 = l2.slice(18, 29);
  const compositeRaw = l2[29]!;
  corrections += birth.corrections + expiry.corrections + nationality.corrections;
  const line2 =
    birth.value +
    (toDigits(l2[6]!)?.text ?? l2[6]) +
    (sex ?? sexRaw) +
    expiry.value +
    (expiry.value === '<<<<<<' ? expiryCheckRaw : (toDigits(expiryCheckRaw)?.text ?? expiryCheckRaw)) +
    nationality.text +
    optional2 +
    (toDigits(compositeRaw)?.text ?? compositeRaw);

  const compositeField = line1.slice(5, 30) + line2.slice(0, 7) + line2.slice(8, 15) + line2.slice(18, 29);
  const compositeDigit = toDigits(compositeRaw);
  const composite = compositeDigit !== null && checkDigit(compositeField) === Number(compositeDigit.text);

  // Line 3: names. Digits there are OCR slips for letters; a trailing run of K is a misread filler run.
  const names = toLetters(l3.replace(/K{3,}$/, (m) => '<'.repeat(m.length)));
  corrections += names.corrections;
  const line3 = names.text;
  const [surnamePart, givenPart] = splitNames(line3);
  const surname = surnamePart.split('<').filter(Boolean).join(' ');
  const givenNames = givenPart.split('<').filter(Boolean).join(' ');

  const checks: MrzChecks = {
    documentNumber: docNumber.valid,
    birthDate: birth.valid && VALID_DATE.test(birth.value),
    expiryDate: expiry.valid && (expiry.value === '<<<<<<' || VALID_DATE.test(expiry.value)),
    composite,
  };
  return {
    data: {
      documentCode: docCode.text.replace(/<+$/, ''),
      issuingState: state.text,
      documentNumber: docNumber.value.replace(/<+$/, ''),
      optionalData1: optional1.replace(/<+$/, ''),
      idNumber,
      birthDate: birth.value,
      sex,
      expiryDate: expiry.value === '<<<<<<' ? null : expiry.value,
      nationality: nationality.text,
      optionalData2: optional2.replace(/<+$/, ''),
      surname,
      givenNames,
      fullName: [surname, givenNames].filter(Boolean).join(' '),
    },
    checks,
    valid: checks.documentNumber && checks.birthDate && checks.expiryDate && checks.composite,
    corrections,
    lines: [line1, line2, line3],
    raw: [l1, l2, l3],
  };
}

function splitNames(line3: string): [string, string] {
  const idx = line3.indexOf('<<');
  if (idx < 0) return [line3, ''];
  const surname = line3.slice(0, idx);
  const rest = line3.slice(idx + 2).replace(/<+$/, '');
  return [surname, rest];
}

/**
 * Full year for a YYMMDD birth date: the latest century that does not put it in the future.
 * `now` is passed in so tests stay fixed.
 */
export function birthYear(yy: number, now: Date): number {
  const current = now.getUTCFullYear();
  const candidate = Math.floor(current / 100) * 100 + yy;
  return candidate > current ? candidate - 100 : candidate;
}

/** Full year for a YYMMDD expiry date: cards expire at most a century after issue, never before 2000. */
export function expiryYear(yy: number): number {
  return 2000 + yy;
}

/** 'YYMMDD' → 'dd/MM/yyyy' with the given full year resolver; null for an impossible date. */
export function mrzDateToDisplay(yymmdd: string, resolveYear: (yy: number) => number): string | null {
  if (!VALID_DATE.test(yymmdd)) return null;
  const yy = Number(yymmdd.slice(0, 2));
  const mm = Number(yymmdd.slice(2, 4));
  const dd = Number(yymmdd.slice(4, 6));
  const year = resolveYear(yy);
  const d = new Date(Date.UTC(year, mm - 1, dd));
  if (d.getUTCMonth() !== mm - 1) return null;
  return `${String(dd).padStart(2, '0')}/${String(mm).padStart(2, '0')}/${year}`;
}

/**
 * Builds the three TD1 lines for given data, with correct check digits. Used by the synthetic
 * card renderer in tests and handy to document the layout.
 */
export function buildTd1(input: {
  documentNumber: string;
  optionalData1?: string;
  birthDate: string;
  sex: 'M' | 'F' | '<';
  expiryDate: string | null;
  nationality?: string;
  issuingState?: string;
  documentCode?: string;
  optionalData2?: string;
  surname: string;
  givenNames: string;
}): [string, string, string] {
  const pad = (s: string, n: number) => (s + '<'.repeat(n)).slice(0, n);
  const docNum = pad(input.documentNumber, 9);
  const line1 =
    pad(input.documentCode ?? 'ID', 2) +
    pad(input.issuingState ?? 'VNM', 3) +
    docNum +
    checkDigit(docNum) +
    pad(input.optionalData1 ?? '', 15);
  const expiry = input.expiryDate ?? '<<<<<<';
  const expiryCheck = input.expiryDate ? String(checkDigit(expiry)) : '<';
  const optional2 = pad(input.optionalData2 ?? '', 11);
  const partial =
    input.birthDate +
    checkDigit(input.birthDate) +
    input.sex +
    expiry +
    expiryCheck +
    pad(input.nationality ?? 'VNM', 3) +
    optional2;
  const composite = checkDigit(
    line1.slice(5, 30) + partial.slice(0, 7) + partial.slice(8, 15) + partial.slice(18, 29),
  );
  const line2 = partial + composite;
  const nameField = (s: string) => s.trim().split(/\s+/).filter(Boolean).join('<');
  const line3 = pad(`${nameField(input.surname)}<<${nameField(input.givenNames)}`, 30);
  return [line1, line2, line3];
}

/** Upper-case ASCII form of a Vietnamese name as the MRZ prints it: 'Nguyễn Thị Đào' → 'NGUYEN THI DAO'. */
export function mrzTransliterate(name: string): string {
  return foldVietnamese(name)
    .toUpperCase()
    .replace(/[^A-Z ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** How many of the four check digits validate. */
export function checkScore(r: MrzParseResult): number {
  return (
    Number(r.checks.documentNumber) +
    Number(r.checks.birthDate) +
    Number(r.checks.expiryDate) +
    Number(r.checks.composite)
  );
}

/**
 * Finds the TD1 zone among OCR lines (which may include other text read in the band): every
 * run of three consecutive MRZ-like lines is parsed and the one with the most valid check digits
 * wins. Characters before the document code on line 1 ('1IDVNM…') are dropped.
 */
export function findTd1(ocrLines: readonly string[]): MrzParseResult | null {
  const lines = ocrLines
    .map(cleanLine)
    .filter((l) => l.length >= MRZ_LINE_LENGTH - 6 && /^[A-Z0-9<]+$/.test(l));
  let best: MrzParseResult | null = null;
  for (let i = 0; i + 3 <= lines.length; i++) {
    let first = lines[i]!;
    const code = /[I1L][D0O<][V][N][M]/.exec(first);
    if (code && code.index > 0 && first.length - code.index >= MRZ_LINE_LENGTH - 6)
      first = first.slice(code.index);
    const parsed = parseTd1([first, lines[i + 1]!, lines[i + 2]!]);
    if (parsed && isBetterMrz(parsed, best)) best = parsed;
  }
  return best;
}
