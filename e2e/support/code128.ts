import { Code128Reader } from '@zxing/library';

/**
 * The bar and space widths (in modules) of `text` as Code 128, code set B: start B, the
 * characters, the modulo-103 check symbol, stop. The patterns are the standard's table, as ZXing's
 * reader holds it (107 symbols; the stop symbol has 7 elements).
 */
export function code128Modules(text: string): number[] {
  const patterns = (Code128Reader as unknown as { CODE_PATTERNS: Int32Array[] }).CODE_PATTERNS;
  const START_B = 104;
  const STOP = 106;
  const values = [...text].map((c) => {
    const v = c.charCodeAt(0) - 32;
    if (v < 0 || v > 94) throw new Error(`Code 128 B cannot carry ${JSON.stringify(c)}`);
    return v;
  });
  const check = values.reduce((sum, v, i) => sum + v * (i + 1), START_B) % 103;
  return [START_B, ...values, check, STOP].flatMap((symbol) => [...patterns[symbol]!]);
}
