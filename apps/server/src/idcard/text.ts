/** Small text helpers for reading Vietnamese card text: folding, edit distance, province names. */
import { foldVietnamese } from '@giot-hong/contract';

/** NFC, single spaces, trimmed. */
export function normaliseText(s: string): string {
  return s.normalize('NFC').replace(/\s+/g, ' ').trim();
}

/** Lower case without diacritics ('Quê quán' → 'que quan'); đ → d. For matching labels. */
export const fold = foldVietnamese;

/** Levenshtein distance. */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  const prev = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0]!;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = prev[j]!;
      prev[j] = Math.min(prev[j]! + 1, prev[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = tmp;
    }
  }
  return prev[b.length]!;
}

/**
 * Old and new placement of the tone mark on 'oa', 'oe', 'uy' ('Hoà' / 'Hòa'): both are correct
 * Vietnamese and both appear on cards, so names are compared in one canonical placement.
 */
export function canonicalTone(s: string): string {
  const nfd = s.normalize('NFD');
  // A tone mark (grave, acute, hook, tilde, dot below) right after the second vowel of oa/oe/uy
  // moves to the first vowel.
  return nfd.replace(/([oOuU])([aAeEyY])([\u0300\u0301\u0309\u0303\u0323])/g, '$1$3$2').normalize('NFC');
}

/** Title case per word, Vietnamese-aware: 'TRẦN HỮU TUẤN' → 'Trần Hữu Tuấn'. */
export function titleCase(s: string): string {
  return normaliseText(s)
    .toLocaleLowerCase('vi')
    .split(' ')
    .map((w) => w.charAt(0).toLocaleUpperCase('vi') + w.slice(1))
    .join(' ');
}

/**
 * Provinces and centrally run cities as printed at the end of addresses: the 63 units used
 * before 1 July 2025 (still on every card issued before then) plus 'Huế', the one new name of
 * the 34 units since then.
 */
export const PROVINCE_NAMES: readonly string[] = [
  'Hà Nội',
  'Hà Giang',
  'Cao Bằng',
  'Bắc Kạn',
  'Tuyên Quang',
  'Lào Cai',
  'Điện Biên',
  'Lai Châu',
  'Sơn La',
  'Yên Bái',
  'Hòa Bình',
  'Thái Nguyên',
  'Lạng Sơn',
  'Quảng Ninh',
  'Bắc Giang',
  'Phú Thọ',
  'Vĩnh Phúc',
  'Bắc Ninh',
  'Hải Dương',
  'Hải Phòng',
  'Hưng Yên',
  'Thái Bình',
  'Hà Nam',
  'Nam Định',
  'Ninh Bình',
  'Thanh Hóa',
  'Nghệ An',
  'Hà Tĩnh',
  'Quảng Bình',
  'Quảng Trị',
  'Thừa Thiên Huế',
  'Huế',
  'Đà Nẵng',
  'Quảng Nam',
  'Quảng Ngãi',
  'Bình Định',
  'Phú Yên',
  'Khánh Hòa',
  'Ninh Thuận',
  'Bình Thuận',
  'Kon Tum',
  'Gia Lai',
  'Đắk Lắk',
  'Đắk Nông',
  'Lâm Đồng',
  'Bình Phước',
  'Tây Ninh',
  'Bình Dương',
  'Đồng Nai',
  'Bà Rịa - Vũng Tàu',
  'Hồ Chí Minh',
  'Long An',
  'Tiền Giang',
  'Bến Tre',
  'Trà Vinh',
  'Vĩnh Long',
  'Đồng Tháp',
  'An Giang',
  'Kiên Giang',
  'Cần Thơ',
  'Hậu Giang',
  'Sóc Trăng',
  'Bạc Liêu',
  'Cà Mau',
];

const PROVINCE_PREFIX = /^((?:tỉnh|thành phố|tp\.?)\s+)/iu;

/**
 * Corrects an OCR slip in the province part of an address ('Bắc Nính' → 'Bắc Ninh'). Only the
 * last comma-separated part is touched, only when it is not already a known name, and only when
 * exactly one known name is within one edit (ignoring diacritics) or equal once diacritics are
 * ignored. Returns the text and whether it matched a known province.
 */
export function snapProvince(address: string): { text: string; known: boolean; corrected: boolean } {
  const parts = address.split(',');
  const last = parts[parts.length - 1]!.trim();
  const prefix = PROVINCE_PREFIX.exec(last)?.[1] ?? '';
  const name = last.slice(prefix.length).trim();
  const canonical = canonicalTone(name);
  if (PROVINCE_NAMES.some((p) => canonicalTone(p) === canonical))
    return { text: address, known: true, corrected: false };
  const folded = fold(name);
  const candidates = PROVINCE_NAMES.filter(
    (p) => editDistance(fold(p), folded) <= (folded.length >= 6 ? 1 : 0),
  );
  const exactFold = candidates.filter((p) => fold(p) === folded);
  const chosen = exactFold.length === 1 ? exactFold[0] : candidates.length === 1 ? candidates[0] : undefined;
  if (!chosen) return { text: address, known: false, corrected: false };
  parts[parts.length - 1] = (parts.length > 1 ? ' ' : '') + prefix + chosen;
  return { text: parts.join(','), known: true, corrected: true };
}
