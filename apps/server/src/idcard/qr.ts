/**
 * The QR code printed on the front of Vietnamese chip ID cards, and its payload:
 *
 *   ID number (12 digits) | old ID number (9 digits or empty) | full name | birth date ddmmyyyy |
 *   sex (Nam/Nữ) | permanent address | issue date ddmmyyyy
 *
 * Decoding uses zxing-wasm with its WebAssembly binary read from node_modules. By default the
 * library downloads the binary from a CDN, even in Node; passing `wasmBinary` means nothing is
 * ever fetched (extraction must stay on this server).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes, type ReadResult } from 'zxing-wasm/reader';
import { normaliseText } from './text.ts';

export type Sex = 'Nam' | 'Nữ';

export interface QrPayload {
  /** 12-digit personal ID number. */
  idNumber: string;
  /** 9-digit number of the old ID card, or null when the field is empty. */
  oldIdNumber: string | null;
  fullName: string;
  /** dd/MM/yyyy */
  birthDate: string;
  sex: Sex;
  address: string;
  /** dd/MM/yyyy */
  issueDate: string;
}

export type QrParseResult = { ok: true; payload: QrPayload } | { ok: false; reason: string };

const FIELD_COUNT = 7;

/** ddmmyyyy → dd/MM/yyyy when it is a real calendar date, else null. */
export function ddmmyyyyToDisplay(s: string): string | null {
  const m = /^(\d{2})(\d{2})(\d{4})$/.exec(s);
  if (!m) return null;
  const [, dd, mm, yyyy] = m as unknown as [string, string, string, string];
  return isCalendarDate(Number(dd), Number(mm), Number(yyyy)) ? `${dd}/${mm}/${yyyy}` : null;
}

export function isCalendarDate(d: number, m: number, y: number): boolean {
  if (y < 1900 || y > 2200 || m < 1 || m > 12 || d < 1) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A person's name: letters (any script, with combining marks), spaces, apostrophes and hyphens. */
const NAME = /^[\p{L}\p{M}][\p{L}\p{M}' -]*$/u;

/**
 * Parses the payload strictly: exactly seven '|'-separated fields, each in its documented form.
 * Anything else is rejected with a reason (for logs; it never contains the payload itself).
 */
export function parseQrPayload(text: string): QrParseResult {
  const fields = text
    .normalize('NFC')
    .replace(/[\r\n]+$/, '')
    .split('|');
  if (fields.length !== FIELD_COUNT)
    return { ok: false, reason: `expected ${FIELD_COUNT} fields, got ${fields.length}` };
  const [id, oldId, name, dob, sex, address, issue] = fields.map((f) => f.trim()) as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  if (!/^\d{12}$/.test(id)) return { ok: false, reason: 'ID number is not 12 digits' };
  if (oldId !== '' && !/^\d{9}$/.test(oldId)) return { ok: false, reason: 'old ID number is not 9 digits' };
  const fullName = normaliseText(name);
  if (!fullName || !NAME.test(fullName))
    return { ok: false, reason: 'name is empty or has invalid characters' };
  const birthDate = ddmmyyyyToDisplay(dob);
  if (!birthDate) return { ok: false, reason: 'birth date is not ddmmyyyy' };
  if (sex !== 'Nam' && sex !== 'Nữ') return { ok: false, reason: 'sex is neither Nam nor Nữ' };
  const addr = normaliseText(address);
  if (!addr) return { ok: false, reason: 'address is empty' };
  const issueDate = ddmmyyyyToDisplay(issue);
  if (!issueDate) return { ok: false, reason: 'issue date is not ddmmyyyy' };
  return {
    ok: true,
    payload: { idNumber: id, oldIdNumber: oldId || null, fullName, birthDate, sex, address: addr, issueDate },
  };
}

export interface Point {
  x: number;
  y: number;
}

export interface QrReading {
  text: string;
  /** Corners of the symbol (without quiet zone) in image pixels, clockwise from the top-left of the code. */
  position: { topLeft: Point; topRight: Point; bottomRight: Point; bottomLeft: Point };
}

/** An RGBA pixel buffer (4 bytes per pixel), e.g. from sharp's `.ensureAlpha().raw()`. */
export interface RgbaImage {
  data: Uint8Array;
  width: number;
  height: number;
}

let modulePromise: Promise<unknown> | null = null;

function wasmPath(): string {
  return createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
}

/** Instantiates the reader once from the local binary. Safe to call repeatedly. */
export function loadQrReader(): Promise<unknown> {
  if (!modulePromise) {
    const bytes = readFileSync(wasmPath());
    const wasmBinary = bytes.buffer.slice(
      bytes.byteOffset,
      bytes.byteOffset + bytes.byteLength,
    ) as ArrayBuffer;
    modulePromise = prepareZXingModule({
      overrides: {
        wasmBinary,
        // Belt and braces: should the binary ever be considered missing, point at a local path
        // rather than the CDN default so a failure is loud instead of a silent download.
        locateFile: (file: string) => file,
      },
      fireImmediately: true,
    }).catch((error: unknown) => {
      modulePromise = null;
      throw error;
    });
  }
  return modulePromise;
}

/** Finds QR codes in an RGBA image. Returns the readings that decoded without error. */
export async function decodeQr(image: RgbaImage): Promise<QrReading[]> {
  await loadQrReader();
  const results: ReadResult[] = await readBarcodes(
    {
      data: new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.byteLength),
      width: image.width,
      height: image.height,
      colorSpace: 'srgb',
    } as ImageData,
    {
      formats: ['QRCode'],
      tryHarder: true,
      tryRotate: true,
      tryInvert: false,
      tryDownscale: true,
      maxNumberOfSymbols: 4,
    },
  );
  return results
    .filter((r) => r.isValid && r.text)
    .map((r) => ({
      text: r.text,
      position: {
        topLeft: { x: r.position.topLeft.x, y: r.position.topLeft.y },
        topRight: { x: r.position.topRight.x, y: r.position.topRight.y },
        bottomRight: { x: r.position.bottomRight.x, y: r.position.bottomRight.y },
        bottomLeft: { x: r.position.bottomLeft.x, y: r.position.bottomLeft.y },
      },
    }));
}
