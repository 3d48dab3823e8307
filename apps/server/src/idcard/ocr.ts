/**
 * OCR with tesseract.js and the Vietnamese LSTM model from @tesseract.js-data/vie, entirely
 * local: the core wasm comes from tesseract.js-core in node_modules, the language data is read
 * from disk (`langPath` is a folder, so tesseract.js reads it with fs instead of fetching), and
 * `cacheMethod: 'none'` keeps it from writing a cache. One worker is created on first use and
 * reused; jobs run one at a time because parameters (whitelist, page mode) are worker state.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import { fromRaw, type RawImage } from './locate.ts';

const LANG = 'vie';
/** The smaller integer model: about as accurate on printed cards and faster than 4.0.0. */
const MODEL_FOLDER = '4.0.0_best_int';

export const MRZ_WHITELIST = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<';

export interface OcrWord {
  text: string;
  /** 0..100 as tesseract reports it. */
  confidence: number;
}

export interface OcrLine {
  text: string;
  confidence: number;
  words: OcrWord[];
  /** Vertical middle of the line in the recognised image, pixels. */
  y: number;
}

export interface OcrResult {
  text: string;
  confidence: number;
  lines: OcrLine[];
}

export interface RecognizeOptions {
  /** Characters tesseract may output; empty = any. */
  whitelist?: string;
  psm?: PSM;
  /** Let tesseract estimate and undo a small skew. */
  rotateAuto?: boolean;
}

/** Where the language data is and whether it is gzipped: decided from the files present, since a wrong `gzip` crashes the worker. */
export function languageData(): { langPath: string; gzip: boolean } {
  const pkg = path.dirname(createRequire(import.meta.url).resolve('@tesseract.js-data/vie/package.json'));
  const langPath = path.join(pkg, MODEL_FOLDER);
  if (existsSync(path.join(langPath, `${LANG}.traineddata.gz`))) return { langPath, gzip: true };
  if (existsSync(path.join(langPath, `${LANG}.traineddata`))) return { langPath, gzip: false };
  throw new Error(`Vietnamese OCR data not found in ${langPath}`);
}

let workerPromise: Promise<Worker> | null = null;
let queue: Promise<unknown> = Promise.resolve();

function getWorker(): Promise<Worker> {
  if (!workerPromise) {
    const { langPath, gzip } = languageData();
    workerPromise = createWorker(LANG, OEM.LSTM_ONLY, { langPath, gzip, cacheMethod: 'none' }).catch(
      (error: unknown) => {
        workerPromise = null;
        throw error;
      },
    );
  }
  return workerPromise;
}

/** Starts the worker ahead of the first request (about a second). Optional. */
export async function warmUp(): Promise<void> {
  await getWorker();
}

/** Runs `job` after every job queued before it. */
function exclusive<T>(job: () => Promise<T>): Promise<T> {
  const run = queue.then(job, job);
  queue = run.catch(() => undefined);
  return run;
}

/** Recognises text in an image (PNG/JPEG buffer). */
export function recognize(image: Buffer, options: RecognizeOptions = {}): Promise<OcrResult> {
  return exclusive(async () => {
    const worker = await getWorker();
    await worker.setParameters({
      tessedit_char_whitelist: options.whitelist ?? '',
      tessedit_pageseg_mode: options.psm ?? PSM.SINGLE_BLOCK,
      // Keep runs of '<' and column gaps as they are.
      preserve_interword_spaces: '1',
      // Crops carry no resolution; without this tesseract warns and guesses 70 dpi.
      user_defined_dpi: '300',
    });
    const { data } = await worker.recognize(
      image,
      { rotateAuto: options.rotateAuto ?? false },
      { text: true, blocks: true },
    );
    const lines: OcrLine[] = [];
    for (const block of data.blocks ?? [])
      for (const paragraph of block.paragraphs)
        for (const line of paragraph.lines)
          lines.push({
            text: line.text.replace(/\n$/, ''),
            confidence: line.confidence,
            words: line.words.map((w) => ({ text: w.text, confidence: w.confidence })),
            y: (line.bbox.y0 + line.bbox.y1) / 2,
          });
    return { text: data.text, confidence: data.confidence, lines };
  });
}

/** Stops the worker (server shutdown, end of tests). A later call starts a new one. */
export async function terminate(): Promise<void> {
  const pending = workerPromise;
  workerPromise = null;
  if (!pending) return;
  await queue;
  const worker = await pending.catch(() => null);
  await worker?.terminate();
}

/** Fractions of a straightened card (see locate.ts) holding the regions read by OCR. */
export const REGIONS = {
  /** Bottom band of the back: the three MRZ lines. Card edges are left out: they read as stray characters. */
  mrz: { left: 0.015, top: 0.68, width: 0.97, height: 0.31 },
  /** Front, right of the photo: every printed field below the header. */
  frontFields: { left: 0.25, top: 0.3, width: 0.75, height: 0.7 },
  /** Front: nationality, place of origin and residence labels with their values. */
  frontHome: { left: 0.25, top: 0.57, width: 0.75, height: 0.33 },
  /** Front, under the photo: 'Có giá trị đến' with the expiry date. */
  frontExpiry: { left: 0.02, top: 0.76, width: 0.25, height: 0.2 },
  /** Back, top left: issue date and issuing authority. */
  backIssue: { left: 0.02, top: 0.14, width: 0.55, height: 0.2 },
} as const;

export type RegionName = keyof typeof REGIONS;

/** Crops a region of an image, greyscale and contrast-stretched, optionally scaled; PNG for tesseract. */
export async function cropRegion(
  image: RawImage,
  region: { left: number; top: number; width: number; height: number },
  scale = 1,
): Promise<Buffer> {
  const W = image.width;
  const H = image.height;
  const left = Math.max(0, Math.round(region.left * W));
  const top = Math.max(0, Math.round(region.top * H));
  const width = Math.min(W - left, Math.round(region.width * W));
  const height = Math.min(H - top, Math.round(region.height * H));
  let pipeline = fromRaw(image).extract({ left, top, width, height }).greyscale().normalise();
  if (scale !== 1) pipeline = pipeline.resize({ width: Math.round(width * scale), kernel: 'lanczos3' });
  return pipeline.png({ compressionLevel: 1 }).toBuffer();
}

/** Reads the MRZ band of a straightened back. `variant` 1 upscales and sharpens, for a second try. */
export async function readMrzText(
  card: RawImage,
  options: { variant?: 0 | 1; wholeImage?: boolean } = {},
): Promise<OcrResult> {
  const region = options.wholeImage ? { left: 0, top: 0.5, width: 1, height: 0.5 } : REGIONS.mrz;
  let band = await cropRegion(card, region, options.variant === 1 ? 1.4 : 1);
  if (options.variant === 1)
    band = await sharp(band).sharpen({ sigma: 1 }).png({ compressionLevel: 1 }).toBuffer();
  return recognize(band, {
    whitelist: MRZ_WHITELIST,
    psm: PSM.SINGLE_BLOCK,
    rotateAuto: options.wholeImage ?? false,
  });
}

/** Reads a printed-text region of a straightened card with the Vietnamese model. */
export async function readRegionText(card: RawImage, region: RegionName): Promise<OcrResult> {
  return recognize(await cropRegion(card, REGIONS[region]), { psm: PSM.SINGLE_BLOCK });
}
