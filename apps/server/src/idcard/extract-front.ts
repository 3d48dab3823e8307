/**
 * Step 3 of the pipeline: the front of the card. The QR code gives most fields with its own error
 * correction; OCR reads only what it lacks (nationality, place of origin, expiry), or every
 * printed field when no QR code could be read.
 */
import { type PreparedImage } from './image-input.ts';
import { normaliseCard } from './locate.ts';
import { readRegionText } from './ocr.ts';
import { parseFrontText, type FrontTextFields } from './front-text.ts';
import { decodeQr, parseQrPayload, type QrPayload } from './qr.ts';
import {
  FRONT_FIELDS,
  type FieldValue,
  type FrontExtraction,
  QR_CONFIDENCE,
  type SideFields,
  elapsed,
  rgba,
  round,
  sideScore,
  toPrepared,
  linesOf,
} from './extract-fields.ts';

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
