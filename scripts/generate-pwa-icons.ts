// Draws the installed app's icons (apps/web/public/icons) from the logo's drop-and-heart mark
// (components/layout/logo.tsx). Run once after changing the mark: `npx tsx scripts/generate-pwa-icons.ts`.
// The PNGs are committed, so a build needs neither sharp nor this script.
import path from 'node:path';
import sharp from 'sharp';

const BRAND_600 = '#c8102e';
const DROP = 'M16 2.5S6 13.4 6 20a10 10 0 0 0 20 0C26 13.4 16 2.5 16 2.5Z';
const HEART =
  'M16 25.5c-3-2.3-5.6-4.4-5.6-6.9a2.9 2.9 0 0 1 5.6-1 2.9 2.9 0 0 1 5.6 1c0 2.5-2.6 4.6-5.6 6.9Z';
const out = path.resolve(import.meta.dirname, '../apps/web/public/icons');

/** The brand drop on a white rounded square: the 'any' icon, shown as it is. */
const plain = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <rect width="32" height="32" rx="7" fill="#fff"/>
  <g transform="translate(2.4 1.6) scale(0.85)"><path d="${DROP}" fill="${BRAND_600}"/><path d="${HEART}" fill="#fff"/></g>
</svg>`;

/**
 * A white drop on the brand colour to the edges: launchers cut maskable icons to their own shape
 * and keep only the middle 80 %, so the mark stays inside that circle.
 */
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <rect width="32" height="32" fill="${BRAND_600}"/>
  <g transform="translate(6.4 5.6) scale(0.6)"><path d="${DROP}" fill="#fff"/><path d="${HEART}" fill="${BRAND_600}"/></g>
</svg>`;

const icons: [string, string, number][] = [
  ['icon-192.png', plain, 192],
  ['icon-512.png', plain, 512],
  ['maskable-512.png', maskable, 512],
  ['apple-touch-icon.png', maskable, 180],
];
for (const [name, svg, size] of icons) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(out, name));
  console.log(`${name} (${size}×${size})`);
}
