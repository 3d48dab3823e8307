/**
 * Reads field values out of OCR lines of a card front by their printed labels
 * ('Quê quán / Place of origin:' …). Labels are matched without diacritics and in either
 * language, so an OCR slip in one half of a label still finds it. Pure: no OCR here.
 */
import { isCalendarDate } from './qr.ts';
import { fold, normaliseText, snapProvince, titleCase } from './text.ts';

export interface TextLine {
  text: string;
  /** 0..100 */
  confidence: number;
}

export interface TextField {
  value: string;
  /** 0..1 */
  confidence: number;
}

export interface FrontTextFields {
  card_id?: TextField;
  name?: TextField;
  dob?: TextField;
  sex?: TextField;
  nationality?: TextField;
  home?: TextField;
  address?: TextField;
  doe?: TextField;
}

type Label = 'card_id' | 'name' | 'dob' | 'sex' | 'nationality' | 'home' | 'address' | 'doe';

const LABELS: Record<Label, RegExp> = {
  card_id: /so dinh danh|personal identification|identification number/,
  name: /ho,? chu dem va ten|ho va ten|full name/,
  dob: /ngay sinh|date of birth/,
  sex: /gioi tinh|\bsex\b/,
  nationality: /quoc tich|nationality/,
  home: /que quan|place of origin/,
  address: /noi thuong tru|place of residence|noi cu tru/,
  doe: /co gia tri den|date of expiry|gia tri den/,
};

function labelsIn(line: string): Label[] {
  const f = fold(line);
  return (Object.keys(LABELS) as Label[]).filter((k) => LABELS[k].test(f));
}

/** Text after the last ':' of a label line, or '' when the value is on the following lines. */
function afterColon(line: string): string {
  const i = line.lastIndexOf(':');
  return i < 0 ? '' : normaliseText(line.slice(i + 1));
}

/** Digits as OCR may return them in a number. */
const DIGITISH: Record<string, string> = {
  O: '0',
  o: '0',
  D: '0',
  Q: '0',
  I: '1',
  l: '1',
  '|': '1',
  Z: '2',
  S: '5',
  B: '8',
  G: '6',
};

function coerceDigits(s: string): string {
  return s.replace(/[OoDQIl|ZSBG]/g, (c) => DIGITISH[c] ?? c);
}

const DATE = /(\d{1,2})\s*[/.-]\s*(\d{1,2})\s*[/.-]\s*(\d{4})/;

/** The first real calendar date in a string, as dd/MM/yyyy. */
export function findDate(s: string): string | null {
  const m = DATE.exec(coerceDigits(s));
  if (!m) return null;
  const d = Number(m[1]);
  const mo = Number(m[2]);
  const y = Number(m[3]);
  if (!isCalendarDate(d, mo, y)) return null;
  return `${String(d).padStart(2, '0')}/${String(mo).padStart(2, '0')}/${y}`;
}

/** A line that is OCR debris (specks, borders) rather than text. */
function isDebris(text: string): boolean {
  const letters = text.match(/[\p{L}\d]/gu)?.length ?? 0;
  return letters < 3 || letters < text.replace(/\s/g, '').length * 0.6;
}

