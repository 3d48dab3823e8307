import {
  BinaryBitmap,
  Code128Reader,
  DecodeHintType,
  HybridBinarizer,
  RGBLuminanceSource,
} from '@zxing/library';

/*
 * Reads a Code 128 barcode (the ISBT 128 label of a blood bag) from a camera frame, with ZXing's
 * pure TypeScript port: no WebAssembly, no eval, so the CSP holds. Imported only by the bag
 * scanner's dynamic import, so it is a chunk of its own.
 */

const hints = new Map<DecodeHintType, unknown>([[DecodeHintType.TRY_HARDER, true]]);
const reader = new Code128Reader();

/** The grey levels of an RGBA frame (the luminance ZXing reads). */
function luminance(frame: ImageData): Uint8ClampedArray {
  const { data, width, height } = frame;
  const out = new Uint8ClampedArray(width * height);
  for (let i = 0, p = 0; i < out.length; i++, p += 4)
    out[i] = (data[p]! * 77 + data[p + 1]! * 150 + data[p + 2]! * 29) >> 8;
  return out;
}

/** The barcode's text, or null when no Code 128 barcode is in the frame. */
export function decodeCode128(frame: ImageData): string | null {
  const source = new RGBLuminanceSource(luminance(frame), frame.width, frame.height);
  try {
    return reader.decode(new BinaryBitmap(new HybridBinarizer(source)), hints).getText();
  } catch {
    // NotFoundException, ChecksumException, FormatException: nothing readable in this frame.
    return null;
  }
}
