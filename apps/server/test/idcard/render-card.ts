/**
 * Renders SYNTHETIC Vietnamese chip ID cards for tests: a front with printed fields and a real
 * QR code (zxing-wasm writer), a back with the issue date, the issuing authority (the police
 * department of the 2021 chip card or the Ministry of the 2024 'Thẻ căn cước', as
 * `Identity.issueLoc` says) and a TD1 machine-readable zone with correct check digits.
 * SVG is drawn by sharp (librsvg) with the system DejaVu fonts. Variants imitate uploads: a clean
 * PNG, a JPEG at quality 60, a photo (card rotated a few degrees on a textured background),
 * a blurred photo and a noisy photo. Everything is deterministic for a given identity and seed.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { prepareZXingModule, writeBarcode } from 'zxing-wasm/writer';
import { buildTd1, mrzTransliterate } from '../../src/idcard/mrz.ts';
import { AUTHORITY_CAN_CUOC_2024, AUTHORITY_CHIP_2021, seededRandom, type Identity } from './identities.ts';

export const CARD_WIDTH = 1000;
export const CARD_HEIGHT = 630;

export type Variant = 'clean' | 'jpeg' | 'photo' | 'blur' | 'noise';
export const VARIANTS: readonly Variant[] = ['clean', 'jpeg', 'photo', 'blur', 'noise'];

let writerReady: Promise<unknown> | null = null;
function loadWriter(): Promise<unknown> {
  if (!writerReady) {
    const bytes = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/writer/zxing_writer.wasm'));
    writerReady = prepareZXingModule({
      overrides: {
        wasmBinary: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
        locateFile: (f: string) => f,
      },
      fireImmediately: true,
    });
  }
  return writerReady;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const compact = (date: string) => date.replace(/\//g, '');
const yymmdd = (date: string) => {
  const [d, m, y] = date.split('/') as [string, string, string];
  return y.slice(2) + m + d;
};

/** The '|'-separated payload of the front QR code. */
export function qrPayloadFor(p: Identity): string {
  return [
    p.idNumber,
    p.oldIdNumber ?? '',
    p.fullName,
    compact(p.birthDate),
    p.sex,
    p.address,
    compact(p.issueDate),
  ].join('|');
}

/** The three MRZ lines of the back. */
export function mrzLinesFor(p: Identity): [string, string, string] {
  return buildTd1({
    documentNumber: p.idNumber.slice(3),
    optionalData1: p.idNumber,
    birthDate: yymmdd(p.birthDate),
    sex: p.sex === 'Nam' ? 'M' : 'F',
    expiryDate: p.expiryDate ? yymmdd(p.expiryDate) : null,
    surname: mrzTransliterate(p.surname),
    givenNames: mrzTransliterate(p.givenNames),
  });
}

/** QR symbol as SVG rectangles, scaled to `size` pixels (no quiet zone; the card is light around it). */
async function qrSvg(payload: string, x: number, y: number, size: number): Promise<string> {
  await loadWriter();
  const result = await writeBarcode(payload, {
    format: 'QRCode',
    scale: 1,
    addQuietZones: false,
    options: 'ecLevel=M',
  });
  if (result.error) throw new Error(`QR writer: ${result.error}`);
  const { width, height, data } = result.symbol;
  const m = size / width;
  let rects = '';
  for (let r = 0; r < height; r++)
    for (let c = 0; c < width; c++)
      if (data[r * width + c] === 0)
        rects += `<rect x="${(x + c * m).toFixed(2)}" y="${(y + r * m).toFixed(2)}" width="${(m + 0.05).toFixed(2)}" height="${(m + 0.05).toFixed(2)}"/>`;
  return `<rect x="${x - 10}" y="${y - 10}" width="${size + 20}" height="${size + 20}" fill="#fff"/><g fill="#000">${rects}</g>`;
}

/** Breaks text into lines of at most `max` characters at word boundaries. */
function wrap(text: string, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && (line + ' ' + word).length > max) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** Faint guilloche-like background pattern, as on the real card. */
function pattern(): string {
  let paths = '';
  for (let i = 0; i < 14; i++) {
    const y = 40 + i * 45;
    paths += `<path d="M0 ${y} C 250 ${y - 30}, 500 ${y + 30}, 1000 ${y - 10}" stroke="#c9dccf" stroke-width="1" fill="none"/>`;
  }
  return paths;
}

const SANS = 'font-family="DejaVu Sans"';

/** The lines each issuing authority prints on the back (the chip card prints the signer's title). */
const PRINTED_AUTHORITY: Record<string, readonly string[]> = {
  [AUTHORITY_CHIP_2021]: ['CỤC TRƯỞNG CỤC CẢNH SÁT', 'QUẢN LÝ HÀNH CHÍNH VỀ TRẬT TỰ XÃ HỘI'],
  [AUTHORITY_CAN_CUOC_2024]: ['BỘ CÔNG AN', 'MINISTRY OF PUBLIC SECURITY'],
};

