/**
 * Finds the card in a photo and straightens it. A card is a bright, roughly 85.6 × 54 mm
 * rectangle; in a phone photo it usually lies on a darker surface and is tilted a few degrees.
 * The largest bright connected region of a small greyscale copy gives the card's box, and the
 * slope of its top and bottom edges gives the tilt. When nothing card-like is found (the card
 * fills the frame, or the surface is as bright as the card) the whole image is used as is.
 */
import sharp, { type Sharp } from 'sharp';

/** ISO/IEC 7810 ID-1: 85.60 × 53.98 mm. */
export const CARD_ASPECT = 85.6 / 53.98;
/** Width, in pixels, every located card is scaled to; layout fractions below refer to it. */
export const CARD_NORMAL_WIDTH = 1000;

const ANALYSIS_WIDTH = 400;

/** Otsu's threshold of an 8-bit greyscale buffer. */
export function otsu(grey: Uint8Array): number {
  const hist = new Array<number>(256).fill(0);
  for (const v of grey) hist[v]!++;
  const total = grey.length;
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * hist[i]!;
  let sumB = 0;
  let wB = 0;
  let best = 0;
  let threshold = 127;
  for (let t = 0; t < 256; t++) {
    wB += hist[t]!;
    if (wB === 0) continue;
    const wF = total - wB;
    if (wF === 0) break;
    sumB += t * hist[t]!;
    const mB = sumB / wB;
    const mF = (sum - sumB) / wF;
    const between = wB * wF * (mB - mF) ** 2;
    if (between > best) {
      best = between;
      threshold = t;
    }
  }
  return threshold;
}

interface Component {
  area: number;
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  /** Per column: the first and last row of the component in that column (-1 when absent). */
  top: Int32Array;
  bottom: Int32Array;
}

/** The largest 4-connected region of `mask` (1 = bright). */
function largestComponent(mask: Uint8Array, width: number, height: number): Component | null {
  const label = new Int32Array(width * height);
  const stack = new Int32Array(width * height);
  let bestLabel = 0;
  let bestArea = 0;
  let next = 0;
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || label[start]) continue;
    next++;
    let area = 0;
    let sp = 0;
    stack[sp++] = start;
    label[start] = next;
    while (sp > 0) {
      const p = stack[--sp]!;
      area++;
      const x = p % width;
      const neighbours = [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, p - width, p + width];
      for (const q of neighbours) {
        if (q >= 0 && q < mask.length && mask[q] && !label[q]) {
          label[q] = next;
          stack[sp++] = q;
        }
      }
    }
    if (area > bestArea) {
      bestArea = area;
      bestLabel = next;
    }
  }
  if (!bestLabel) return null;
  const top = new Int32Array(width).fill(-1);
  const bottom = new Int32Array(width).fill(-1);
  let minX = width;
  let minY = height;
  let maxX = 0;
  let maxY = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (label[y * width + x] !== bestLabel) continue;
      if (top[x] === -1) top[x] = y;
      bottom[x] = y;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  }
  return { area: bestArea, minX, minY, maxX, maxY, top, bottom };
}

/** Least-squares slope of y over x. */
function slope(points: Array<[number, number]>): number {
  const n = points.length;
  if (n < 2) return 0;
  let sx = 0;
  let sy = 0;
  let sxx = 0;
  let sxy = 0;
  for (const [x, y] of points) {
    sx += x;
    sy += y;
    sxx += x * x;
    sxy += x * y;
  }
  const d = n * sxx - sx * sx;
  return d === 0 ? 0 : (n * sxy - sx * sy) / d;
}

/** Slope of an edge, ignoring columns where the edge jumps (corners, glare, shadows). */
function edgeSlope(edge: Int32Array, from: number, to: number): number | null {
  const points: Array<[number, number]> = [];
  for (let x = from; x <= to; x++) if (edge[x]! >= 0) points.push([x, edge[x]!]);
  if (points.length < 10) return null;
  // Two passes: fit, drop points far from the fit, refit.
  const first = slope(points);
  const meanX = points.reduce((s, p) => s + p[0], 0) / points.length;
  const meanY = points.reduce((s, p) => s + p[1], 0) / points.length;
  const residual = (p: [number, number]) => Math.abs(p[1] - (meanY + first * (p[0] - meanX)));
  const kept = points.filter((p) => residual(p) < 4);
  return kept.length >= 10 ? slope(kept) : first;
}

/** Raw 8-bit pixels, 3 (RGB) or 1 (grey) channels per pixel. */
export interface RawImage {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 3;
}

export const fromRaw = (img: RawImage) =>
  sharp(img.data, { raw: { width: img.width, height: img.height, channels: img.channels } });

