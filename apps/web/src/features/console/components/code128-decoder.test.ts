import { describe, expect, it } from 'vitest';
import { code128Modules } from '../../../../../../e2e/support/code128';
import { decodeCode128 } from './code128-decoder';

/** A frame (RGBA) with `text` drawn as Code 128 across its middle, `scale` pixels a module. */
function frameOf(text: string, width = 640, height = 120, scale = 3) {
  const data = new Uint8ClampedArray(width * height * 4).fill(235);
  let x = 30;
  code128Modules(text).forEach((w, i) => {
    if (i % 2 === 0)
      for (let y = 20; y < height - 20; y++)
        for (let dx = 0; dx < w * scale; dx++)
          data.fill(16, (y * width + x + dx) * 4, (y * width + x + dx) * 4 + 3);
    x += w * scale;
  });
  return { data, width, height, colorSpace: 'srgb' } as ImageData;
}

describe('the bag label reader', () => {
  it('reads an ISBT 128 donation number from its Code 128 bars, and nothing from a blank frame', () => {
    expect(decodeCode128(frameOf('A999915000001'))).toBe('A999915000001');
    expect(
      decodeCode128({ ...frameOf(''), data: new Uint8ClampedArray(640 * 120 * 4).fill(235) }),
    ).toBeNull();
  });
});