/** The 'Thẻ căn cước' (the Ministry's, since 1 July 2024) is titled 'CĂN CƯỚC'. */
const titleOf = (p: Identity) =>
  p.issueLoc === AUTHORITY_CAN_CUOC_2024
    ? { vi: 'CĂN CƯỚC', en: 'Identity Card' }
    : { vi: 'CĂN CƯỚC CÔNG DÂN', en: 'Citizen Identity Card' };

export async function renderFrontSvg(p: Identity, options: { withQr?: boolean } = {}): Promise<string> {
  const label = (x: number, y: number, t: string) =>
    `<text x="${x}" y="${y}" ${SANS} font-size="17" fill="#333">${esc(t)}</text>`;
  const value = (x: number, y: number, t: string, size = 23, weight = 'normal') =>
    `<text x="${x}" y="${y}" ${SANS} font-size="${size}" font-weight="${weight}" fill="#111">${esc(t)}</text>`;
  const homeLines = wrap(p.home, 46);
  const addressLines = wrap(p.address, 46);
  const title = titleOf(p);
  let y = 414;
  const lines: string[] = [];
  lines.push(label(270, y, 'Quê quán / Place of origin:'));
  for (const l of homeLines) lines.push(value(270, (y += 29), l));
  y += 33;
  lines.push(label(270, y, 'Nơi thường trú / Place of residence:'));
  for (const l of addressLines) lines.push(value(270, (y += 29), l));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#eef6ee"/><stop offset="1" stop-color="#e3eef6"/></linearGradient></defs>
  <rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" rx="30" fill="url(#bg)"/>
  ${pattern()}
  <circle cx="95" cy="95" r="58" fill="#d52b1e"/><polygon points="95,55 105,85 137,85 111,103 121,133 95,115 69,133 79,103 53,85 85,85" fill="#ffd400"/>
  <text x="480" y="62" text-anchor="middle" ${SANS} font-size="22" font-weight="bold" fill="#1a1a1a">CỘNG HÒA XÃ HỘI CHỦ NGHĨA VIỆT NAM</text>
  <text x="480" y="92" text-anchor="middle" ${SANS} font-size="19" font-weight="bold" fill="#1a1a1a">Độc lập - Tự do - Hạnh phúc</text>
  <text x="480" y="140" text-anchor="middle" ${SANS} font-size="32" font-weight="bold" fill="#c8102e">${title.vi}</text>
  <text x="480" y="168" text-anchor="middle" ${SANS} font-size="17" fill="#1a1a1a">${title.en}</text>
  ${options.withQr === false ? '' : await qrSvg(qrPayloadFor(p), 815, 30, 150)}
  <rect x="40" y="200" width="200" height="260" fill="#c7ccd4"/><circle cx="140" cy="290" r="52" fill="#9aa2ad"/><ellipse cx="140" cy="440" rx="90" ry="75" fill="#9aa2ad"/>
  <text x="40" y="505" ${SANS} font-size="16" fill="#333">Có giá trị đến:</text>
  <text x="40" y="527" ${SANS} font-size="16" fill="#333">Date of expiry</text>
  ${value(40, 560, p.expiryDate ?? 'Không thời hạn', 21)}
  ${label(270, 212, 'Số định danh cá nhân / Personal identification number:')}
  ${value(270, 252, p.idNumber, 34, 'bold')}
  ${label(270, 285, 'Họ, chữ đệm và tên / Full name:')}
  ${value(270, 317, p.fullName.toLocaleUpperCase('vi'), 26, 'bold')}
  ${label(270, 350, 'Ngày sinh / Date of birth:')}${value(495, 350, p.birthDate, 21)}
  ${label(650, 350, 'Giới tính / Sex:')}${value(790, 350, p.sex, 21)}
  ${label(270, 381, 'Quốc tịch / Nationality:')}${value(485, 381, p.nationality, 21)}
  ${lines.join('\n  ')}
</svg>`;
}

export function renderBackSvg(p: Identity): string {
  const mrz = mrzLinesFor(p);
  if (p.issueLoc && !PRINTED_AUTHORITY[p.issueLoc]) throw new Error(`unknown authority: ${p.issueLoc}`);
  const authority = (PRINTED_AUTHORITY[p.issueLoc] ?? [])
    .map(
      (line, i) =>
        `<text x="40" y="${170 + i * 26}" ${SANS} font-size="18" font-weight="bold" fill="#1a1a1a">${esc(line)}</text>`,
    )
    .join('');
  const sans = (x: number, y: number, t: string, size: number, extra = '') =>
    `<text x="${x}" y="${y}" ${SANS} font-size="${size}" ${extra} fill="#1a1a1a">${esc(t)}</text>`;
  const mrzText = mrz
    .map(
      (l, i) =>
        `<text x="48" y="${500 + i * 52}" font-family="DejaVu Sans Mono" font-size="40" letter-spacing="6" fill="#111">${esc(l)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#eef3f6"/><stop offset="1" stop-color="#e7f0ea"/></linearGradient></defs>
  <rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" rx="30" fill="url(#bg)"/>
  ${pattern()}
  ${sans(40, 55, 'Đặc điểm nhân dạng / Personal identification:', 17)}
  ${sans(40, 85, p.marks, 20)}
  ${sans(40, 130, 'Ngày, tháng, năm / Date, month, year:', 17)}${sans(375, 130, p.issueDate, 21)}
  ${authority}
  <circle cx="170" cy="290" r="62" fill="none" stroke="#d52b1e" stroke-width="4"/>
  <path d="M110 300 C 150 250, 190 340, 240 280 S 300 300, 330 270" stroke="#1c3f94" stroke-width="3" fill="none"/>
  ${sans(120, 400, 'Nguyễn Văn Mẫu', 20, 'font-weight="bold"')}
  <rect x="520" y="40" width="120" height="95" rx="14" fill="#d8b45a" stroke="#9b7a2a" stroke-width="2"/>
  <rect x="680" y="30" width="130" height="160" rx="10" fill="#f4f4f4" stroke="#888"/><rect x="840" y="30" width="130" height="160" rx="10" fill="#f4f4f4" stroke="#888"/>
  ${sans(690, 215, 'Ngón trỏ trái', 15)}${sans(850, 215, 'Ngón trỏ phải', 15)}
  <rect x="20" y="450" width="960" height="170" fill="#f7f9f8"/>
  ${mrzText}
</svg>`;
}

export interface RenderedCard {
  front: Buffer;
  back: Buffer;
  variant: Variant;
}

/** Adds uniform sensor-like noise of standard deviation `sigma` to every channel (seeded). */
async function addNoise(image: Buffer, sigma: number, rand: () => number): Promise<Buffer> {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const spread = sigma * Math.sqrt(12); // uniform on [-spread/2, spread/2] has this standard deviation
  for (let i = 0; i < data.length; i++)
    data[i] = Math.max(0, Math.min(255, data[i]! + (rand() - 0.5) * spread));
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/** A desk-like background: a brown gradient with grain stripes. */
function backgroundSvg(width: number, height: number, rand: () => number): string {
  let grain = '';
  for (let i = 0; i < 40; i++) {
    const y = Math.floor(rand() * height);
    grain += `<rect x="0" y="${y}" width="${width}" height="${2 + Math.floor(rand() * 6)}" fill="#5a3b22" opacity="${(0.08 + rand() * 0.15).toFixed(2)}"/>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="w" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#8a6240"/><stop offset="1" stop-color="#6e4c30"/></linearGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#w)"/>${grain}</svg>`;
}

/** Places the card, rotated by `angle` degrees, on a background like a phone photo. */
async function asPhoto(card: Buffer, angle: number, rand: () => number): Promise<Buffer> {
  const rotated = await sharp(card)
    .ensureAlpha()
    .rotate(angle, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
  const meta = await sharp(rotated).metadata();
  const width = (meta.width ?? CARD_WIDTH) + 120 + Math.floor(rand() * 160);
  const height = (meta.height ?? CARD_HEIGHT) + 120 + Math.floor(rand() * 160);
  const left = 40 + Math.floor(rand() * (width - (meta.width ?? 0) - 80));
  const top = 40 + Math.floor(rand() * (height - (meta.height ?? 0) - 80));
  return sharp(Buffer.from(backgroundSvg(width, height, rand)))
    .composite([{ input: rotated, left, top }])
    .png({ compressionLevel: 1 })
    .toBuffer();
}

async function applyVariant(card: Buffer, variant: Variant, rand: () => number): Promise<Buffer> {
  const angle = (rand() < 0.5 ? -1 : 1) * (1.5 + rand() * 2.5);
  switch (variant) {
    case 'clean':
      return sharp(card).png().toBuffer();
    case 'jpeg':
      return sharp(card).flatten({ background: '#ffffff' }).jpeg({ quality: 60 }).toBuffer();
    case 'photo':
      return sharp(await asPhoto(card, angle, rand))
        .jpeg({ quality: 85 })
        .toBuffer();
    case 'blur':
      return sharp(await asPhoto(card, angle / 2, rand))
        .blur(1.1)
        .jpeg({ quality: 85 })
        .toBuffer();
    case 'noise':
      return sharp(await addNoise(await asPhoto(card, angle / 2, rand), 14, rand))
        .jpeg({ quality: 90 })
        .toBuffer();
  }
}

/** Renders the plain card sides as PNG (1000×630). */
export async function renderCardPng(
  p: Identity,
  options: { withQr?: boolean } = {},
): Promise<{ front: Buffer; back: Buffer }> {
  const front = await sharp(Buffer.from(await renderFrontSvg(p, options)))
    .png({ compressionLevel: 3 })
    .toBuffer();
  const back = await sharp(Buffer.from(renderBackSvg(p)))
    .png({ compressionLevel: 3 })
    .toBuffer();
  return { front, back };
}

/** Renders both sides of a card in one of the upload-like variants. */
export async function renderCard(
  p: Identity,
  variant: Variant,
  seed = 1,
  options: { withQr?: boolean } = {},
): Promise<RenderedCard> {
  const rand = seededRandom(seed);
  const { front, back } = await renderCardPng(p, options);
  return {
    front: await applyVariant(front, variant, rand),
    back: await applyVariant(back, variant, rand),
    variant,
  };
}
