import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEMO_CAMPAIGNS, DEMO_NEWS } from './demo-catalog.ts';

const PUBLIC = path.resolve(import.meta.dirname, '../../../web/public');

/**
 * A difference hash of the decoded picture (9×8 grey pixels, one bit per horizontal step): two
 * renderings of one illustration differ in a few bits at most, different pictures in many.
 */
async function dHash(file: string): Promise<bigint> {
  const pixels = await sharp(file, { failOn: 'truncated' })
    .greyscale()
    .resize(9, 8, { fit: 'fill' })
    .raw()
    .toBuffer();
  let bits = 0n;
  for (let y = 0; y < 8; y++)
    for (let x = 0; x < 8; x++) bits = (bits << 1n) | (pixels[y * 9 + x]! > pixels[y * 9 + x + 1]! ? 1n : 0n);
  return bits;
}
/**
 * Fewer differing bits than this (of 64) is "the same illustration again": the earlier set, whose
 * events rotated six scenes and whose news repeated the campaign covers' scenes, had pairs at 4,
 * 7 and 9 bits; distinct scenes measure 14 and more.
 */
const MIN_BITS = 12;
const distance = (a: bigint, b: bigint) => (a ^ b).toString(2).replaceAll('0', '').length;

/** Past events' pictures, as the landing page's carousel names them (slug-1 … slug-6). */
const EVENT_PICTURES = readdirSync(path.join(PUBLIC, 'images/events'))
  .filter((f) => f.endsWith('.webp'))
  .map((f) => `/images/events/${f}`);

describe('demo pictures', () => {
  it('every news item, past-event photo and campaign cover is a picture of its own', async () => {
    const news = DEMO_NEWS.map((n) => n.thumbnail);
    const covers = DEMO_CAMPAIGNS.map((c) => c.image);
    expect(new Set(news).size).toBe(news.length);
    expect(EVENT_PICTURES).toHaveLength(18);
    const all = [...new Set([...news, ...EVENT_PICTURES, ...covers])];
    const hashes = await Promise.all(all.map((p) => dHash(path.join(PUBLIC, p))));
    const tooClose: string[] = [];
    for (let i = 0; i < all.length; i++)
      for (let j = i + 1; j < all.length; j++) {
        const d = distance(hashes[i]!, hashes[j]!);
        if (d < MIN_BITS) tooClose.push(`${all[i]} ~ ${all[j]} (${d} bits)`);
      }
    expect(tooClose).toEqual([]);
  });
});