/** Joins wrapped value lines, drops characters no address has ('|', '¬' … are OCR specks) and tidies spacing. */
function joinValue(parts: string[]): string {
  return normaliseText(parts.join(' ').replace(/[^\p{L}\p{M}\d\s,./'()-]/gu, ' '))
    .replace(/\s+,/g, ',')
    .replace(/,(?=\S)/g, ', ')
    .replace(/[.,;:\s]+$/, '');
}

/** Lines tesseract is less sure of than this (0..100) are not text of the card. */
const MIN_LINE_CONFIDENCE = 40;

const conf = (lines: TextLine[]) => (lines.length ? Math.min(...lines.map((l) => l.confidence)) / 100 : 0);

/**
 * Extracts front fields from OCR lines (top to bottom). Values spanning several lines (place of
 * origin, residence) run until the next label. The confidence of a field is the lowest line
 * confidence it was read from, slightly raised when a dictionary or format check confirms it.
 */
export function parseFrontText(lines: readonly TextLine[]): FrontTextFields {
  const out: FrontTextFields = {};
  const clean = lines
    .map((l) => ({ text: normaliseText(l.text), confidence: l.confidence }))
    .filter((l) => l.text.length > 0);

  for (let i = 0; i < clean.length; i++) {
    const line = clean[i]!;
    const labels = labelsIn(line.text);
    if (labels.length === 0) continue;

    // Value lines that follow a label line, up to the next label.
    const following = (): TextLine[] => {
      const vals: TextLine[] = [];
      for (let j = i + 1; j < clean.length; j++) {
        if (labelsIn(clean[j]!.text).length > 0) break;
        // Very low confidence: card edges, background or the photo read as letters.
        if (!isDebris(clean[j]!.text) && clean[j]!.confidence >= MIN_LINE_CONFIDENCE) vals.push(clean[j]!);
      }
      return vals;
    };

    if (labels.includes('card_id') && !out.card_id) {
      for (const candidate of [line, ...following().slice(0, 2)]) {
        const m = /(?<!\d)\d{12}(?!\d)/.exec(coerceDigits(candidate.text.replace(/\s+/g, '')));
        if (m) {
          out.card_id = { value: m[0], confidence: candidate.confidence / 100 };
          break;
        }
      }
    }
    if (labels.includes('name') && !out.name) {
      const inline = afterColon(line.text);
      const src =
        inline && !isDebris(inline)
          ? [{ text: inline, confidence: line.confidence }]
          : following().slice(0, 1);
      const value = src[0] ? normaliseText(src[0].text.replace(/[^\p{L}\p{M}' -]/gu, ' ')) : '';
      if (value.length >= 2) out.name = { value: titleCase(value), confidence: conf(src) };
    }
    if (labels.includes('dob') && !out.dob) {
      const date =
        findDate(line.text.split(/gi[oớ]i t[ií]nh|sex/i)[0] ?? line.text) ??
        findDate(following()[0]?.text ?? '');
      if (date) out.dob = { value: date, confidence: line.confidence / 100 };
    }
    if (labels.includes('sex') && !out.sex) {
      const f = fold(line.text);
      const idx = Math.max(f.lastIndexOf('sex'), f.lastIndexOf('gioi tinh'));
      const rest = f.slice(idx);
      const m = /\b(nam|nu)\b/.exec(rest.replace(/^sex|^gioi tinh/, ''));
      if (m) out.sex = { value: m[1] === 'nam' ? 'Nam' : 'Nữ', confidence: line.confidence / 100 };
    }
    if (labels.includes('nationality') && !out.nationality) {
      const inline = afterColon(line.text);
      const value = inline || following()[0]?.text || '';
      if (fold(value).replace(/[^a-z]/g, '') === 'vietnam')
        out.nationality = { value: 'Việt Nam', confidence: Math.min(0.99, line.confidence / 100 + 0.05) };
      else if (value && !isDebris(value))
        out.nationality = { value: normaliseText(value), confidence: line.confidence / 100 };
    }
    for (const key of ['home', 'address'] as const) {
      if (!labels.includes(key) || out[key]) continue;
      const inline = afterColon(line.text);
      const src = [
        ...(inline && !isDebris(inline) ? [{ text: inline, confidence: line.confidence }] : []),
        ...following(),
      ];
      if (src.length === 0) continue;
      const snapped = snapProvince(joinValue(src.map((l) => l.text)));
      // A known province at the end is evidence the whole line was read well.
      const c = conf(src) * (snapped.corrected ? 0.95 : 1) + (snapped.known && !snapped.corrected ? 0.03 : 0);
      out[key] = { value: snapped.text, confidence: Math.min(0.97, c) };
    }
    if (labels.includes('doe') && !out.doe) {
      const src = [line, ...following().slice(0, 2)];
      for (const l of src) {
        if (/khong thoi han/.test(fold(l.text))) {
          out.doe = { value: 'Không thời hạn', confidence: l.confidence / 100 };
          break;
        }
        const date = findDate(l.text);
        if (date) {
          out.doe = { value: date, confidence: l.confidence / 100 };
          break;
        }
      }
    }
  }
  return out;
}