export async function toRaw(pipeline: Sharp): Promise<RawImage> {
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  if (info.channels !== 1 && info.channels !== 3)
    throw new Error(`unexpected channel count ${info.channels}`);
  return { data, width: info.width, height: info.height, channels: info.channels };
}

interface Analysis {
  component: Component | null;
  /** Image pixels per analysis pixel. */
  scale: number;
  width: number;
  height: number;
}

async function analyse(img: RawImage): Promise<Analysis> {
  const small = await toRaw(fromRaw(img).greyscale().resize({ width: ANALYSIS_WIDTH }).blur(1));
  const grey = new Uint8Array(small.data.buffer, small.data.byteOffset, small.data.byteLength);
  const t = otsu(grey);
  const mask = new Uint8Array(grey.length);
  for (let i = 0; i < grey.length; i++) mask[i] = grey[i]! > t ? 1 : 0;
  return {
    component: largestComponent(mask, small.width, small.height),
    scale: img.width / small.width,
    width: small.width,
    height: small.height,
  };
}

function plausibleCard(c: Component | null, width: number, height: number): c is Component {
  if (!c) return false;
  const boxW = c.maxX - c.minX + 1;
  const boxH = c.maxY - c.minY + 1;
  const imageArea = width * height;
  // Too small to be the card, or the whole frame (card fills it, or a bright surface).
  if (c.area < imageArea * 0.2) return false;
  if (boxW >= width - 2 && boxH >= height - 2) return false;
  // A rectangle tilted by up to ~15° (rounded corners included) still fills 60 % of its bounding box.
  if (c.area < boxW * boxH * 0.6) return false;
  const aspect = boxW / boxH;
  return aspect > CARD_ASPECT * 0.7 && aspect < CARD_ASPECT * 1.35;
}

/** Tilt of the card in degrees (positive = clockwise as seen), 0 when no card outline is found. */
export async function cardTilt(img: RawImage): Promise<number> {
  return tiltOf(await analyse(img));
}

function tiltOf(a: Analysis): number {
  const c = a.component;
  if (!plausibleCard(c, a.width, a.height)) return 0;
  const w = c.maxX - c.minX;
  const from = Math.round(c.minX + w * 0.2);
  const to = Math.round(c.minX + w * 0.8);
  const slopes = [edgeSlope(c.top, from, to), edgeSlope(c.bottom, from, to)].filter(
    (s): s is number => s !== null,
  );
  const angle = slopes.length
    ? (Math.atan(slopes.reduce((a, b) => a + b, 0) / slopes.length) * 180) / Math.PI
    : 0;
  return Math.abs(angle) < 0.3 || Math.abs(angle) > 20 ? 0 : angle;
}

export interface NormalisedCard {
  /** The card, straightened, CARD_NORMAL_WIDTH wide (RGB). */
  card: RawImage;
  /** Whether a card outline was found; when false `card` is the whole (straightened) image. */
  located: boolean;
  /** Tilt that was undone, degrees. */
  angle: number;
}

/**
 * Straightens and crops the card, scaled to CARD_NORMAL_WIDTH. `hintAngle` (e.g. from the QR
 * code's corners) is used when the card outline cannot be found.
 */
export async function normaliseCard(img: RawImage, hintAngle?: number): Promise<NormalisedCard> {
  const first = await analyse(img);
  const tilt = tiltOf(first);
  const angle = tilt !== 0 ? tilt : (hintAngle ?? 0);
  const rotate = Math.abs(angle) >= 0.3;
  const straight = rotate
    ? await toRaw(fromRaw(img).rotate(-angle, { background: '#000000' }).removeAlpha())
    : img;
  // The outline is found again after rotating; without rotation the first look stands.
  const again = rotate ? await analyse(straight) : first;
  const c = again.component;
  if (!plausibleCard(c, again.width, again.height)) {
    const card = await toRaw(fromRaw(straight).resize({ width: CARD_NORMAL_WIDTH }));
    return { card, located: false, angle };
  }
  const s = again.scale;
  const left = Math.max(0, Math.floor(c.minX * s));
  const top = Math.max(0, Math.floor(c.minY * s));
  const width = Math.min(straight.width - left, Math.ceil((c.maxX - c.minX + 1) * s));
  const height = Math.min(straight.height - top, Math.ceil((c.maxY - c.minY + 1) * s));
  const card = await toRaw(
    fromRaw(straight)
      .extract({ left, top, width, height })
      .resize({ width: CARD_NORMAL_WIDTH, height: Math.round(CARD_NORMAL_WIDTH / CARD_ASPECT), fit: 'fill' }),
  );
  return { card, located: true, angle };
}
