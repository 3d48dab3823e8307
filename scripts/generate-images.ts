/**
 * Renders the portal's own illustrations (campaign covers, news thumbnails, past-event photos,
 * the hero and the link-preview image) from SVG into small WebP/PNG files under
 * apps/web/public/images. The output is committed; run again after changing a scene:
 *
 *   npx tsx scripts/generate-images.ts
 *
 * Everything is drawn from simple shapes (drops, hearts, people, buildings) in the brand reds,
 * with a seeded random generator so the output is the same on every run.
 */
import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const OUT = path.resolve(import.meta.dirname, '../apps/web/public/images');

// Brand reds (apps/web/src/styles.css) and a few warm accents.
const C = {
  b50: '#fff1f2',
  b100: '#ffe0e3',
  b200: '#fec6cc',
  b300: '#fda4af',
  b500: '#e0243f',
  b600: '#c8102e',
  b700: '#a50d26',
  b800: '#870f24',
  b900: '#5c0a18',
  white: '#ffffff',
  cream: '#fff7ed',
  peach: '#ffb4a2',
  amber: '#f8b84e',
  skin: '#f6c9a8',
  slate: '#334155',
  sage: '#9fc7a8',
  leaf: '#5f9e6e',
};

/** mulberry32: a tiny deterministic PRNG. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
type Rand = ReturnType<typeof rng>;
const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const f = (n: number) => Math.round(n * 10) / 10;

// ---------- shapes (each returns SVG markup) ----------

/** A blood drop whose tip is at (cx, cy - h/2). */
function drop(
  cx: number,
  cy: number,
  h: number,
  fill: string,
  opts: { shine?: boolean; opacity?: number } = {},
) {
  const s = h / 1.92;
  const d = 'M0,-1 C0.32,-0.52 0.62,-0.12 0.62,0.3 A0.62,0.62 0 1 1 -0.62,0.3 C-0.62,-0.12 -0.32,-0.52 0,-1Z';
  const shine = opts.shine
    ? `<path d="M-0.34,0.22 C-0.36,-0.02 -0.24,-0.24 -0.1,-0.42" fill="none" stroke="#fff" stroke-opacity="0.55" stroke-width="0.09" stroke-linecap="round"/>`
    : '';
  return `<g transform="translate(${f(cx)} ${f(cy + s * 0.04)}) scale(${f(s)})" opacity="${opts.opacity ?? 1}"><path d="${d}" fill="${fill}"/>${shine}</g>`;
}

/** A heart centred at (cx, cy), about `w` wide. */
function heart(cx: number, cy: number, w: number, fill: string, opacity = 1) {
  const s = w / 2;
  const d =
    'M0,0.85 C-0.35,0.55 -1,0.1 -1,-0.38 C-1,-0.78 -0.68,-1 -0.42,-1 C-0.2,-1 -0.06,-0.88 0,-0.74 C0.06,-0.88 0.2,-1 0.42,-1 C0.68,-1 1,-0.78 1,-0.38 C1,0.1 0.35,0.55 0,0.85Z';
  return `<path transform="translate(${f(cx)} ${f(cy + s * 0.07)}) scale(${f(s)})" d="${d}" fill="${fill}" opacity="${opacity}"/>`;
}

/** A standing person (head and shoulders) whose feet line is at `base`, `h` tall. */
function person(cx: number, base: number, h: number, body: string, head = C.skin, hair?: string) {
  const w = h * 0.36;
  const top = base - h * 0.62;
  const r = h * 0.15;
  const hy = top - r * 1.15;
  const bodyPath = `M${f(cx - w)},${f(base)} L${f(cx - w)},${f(top + w * 0.7)} Q${f(cx - w)},${f(top)} ${f(cx - w * 0.35)},${f(top)} L${f(cx + w * 0.35)},${f(top)} Q${f(cx + w)},${f(top)} ${f(cx + w)},${f(top + w * 0.7)} L${f(cx + w)},${f(base)}Z`;
  const hairPath = hair
    ? `<path d="M${f(cx - r)},${f(hy)} A${f(r)},${f(r)} 0 0 1 ${f(cx + r)},${f(hy)} Q${f(cx)},${f(hy - r * 0.35)} ${f(cx - r)},${f(hy)}Z" fill="${hair}"/>`
    : '';
  return `<path d="${bodyPath}" fill="${body}"/><circle cx="${f(cx)}" cy="${f(hy)}" r="${f(r)}" fill="${head}"/>${hairPath}`;
}

/** A row of people of slightly different heights, in the given colours. */
function crowd(
  r: Rand,
  x0: number,
  x1: number,
  base: number,
  h: number,
  bodies: readonly string[],
  n: number,
) {
  const hairs = ['#3b2a24', '#1f2937', '#4a3426', '#111827'];
  const step = (x1 - x0) / (n - 1);
  const people: string[] = [];
  // Back row first, smaller and shifted, so the front row overlaps it.
  for (let i = 0; i < n - 1; i++) {
    people.push(
      person(x0 + step * (i + 0.5), base, h * (0.78 + r() * 0.08), pick(r, bodies), C.skin, pick(r, hairs)),
    );
  }
  for (let i = 0; i < n; i++) {
    people.push(
      person(x0 + step * i, base + h * 0.08, h * (0.9 + r() * 0.15), pick(r, bodies), C.skin, pick(r, hairs)),
    );
  }
  return people.join('');
}

/** A blood bag with its tube; `level` 0..1 is how full it is. */
function bloodBag(cx: number, cy: number, h: number, level = 0.8) {
  const w = h * 0.62;
  const x = cx - w / 2;
  const y = cy - h / 2;
  const fillTop = y + h * 0.14 + h * 0.8 * (1 - level);
  const id = `bag${Math.round(cx)}${Math.round(cy)}`;
  return `
  <clipPath id="${id}"><rect x="${f(x)}" y="${f(y + h * 0.1)}" width="${f(w)}" height="${f(h * 0.86)}" rx="${f(w * 0.22)}"/></clipPath>
  <rect x="${f(cx - w * 0.12)}" y="${f(y - h * 0.02)}" width="${f(w * 0.24)}" height="${f(h * 0.14)}" rx="${f(w * 0.06)}" fill="${C.b100}"/>
  <rect x="${f(x)}" y="${f(y + h * 0.1)}" width="${f(w)}" height="${f(h * 0.86)}" rx="${f(w * 0.22)}" fill="#fff" stroke="${C.b200}" stroke-width="${f(h * 0.02)}"/>
  <rect clip-path="url(#${id})" x="${f(x)}" y="${f(fillTop)}" width="${f(w)}" height="${f(h)}" fill="${C.b600}"/>
  <rect x="${f(x + w * 0.2)}" y="${f(y + h * 0.3)}" width="${f(w * 0.6)}" height="${f(h * 0.2)}" rx="${f(w * 0.05)}" fill="#fff" opacity="0.9"/>
  ${drop(cx, y + h * 0.4, h * 0.13, C.b600)}
  <path d="M${f(cx)},${f(y + h * 0.96)} C${f(cx)},${f(y + h * 1.12)} ${f(cx + w * 0.6)},${f(y + h * 1.05)} ${f(cx + w * 0.7)},${f(y + h * 1.25)}" fill="none" stroke="${C.b500}" stroke-width="${f(h * 0.03)}" stroke-linecap="round"/>`;
}

/** An ECG pulse line across the image. */
function pulse(x0: number, x1: number, y: number, amp: number, stroke: string, width: number, opacity = 1) {
  const mid = (x0 + x1) / 2;
  const pts = [
    [x0, y],
    [mid - amp * 1.6, y],
    [mid - amp * 1.2, y - amp * 0.35],
    [mid - amp * 0.9, y],
    [mid - amp * 0.5, y],
    [mid - amp * 0.2, y + amp * 0.5],
    [mid + amp * 0.15, y - amp * 1.4],
    [mid + amp * 0.5, y + amp * 0.9],
    [mid + amp * 0.8, y],
    [mid + amp * 1.2, y],
    [mid + amp * 1.5, y - amp * 0.3],
    [mid + amp * 1.8, y],
    [x1, y],
  ];
  return `<polyline points="${pts.map(([a, b]) => `${f(a!)},${f(b!)}`).join(' ')}" fill="none" stroke="${stroke}" stroke-width="${width}" stroke-linejoin="round" stroke-linecap="round" opacity="${opacity}"/>`;
}

/** Soft background circles ("bokeh"). */
function bokeh(r: Rand, w: number, h: number, n: number, fill: string, maxOpacity = 0.18) {
  let s = '';
  for (let i = 0; i < n; i++) {
    s += `<circle cx="${f(r() * w)}" cy="${f(r() * h)}" r="${f(h * (0.08 + r() * 0.3))}" fill="${fill}" opacity="${f(0.05 + r() * maxOpacity)}"/>`;
  }
  return s;
}

/** Floating small hearts and drops. */
function sprinkles(r: Rand, w: number, h: number, n: number, colors: readonly string[], size: number) {
  let s = '';
  for (let i = 0; i < n; i++) {
    const x = r() * w;
    const y = r() * h * 0.6;
    const sz = size * (0.5 + r());
    s +=
      r() < 0.5
        ? heart(x, y, sz, pick(r, colors), 0.85)
        : drop(x, y, sz * 1.2, pick(r, colors), { opacity: 0.85 });
  }
  return s;
}

function buildings(
  r: Rand,
  x0: number,
  x1: number,
  base: number,
  maxH: number,
  fill: string,
  windowFill: string,
) {
  let s = '';
  let x = x0;
  while (x < x1) {
    const bw = maxH * (0.3 + r() * 0.35);
    const bh = maxH * (0.45 + r() * 0.55);
    s += `<rect x="${f(x)}" y="${f(base - bh)}" width="${f(bw)}" height="${f(bh)}" fill="${fill}"/>`;
    const cols = Math.max(2, Math.floor(bw / (maxH * 0.09)));
    const rows = Math.floor(bh / (maxH * 0.12));
    const cw = bw / cols;
    for (let i = 0; i < cols; i++)
      for (let j = 0; j < rows - 1; j++)
        if (r() < 0.7)
          s += `<rect x="${f(x + cw * i + cw * 0.28)}" y="${f(base - bh + maxH * 0.06 + j * maxH * 0.12)}" width="${f(cw * 0.44)}" height="${f(maxH * 0.05)}" fill="${windowFill}" opacity="0.8"/>`;
    x += bw + maxH * 0.04;
  }
  return s;
}

/** A five-petal blossom (apricot/peach flowers of Tết). */
function blossom(cx: number, cy: number, rad: number, petal: string, centre: string) {
  let s = '';
  for (let i = 0; i < 5; i++) {
    const a = (i / 5) * Math.PI * 2 - Math.PI / 2;
    s += `<circle cx="${f(cx + Math.cos(a) * rad * 0.6)}" cy="${f(cy + Math.sin(a) * rad * 0.6)}" r="${f(rad * 0.5)}" fill="${petal}"/>`;
  }
  return s + `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(rad * 0.3)}" fill="${centre}"/>`;
}

function sun(cx: number, cy: number, rad: number, fill: string) {
  let rays = '';
  for (let i = 0; i < 12; i++) {
    const a = (i / 12) * Math.PI * 2;
    rays += `<line x1="${f(cx + Math.cos(a) * rad * 1.25)}" y1="${f(cy + Math.sin(a) * rad * 1.25)}" x2="${f(cx + Math.cos(a) * rad * 1.6)}" y2="${f(cy + Math.sin(a) * rad * 1.6)}" stroke="${fill}" stroke-width="${f(rad * 0.12)}" stroke-linecap="round"/>`;
  }
  return `${rays}<circle cx="${cx}" cy="${cy}" r="${rad}" fill="${fill}"/>`;
}

/** A rounded "tent" (event marquee) with scalloped edge. */
function tent(cx: number, base: number, w: number, h: number, roof: string, stripe: string) {
  const x = cx - w / 2;
  const roofH = h * 0.35;
  let scallops = '';
  const n = 6;
  for (let i = 0; i < n; i++) {
    const sx = x + (w / n) * i;
    scallops += `<path d="M${f(sx)},${f(base - h + roofH)} a${f(w / n / 2)},${f(w / n / 2.4)} 0 0 0 ${f(w / n)},0Z" fill="${i % 2 ? stripe : roof}"/>`;
  }
  return `<rect x="${f(x + w * 0.04)}" y="${f(base - h + roofH)}" width="${f(w * 0.02)}" height="${f(h - roofH)}" fill="${C.slate}" opacity="0.6"/>
  <rect x="${f(x + w * 0.94)}" y="${f(base - h + roofH)}" width="${f(w * 0.02)}" height="${f(h - roofH)}" fill="${C.slate}" opacity="0.6"/>
  <path d="M${f(x)},${f(base - h + roofH)} L${f(cx)},${f(base - h)} L${f(x + w)},${f(base - h + roofH)}Z" fill="${roof}"/>${scallops}`;
}

/** A donor reclining on a donation chair, arm out, with a bag on a stand. */
function donorChair(x: number, base: number, s: number, shirt: string) {
  return `
  <rect x="${f(x)}" y="${f(base - s * 0.42)}" width="${f(s * 1.1)}" height="${f(s * 0.16)}" rx="${f(s * 0.08)}" fill="${C.b200}"/>
  <path d="M${f(x - s * 0.05)},${f(base - s * 0.34)} L${f(x + s * 0.05)},${f(base - s * 0.95)} L${f(x + s * 0.25)},${f(base - s * 0.95)} L${f(x + s * 0.22)},${f(base - s * 0.34)}Z" fill="${C.b200}"/>
  <rect x="${f(x + s * 0.45)}" y="${f(base - s * 0.28)}" width="${f(s * 0.06)}" height="${f(s * 0.28)}" fill="${C.slate}" opacity="0.5"/>
  <path d="M${f(x + s * 0.12)},${f(base - s * 0.46)} L${f(x + s * 0.16)},${f(base - s * 0.8)} Q${f(x + s * 0.2)},${f(base - s * 0.86)} ${f(x + s * 0.3)},${f(base - s * 0.8)} L${f(x + s * 0.62)},${f(base - s * 0.5)} L${f(x + s * 1.05)},${f(base - s * 0.5)} L${f(x + s * 1.05)},${f(base - s * 0.42)} L${f(x + s * 0.12)},${f(base - s * 0.42)}Z" fill="${shirt}"/>
  <circle cx="${f(x + s * 0.16)}" cy="${f(base - s * 0.92)}" r="${f(s * 0.1)}" fill="${C.skin}"/>
  <path d="M${f(x + s * 0.28)},${f(base - s * 0.72)} L${f(x + s * 0.7)},${f(base - s * 0.66)}" stroke="${C.skin}" stroke-width="${f(s * 0.06)}" stroke-linecap="round"/>
  <rect x="${f(x + s * 1.25)}" y="${f(base - s * 1.2)}" width="${f(s * 0.03)}" height="${f(s * 1.2)}" fill="${C.slate}" opacity="0.55"/>
  ${bloodBag(x + s * 1.265, base - s * 1.0, s * 0.32, 0.55)}
  <path d="M${f(x + s * 0.7)},${f(base - s * 0.66)} C${f(x + s * 0.95)},${f(base - s * 0.6)} ${f(x + s * 1.1)},${f(base - s * 0.7)} ${f(x + s * 1.265)},${f(base - s * 0.84)}" fill="none" stroke="${C.b600}" stroke-width="${f(s * 0.015)}"/>`;
}

// ---------- backgrounds ----------

function svg(w: number, h: number, body: string, defs = '') {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${defs}</defs>${body}</svg>`;
}

function linear(id: string, stops: readonly string[], angle: 'v' | 'd' = 'd') {
  const [x2, y2] = angle === 'v' ? ['0', '1'] : ['1', '1'];
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${stops
    .map((c, i) => `<stop offset="${f((i / (stops.length - 1)) * 100)}%" stop-color="${c}"/>`)
    .join('')}</linearGradient>`;
}

function radial(id: string, inner: string, outer: string) {
  return `<radialGradient id="${id}" cx="50%" cy="45%" r="65%"><stop offset="0%" stop-color="${inner}"/><stop offset="100%" stop-color="${outer}"/></radialGradient>`;
}

const DARK = [C.b600, C.b800] as const;
const LIGHT = [C.b50, C.b200] as const;
const WARM = [C.cream, C.b100] as const;

// ---------- scenes ----------

type Scene = (w: number, h: number, r: Rand) => string;

/** Big drop with a heart inside, pulse line, bokeh. */
const sceneDrop: Scene = (w, h, r) => {
  const dark = r() < 0.5;
  const bg = dark ? DARK : LIGHT;
  const body = `<rect width="${w}" height="${h}" fill="url(#bg)"/>${bokeh(r, w, h, 7, dark ? C.white : C.b500, 0.12)}
  ${pulse(0, w, h * 0.62, h * 0.22, dark ? C.b200 : C.b500, h * 0.018, 0.7)}
  ${drop(w * 0.5, h * 0.52, h * 0.68, dark ? C.white : C.b600, { shine: !dark })}
  ${heart(w * 0.5, h * 0.6, h * 0.2, dark ? C.b600 : C.white)}
  ${sprinkles(r, w, h, 5, dark ? [C.b200, C.white] : [C.b300, C.b500], h * 0.06)}`;
  return svg(w, h, body, linear('bg', bg));
};

/** A crowd of donors under a heart. */
const scenePeople: Scene = (w, h, r) => {
  const body = `<rect width="${w}" height="${h}" fill="url(#bg)"/>${bokeh(r, w, h, 6, C.b500, 0.1)}
  ${heart(w * 0.5, h * 0.3, h * 0.34, C.b600)}
  ${heart(w * 0.5, h * 0.3, h * 0.16, C.white, 0.9)}
  ${sprinkles(r, w, h * 0.7, 6, [C.b300, C.b500, C.peach], h * 0.05)}
  ${crowd(r, w * 0.08, w * 0.92, h * 1.02, h * 0.5, [C.b600, C.b700, C.b500, C.white, C.b800], 7)}`;
  return svg(w, h, body, linear('bg', WARM, 'v'));
};

/** Blood bags in a row, pulse line. */
const sceneBags: Scene = (w, h, r) => {
  const n = 3;
  let bags = '';
  for (let i = 0; i < n; i++) bags += bloodBag(w * (0.28 + i * 0.22), h * 0.5, h * 0.5, 0.45 + r() * 0.45);
  const body = `<rect width="${w}" height="${h}" fill="url(#bg)"/>${bokeh(r, w, h, 6, C.white, 0.12)}
  ${pulse(0, w, h * 0.86, h * 0.1, C.b200, h * 0.014, 0.8)}${bags}`;
  return svg(w, h, body, linear('bg', DARK));
};

/** A donor on the donation chair. */
const sceneChair: Scene = (w, h, r) => {
  const body = `<rect width="${w}" height="${h}" fill="url(#bg)"/>${bokeh(r, w, h, 5, C.b500, 0.1)}
  <rect y="${f(h * 0.86)}" width="${w}" height="${f(h * 0.14)}" fill="${C.b100}"/>
  ${donorChair(w * 0.18, h * 0.88, h * 0.62, pick(r, [C.b600, C.slate, C.b700]))}
  ${heart(w * 0.82, h * 0.22, h * 0.14, C.b500, 0.9)}${sprinkles(r, w, h * 0.5, 3, [C.b300], h * 0.05)}`;
  return svg(w, h, body, linear('bg', [C.white, C.b50], 'v'));
};

/** An outdoor event: tents, people, sun. */
const sceneTents: Scene = (w, h, r) => {
  const body = `<rect width="${w}" height="${h}" fill="url(#bg)"/>${sun(w * 0.84, h * 0.2, h * 0.08, C.amber)}
  <rect y="${f(h * 0.8)}" width="${w}" height="${f(h * 0.2)}" fill="${C.b100}"/>
  ${tent(w * 0.3, h * 0.82, w * 0.36, h * 0.5, C.b600, C.white)}
  ${tent(w * 0.7, h * 0.82, w * 0.3, h * 0.42, C.b500, C.b50)}
  ${crowd(r, w * 0.1, w * 0.9, h * 1.0, h * 0.3, [C.b700, C.white, C.slate, C.b500], 8)}`;
  return svg(w, h, body, linear('bg', [C.cream, C.b50], 'v'));
};

/** Cupped hands (two crescents) holding a heart. */
const sceneHands: Scene = (w, h, r) => {
  const cx = w / 2;
  const cy = h * 0.7;
  const hw = h * 0.36;
  const palm = (flip: number) =>
    `<path transform="translate(${f(cx)} ${f(cy)}) scale(${flip} 1)" d="M${f(-hw * 0.04)},${f(h * 0.16)} C${f(-hw * 0.6)},${f(h * 0.16)} ${f(-hw)},${f(h * 0.02)} ${f(-hw * 1.02)},${f(-h * 0.12)} C${f(-hw * 0.9)},${f(-h * 0.1)} ${f(-hw * 0.82)},${f(-h * 0.04)} ${f(-hw * 0.76)},${f(0)} C${f(-hw * 0.5)},${f(h * 0.08)} ${f(-hw * 0.2)},${f(h * 0.1)} ${f(-hw * 0.04)},${f(h * 0.1)}Z" fill="${C.skin}"/>`;
  const body = `<rect width="${w}" height="${h}" fill="url(#bg)"/>${bokeh(r, w, h, 8, C.white, 0.14)}
  ${heart(cx, h * 0.44, h * 0.46, C.white)}${heart(cx, h * 0.44, h * 0.34, C.b600)}
  ${drop(cx, h * 0.43, h * 0.16, C.white, { opacity: 0.95 })}
  ${palm(1)}${palm(-1)}
  ${sprinkles(r, w, h, 6, [C.b200, C.white], h * 0.05)}`;
  return svg(w, h, body, radial('bg', C.b500, C.b800));
};

/** A registration desk with volunteers. */
const sceneDesk: Scene = (w, h, r) => {
  const body = `<rect width="${w}" height="${h}" fill="url(#bg)"/>${bokeh(r, w, h, 5, C.b500, 0.1)}
  <rect x="${f(w * 0.08)}" y="${f(h * 0.18)}" width="${f(w * 0.84)}" height="${f(h * 0.16)}" rx="${f(h * 0.03)}" fill="${C.b600}"/>
  ${heart(w * 0.16, h * 0.26, h * 0.08, C.white)}${drop(w * 0.84, h * 0.26, h * 0.1, C.white)}
  <rect x="${f(w * 0.24)}" y="${f(h * 0.245)}" width="${f(w * 0.52)}" height="${f(h * 0.03)}" rx="${f(h * 0.015)}" fill="#fff" opacity="0.7"/>
  ${crowd(r, w * 0.2, w * 0.8, h * 0.74, h * 0.34, [C.b700, C.white, C.b500], 4)}
  <rect x="${f(w * 0.1)}" y="${f(h * 0.66)}" width="${f(w * 0.8)}" height="${f(h * 0.34)}" rx="${f(h * 0.02)}" fill="${C.b50}" stroke="${C.b200}" stroke-width="3"/>
  <rect x="${f(w * 0.1)}" y="${f(h * 0.66)}" width="${f(w * 0.8)}" height="${f(h * 0.06)}" fill="${C.b600}"/>
  <rect x="${f(w * 0.3)}" y="${f(h * 0.6)}" width="${f(w * 0.1)}" height="${f(h * 0.06)}" rx="3" fill="#fff" stroke="${C.b200}"/>
  <rect x="${f(w * 0.58)}" y="${f(h * 0.61)}" width="${f(w * 0.12)}" height="${f(h * 0.05)}" rx="3" fill="${C.amber}"/>`;
  return svg(w, h, body, linear('bg', [C.white, C.b50], 'v'));
};

/** City skyline with a drop rising like the sun. */
const sceneCity: Scene = (w, h, r) => {
  const body = `<rect width="${w}" height="${h}" fill="url(#bg)"/>${bokeh(r, w, h, 5, C.white, 0.12)}
  ${drop(w * 0.62, h * 0.42, h * 0.5, C.white, { opacity: 0.95 })}${heart(w * 0.62, h * 0.49, h * 0.14, C.b600)}
  ${buildings(r, -10, w + 10, h * 0.9, h * 0.55, C.b800, C.amber)}
  <rect y="${f(h * 0.9)}" width="${w}" height="${f(h * 0.1)}" fill="${C.b900}"/>`;
  return svg(w, h, body, linear('bg', [C.b500, C.b700], 'v'));
};

/** Rice fields with a drop and hearts. */
const sceneFields: Scene = (w, h, r) => {
  let bands = '';
  const greens = [C.sage, C.leaf, '#7fb38a', '#4e8a5c'];
  for (let i = 0; i < 4; i++) {
    const y = h * (0.62 + i * 0.1);
    bands += `<path d="M0,${f(y)} C${f(w * 0.3)},${f(y - h * 0.06)} ${f(w * 0.7)},${f(y + h * 0.06)} ${w},${f(y - h * 0.02)} L${w},${h} L0,${h}Z" fill="${greens[i]}"/>`;
  }
  const body = `<rect width="${w}" height="${h}" fill="url(#bg)"/>${sun(w * 0.2, h * 0.24, h * 0.08, C.amber)}
  ${bands}${drop(w * 0.66, h * 0.4, h * 0.46, C.b600, { shine: true })}${heart(w * 0.66, h * 0.47, h * 0.12, C.white)}
  ${sprinkles(r, w, h * 0.9, 4, [C.b500, C.b300], h * 0.05)}`;
  return svg(w, h, body, linear('bg', [C.cream, C.b100], 'v'));
};

/** Tết blossoms around a drop. */
const sceneBlossoms: Scene = (w, h, r) => {
  let flowers = '';
  const branch = `<path d="M0,${f(h * 0.2)} C${f(w * 0.2)},${f(h * 0.25)} ${f(w * 0.3)},${f(h * 0.1)} ${f(w * 0.45)},${f(h * 0.12)}" stroke="#5b3a29" stroke-width="${f(h * 0.018)}" fill="none" stroke-linecap="round"/>
  <path d="M${w},${f(h * 0.85)} C${f(w * 0.85)},${f(h * 0.8)} ${f(w * 0.8)},${f(h * 0.95)} ${f(w * 0.68)},${f(h * 0.9)}" stroke="#5b3a29" stroke-width="${f(h * 0.018)}" fill="none" stroke-linecap="round"/>`;
  for (let i = 0; i < 14; i++) {
    const left = i < 7;
    const t = r();
    const x = left ? w * 0.45 * t : w - w * 0.32 * t;
    const y = left ? h * (0.2 - 0.08 * t) + (r() - 0.5) * h * 0.12 : h * (0.86 + (r() - 0.5) * 0.12);
    flowers += blossom(x, y, h * (0.03 + r() * 0.025), pick(r, [C.b300, C.b200, C.peach, C.amber]), C.b700);
  }
  const body = `<rect width="${w}" height="${h}" fill="url(#bg)"/>${bokeh(r, w, h, 6, C.b500, 0.08)}${branch}${flowers}
  ${drop(w * 0.5, h * 0.5, h * 0.52, C.b600, { shine: true })}${heart(w * 0.5, h * 0.57, h * 0.14, C.white)}`;
  return svg(w, h, body, linear('bg', [C.cream, C.b100]));
};

/** Sunday-morning festival: sun, drop, crowd. */
const sceneFestival: Scene = (w, h, r) => {
  const body = `<rect width="${w}" height="${h}" fill="url(#bg)"/>${sun(w * 0.5, h * 0.34, h * 0.2, '#ffd29a')}
  ${drop(w * 0.5, h * 0.35, h * 0.3, C.b600, { shine: true })}
  ${sprinkles(r, w, h * 0.8, 8, [C.white, C.b200], h * 0.05)}
  ${crowd(r, w * 0.04, w * 0.96, h * 1.02, h * 0.42, [C.b800, C.white, C.b600, C.b700], 9)}`;
  return svg(w, h, body, linear('bg', [C.b500, C.b700], 'v'));
};

/** A text label in DejaVu Sans (it has the Vietnamese glyphs). */
function label(x: number, y: number, size: number, fill: string, text: string, weight = 700) {
  return `<text x="${f(x)}" y="${f(y)}" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-weight="${weight}" font-size="${f(size)}" fill="${fill}">${text}</text>`;
}

/** Rows of full bags and a crowd: a day's collection. */
const sceneTally: Scene = (w, h, r) => {
  let bags = '';
  for (let i = 0; i < 5; i++) bags += bloodBag(w * (0.14 + i * 0.18), h * 0.3, h * 0.34, 0.7 + r() * 0.25);
  const body = `<rect width="${w}" height="${h}" fill="url(#bg)"/>${bokeh(r, w, h, 5, C.white, 0.1)}${bags}
  ${label(w * 0.5, h * 0.68, h * 0.14, C.white, '3.000')}
  ${crowd(r, w * 0.06, w * 0.94, h * 1.04, h * 0.24, [C.b800, C.white, C.b900], 10)}`;
  return svg(w, h, body, linear('bg', [C.b600, C.b900], 'v'));
};

/** A clipboard with ticked lines: what to know before the first donation. */
const sceneChecklist: Scene = (w, h, r) => {
  const x = w * 0.3;
  const y = h * 0.14;
  const cw = w * 0.4;
  const ch = h * 0.78;
  let rows = '';
  for (let i = 0; i < 4; i++) {
    const ry = y + ch * (0.26 + i * 0.18);
    rows += `<circle cx="${f(x + cw * 0.16)}" cy="${f(ry)}" r="${f(h * 0.035)}" fill="${C.b600}"/>
    <path d="M${f(x + cw * 0.13)},${f(ry)} l${f(h * 0.015)},${f(h * 0.015)} l${f(h * 0.025)},${f(-h * 0.03)}" stroke="#fff" stroke-width="${f(h * 0.012)}" fill="none" stroke-linecap="round"/>
    <rect x="${f(x + cw * 0.28)}" y="${f(ry - h * 0.012)}" width="${f(cw * (0.45 + r() * 0.2))}" height="${f(h * 0.024)}" rx="${f(h * 0.012)}" fill="${C.b200}"/>`;
  }
  const body = `<rect width="${w}" height="${h}" fill="url(#bg)"/>${bokeh(r, w, h, 6, C.b500, 0.08)}
  <rect x="${f(x)}" y="${f(y)}" width="${f(cw)}" height="${f(ch)}" rx="${f(h * 0.03)}" fill="#fff" stroke="${C.b300}" stroke-width="${f(h * 0.012)}"/>
  <rect x="${f(x + cw * 0.32)}" y="${f(y - h * 0.04)}" width="${f(cw * 0.36)}" height="${f(h * 0.09)}" rx="${f(h * 0.02)}" fill="${C.b700}"/>${rows}
  ${drop(w * 0.18, h * 0.62, h * 0.3, C.b600, { shine: true })}${heart(w * 0.84, h * 0.3, h * 0.16, C.b500)}`;
  return svg(w, h, body, linear('bg', [C.white, C.b100]));
};

/** A big drop marked O and bags: the call for group O. */
const sceneTypeO: Scene = (w, h, r) => {
  const body = `<rect width="${w}" height="${h}" fill="url(#bg)"/>${bokeh(r, w, h, 8, C.white, 0.1)}
  ${drop(w * 0.5, h * 0.5, h * 0.76, C.white)}${label(w * 0.5, h * 0.7, h * 0.3, C.b600, 'O')}
  ${bloodBag(w * 0.18, h * 0.52, h * 0.42, 0.3)}${bloodBag(w * 0.82, h * 0.52, h * 0.42, 0.15)}
  ${sprinkles(r, w, h, 4, [C.b200], h * 0.05)}`;
  return svg(w, h, body, linear('bg', [C.b700, C.b900]));
};

/** A campus gate and lecture halls, students in front. */
const sceneCampus: Scene = (w, h, r) => {
  const gx = w * 0.5;
  const body = `<rect width="${w}" height="${h}" fill="url(#bg)"/>${sun(w * 0.85, h * 0.18, h * 0.06, C.amber)}
  ${buildings(r, -10, w + 10, h * 0.8, h * 0.42, '#c9a27e', C.cream)}
  <rect x="${f(gx - w * 0.16)}" y="${f(h * 0.3)}" width="${f(w * 0.32)}" height="${f(h * 0.5)}" fill="${C.b700}"/>
  <path d="M${f(gx - w * 0.1)},${f(h * 0.8)} L${f(gx - w * 0.1)},${f(h * 0.52)} A${f(w * 0.1)},${f(w * 0.1)} 0 0 1 ${f(gx + w * 0.1)},${f(h * 0.52)} L${f(gx + w * 0.1)},${f(h * 0.8)}Z" fill="${C.cream}"/>
  <rect x="${f(gx - w * 0.14)}" y="${f(h * 0.33)}" width="${f(w * 0.28)}" height="${f(h * 0.07)}" fill="${C.white}" opacity="0.9"/>
  ${heart(gx, h * 0.365, h * 0.05, C.b600)}
  <rect y="${f(h * 0.8)}" width="${w}" height="${f(h * 0.2)}" fill="${C.sage}"/>
  ${crowd(r, w * 0.1, w * 0.9, h * 1.02, h * 0.26, ['#2563eb', C.white, C.b600, '#1e3a8a'], 9)}`;
  return svg(w, h, body, linear('bg', ['#dbeafe', C.cream], 'v'));
};

/** A heart listened to with a stethoscope, pulse behind: donation and health. */
const sceneHealth: Scene = (w, h, r) => {
  const cx = w * 0.42;
  const body = `<rect width="${w}" height="${h}" fill="url(#bg)"/>${bokeh(r, w, h, 6, C.b500, 0.08)}
  ${pulse(0, w, h * 0.5, h * 0.22, C.b300, h * 0.016, 0.8)}
  ${heart(cx, h * 0.5, h * 0.56, C.b600)}${heart(cx - h * 0.08, h * 0.42, h * 0.12, '#fff', 0.35)}
  <path d="M${f(w * 0.7)},${f(h * 0.12)} C${f(w * 0.66)},${f(h * 0.45)} ${f(w * 0.9)},${f(h * 0.45)} ${f(w * 0.86)},${f(h * 0.12)} M${f(w * 0.78)},${f(h * 0.4)} C${f(w * 0.78)},${f(h * 0.7)} ${f(w * 0.6)},${f(h * 0.75)} ${f(cx + h * 0.2)},${f(h * 0.62)}" stroke="${C.slate}" stroke-width="${f(h * 0.02)}" fill="none" stroke-linecap="round"/>
  <circle cx="${f(cx + h * 0.2)}" cy="${f(h * 0.62)}" r="${f(h * 0.05)}" fill="${C.slate}"/><circle cx="${f(cx + h * 0.2)}" cy="${f(h * 0.62)}" r="${f(h * 0.028)}" fill="#cbd5e1"/>`;
  return svg(w, h, body, linear('bg', [C.white, C.b50], 'v'));
};

/** A phone showing a calendar with a booked day: the online portal. */
const scenePhone: Scene = (w, h, r) => {
  const pw = h * 0.5;
  const ph = h * 0.86;
  const x = w * 0.5 - pw / 2;
  const y = h * 0.07;
  let days = '';
  for (let i = 0; i < 12; i++) {
    const dx = x + pw * (0.14 + (i % 4) * 0.2);
    const dy = y + ph * (0.42 + Math.floor(i / 4) * 0.13);
    days += `<rect x="${f(dx)}" y="${f(dy)}" width="${f(pw * 0.13)}" height="${f(ph * 0.08)}" rx="${f(pw * 0.02)}" fill="${i === 6 ? C.b600 : C.b100}"/>`;
  }
  const body = `<rect width="${w}" height="${h}" fill="url(#bg)"/>${bokeh(r, w, h, 7, C.white, 0.12)}
  <rect x="${f(x)}" y="${f(y)}" width="${f(pw)}" height="${f(ph)}" rx="${f(pw * 0.12)}" fill="${C.slate}"/>
  <rect x="${f(x + pw * 0.06)}" y="${f(y + ph * 0.05)}" width="${f(pw * 0.88)}" height="${f(ph * 0.9)}" rx="${f(pw * 0.08)}" fill="#fff"/>
  <rect x="${f(x + pw * 0.06)}" y="${f(y + ph * 0.05)}" width="${f(pw * 0.88)}" height="${f(ph * 0.26)}" rx="${f(pw * 0.08)}" fill="${C.b600}"/>
  ${drop(w * 0.5, y + ph * 0.19, ph * 0.16, '#fff')}${days}
  ${heart(w * 0.2, h * 0.3, h * 0.14, '#fff', 0.9)}${drop(w * 0.8, h * 0.7, h * 0.18, '#fff', { opacity: 0.9 })}`;
  return svg(w, h, body, radial('bg', C.b500, C.b800));
};

/** A medal with ribbon marked 50: a donor's fiftieth time. */
const sceneMedal: Scene = (w, h, r) => {
  const cx = w * 0.5;
  const body = `<rect width="${w}" height="${h}" fill="url(#bg)"/>${bokeh(r, w, h, 6, C.b500, 0.1)}
  <path d="M${f(cx - h * 0.2)},0 L${f(cx - h * 0.02)},${f(h * 0.46)} L${f(cx + h * 0.06)},${f(h * 0.46)} L${f(cx - h * 0.08)},0Z" fill="${C.b600}"/>
  <path d="M${f(cx + h * 0.2)},0 L${f(cx + h * 0.02)},${f(h * 0.46)} L${f(cx - h * 0.06)},${f(h * 0.46)} L${f(cx + h * 0.08)},0Z" fill="${C.b800}"/>
  <circle cx="${f(cx)}" cy="${f(h * 0.6)}" r="${f(h * 0.25)}" fill="${C.amber}"/><circle cx="${f(cx)}" cy="${f(h * 0.6)}" r="${f(h * 0.2)}" fill="#ffd58a"/>
  ${label(cx, h * 0.67, h * 0.18, C.b700, '50')}
  ${sprinkles(r, w, h, 8, [C.b500, C.amber, C.b300], h * 0.06)}`;
  return svg(w, h, body, linear('bg', [C.cream, C.b100]));
};

/** Six numbered stops on a winding path: the donation process. */
const sceneSteps: Scene = (w, h, r) => {
  const pts = Array.from({ length: 6 }, (_, i) => [w * (0.1 + i * 0.16), h * (i % 2 ? 0.62 : 0.38)] as const);
  const path = pts.map(([x, y], i) => `${i ? 'L' : 'M'}${f(x)},${f(y)}`).join(' ');
  const stops = pts
    .map(
      ([x, y], i) =>
        `<circle cx="${f(x)}" cy="${f(y)}" r="${f(h * 0.08)}" fill="${i === 5 ? C.b600 : '#fff'}" stroke="${C.b600}" stroke-width="${f(h * 0.014)}"/>${label(x, y + h * 0.035, h * 0.09, i === 5 ? '#fff' : C.b700, String(i + 1))}`,
    )
    .join('');
  const body = `<rect width="${w}" height="${h}" fill="url(#bg)"/>${bokeh(r, w, h, 5, C.b500, 0.08)}
  <path d="${path}" stroke="${C.b300}" stroke-width="${f(h * 0.02)}" stroke-dasharray="${f(h * 0.04)} ${f(h * 0.03)}" fill="none"/>${stops}
  ${drop(w * 0.9, h * 0.2, h * 0.16, C.b500)}${heart(w * 0.08, h * 0.82, h * 0.1, C.b500)}`;
  return svg(w, h, body, linear('bg', [C.white, C.cream], 'v'));
};

/** A parent and child under a heart, a bag beside them: patients who need blood for life. */
const sceneFamily: Scene = (w, h, r) => {
  const body = `<rect width="${w}" height="${h}" fill="url(#bg)"/>${bokeh(r, w, h, 6, C.white, 0.2)}
  ${heart(w * 0.42, h * 0.3, h * 0.3, C.b500, 0.9)}
  ${person(w * 0.36, h * 1.02, h * 0.62, C.b700, C.skin, '#3b2a24')}${person(w * 0.52, h * 1.02, h * 0.38, C.amber, C.skin, '#1f2937')}
  <rect x="${f(w * 0.76)}" y="${f(h * 0.12)}" width="${f(w * 0.008)}" height="${f(h * 0.88)}" fill="${C.slate}" opacity="0.5"/>
  ${bloodBag(w * 0.764, h * 0.28, h * 0.3, 0.8)}${sprinkles(r, w, h * 0.6, 4, [C.b300, C.white], h * 0.05)}`;
  return svg(w, h, body, linear('bg', [C.b100, C.peach], 'v'));
};

/** A bowl, water and fruit on a table: eating before and after donating. */
const sceneMeal: Scene = (w, h, r) => {
  const t = h * 0.72;
  const body = `<rect width="${w}" height="${h}" fill="url(#bg)"/>${bokeh(r, w, h, 5, C.amber, 0.12)}
  <rect y="${f(t)}" width="${w}" height="${f(h - t)}" fill="#d6a77a"/>
  <path d="M${f(w * 0.16)},${f(t - h * 0.2)} A${f(w * 0.16)},${f(h * 0.2)} 0 0 0 ${f(w * 0.48)},${f(t - h * 0.2)}Z" fill="#fff" stroke="${C.b300}" stroke-width="${f(h * 0.012)}"/>
  <ellipse cx="${f(w * 0.32)}" cy="${f(t - h * 0.2)}" rx="${f(w * 0.15)}" ry="${f(h * 0.04)}" fill="${C.amber}"/>
  <rect x="${f(w * 0.56)}" y="${f(t - h * 0.36)}" width="${f(w * 0.1)}" height="${f(h * 0.36)}" rx="${f(h * 0.02)}" fill="#e0f2fe" stroke="#93c5fd" stroke-width="${f(h * 0.01)}"/>
  <rect x="${f(w * 0.565)}" y="${f(t - h * 0.24)}" width="${f(w * 0.09)}" height="${f(h * 0.235)}" fill="#7dd3fc"/>
  <circle cx="${f(w * 0.78)}" cy="${f(t - h * 0.08)}" r="${f(h * 0.08)}" fill="#fb923c"/><circle cx="${f(w * 0.88)}" cy="${f(t - h * 0.07)}" r="${f(h * 0.07)}" fill="${C.b500}"/>
  <path d="M${f(w * 0.88)},${f(t - h * 0.14)} l${f(h * 0.02)},${f(-h * 0.04)}" stroke="${C.leaf}" stroke-width="${f(h * 0.015)}"/>
  ${heart(w * 0.84, h * 0.2, h * 0.12, C.b600)}${drop(w * 0.12, h * 0.2, h * 0.14, C.b500)}`;
  return svg(w, h, body, linear('bg', [C.cream, '#fde68a'], 'v'));
};

/** Volunteers in red vests holding a banner. */
const sceneVolunteers: Scene = (w, h, r) => {
  const body = `<rect width="${w}" height="${h}" fill="url(#bg)"/>${bokeh(r, w, h, 6, C.b500, 0.1)}
  <rect x="${f(w * 0.1)}" y="${f(h * 0.12)}" width="${f(w * 0.8)}" height="${f(h * 0.2)}" rx="${f(h * 0.03)}" fill="${C.b600}"/>
  ${label(w * 0.5, h * 0.26, h * 0.1, '#fff', 'TÌNH NGUYỆN')}
  ${crowd(r, w * 0.12, w * 0.88, h * 1.02, h * 0.5, [C.b600, C.b700, C.b500], 6)}
  ${heart(w * 0.06, h * 0.5, h * 0.08, C.b500)}${heart(w * 0.94, h * 0.5, h * 0.08, C.b500)}`;
  return svg(w, h, body, linear('bg', [C.white, C.b100], 'v'));
};

/** A certificate with a ribbon seal. */
const sceneCertificate: Scene = (w, h, r) => {
  const x = w * 0.18;
  const y = h * 0.12;
  const cw = w * 0.64;
  const ch = h * 0.76;
  let lines = '';
  for (let i = 0; i < 4; i++)
    lines += `<rect x="${f(x + cw * 0.12)}" y="${f(y + ch * (0.42 + i * 0.11))}" width="${f(cw * (0.5 + r() * 0.2))}" height="${f(h * 0.022)}" rx="${f(h * 0.011)}" fill="${C.b200}"/>`;
  const body = `<rect width="${w}" height="${h}" fill="url(#bg)"/>${bokeh(r, w, h, 6, C.white, 0.12)}
  <rect x="${f(x)}" y="${f(y)}" width="${f(cw)}" height="${f(ch)}" rx="${f(h * 0.02)}" fill="${C.cream}" stroke="${C.amber}" stroke-width="${f(h * 0.016)}"/>
  ${label(x + cw * 0.5, y + ch * 0.26, h * 0.075, C.b700, 'CHỨNG NHẬN')}${lines}
  <path d="M${f(x + cw * 0.8)},${f(y + ch * 0.8)} l${f(-h * 0.05)},${f(h * 0.16)} l${f(h * 0.05)},${f(-h * 0.04)} l${f(h * 0.05)},${f(h * 0.04)}Z" fill="${C.b600}"/>
  <circle cx="${f(x + cw * 0.8)}" cy="${f(y + ch * 0.76)}" r="${f(h * 0.08)}" fill="${C.b600}"/>${drop(x + cw * 0.8, y + ch * 0.76, h * 0.08, '#fff')}`;
  return svg(w, h, body, linear('bg', [C.b600, C.b800]));
};

/** A lake with a small tower on an island, at dawn. */
const sceneLake: Scene = (w, h, r) => {
  const water = h * 0.6;
  let ripples = '';
  for (let i = 0; i < 6; i++)
    ripples += `<rect x="${f(r() * w * 0.8)}" y="${f(water + h * (0.06 + i * 0.06))}" width="${f(w * (0.1 + r() * 0.2))}" height="${f(h * 0.01)}" rx="${f(h * 0.005)}" fill="#fff" opacity="0.5"/>`;
  const tx = w * 0.3;
  const body = `<rect width="${w}" height="${h}" fill="url(#bg)"/>${drop(w * 0.72, h * 0.34, h * 0.3, C.b500, { opacity: 0.9 })}
  ${buildings(r, -10, w + 10, water, h * 0.22, '#94a3b8', '#e2e8f0')}
  <rect y="${f(water)}" width="${w}" height="${f(h - water)}" fill="#7aa6c2"/>${ripples}
  <ellipse cx="${f(tx)}" cy="${f(water + h * 0.05)}" rx="${f(w * 0.1)}" ry="${f(h * 0.035)}" fill="${C.leaf}"/>
  <rect x="${f(tx - w * 0.035)}" y="${f(water - h * 0.2)}" width="${f(w * 0.07)}" height="${f(h * 0.24)}" fill="#b08968"/>
  <rect x="${f(tx - w * 0.025)}" y="${f(water - h * 0.29)}" width="${f(w * 0.05)}" height="${f(h * 0.1)}" fill="#9c6644"/>
  <path d="M${f(tx - w * 0.03)},${f(water - h * 0.29)} L${f(tx)},${f(water - h * 0.34)} L${f(tx + w * 0.03)},${f(water - h * 0.29)}Z" fill="${C.b700}"/>
  ${heart(w * 0.72, h * 0.4, h * 0.08, '#fff')}`;
  return svg(w, h, body, linear('bg', ['#fde2e4', '#fbc4ab'], 'v'));
};

/** A route across the country with drop-shaped pins: a travelling campaign. */
const sceneRoute: Scene = (w, h, r) => {
  const pts = [
    [w * 0.12, h * 0.78],
    [w * 0.3, h * 0.5],
    [w * 0.48, h * 0.66],
    [w * 0.64, h * 0.34],
    [w * 0.86, h * 0.22],
  ] as const;
  const road = pts.map(([x, y], i) => `${i ? 'L' : 'M'}${f(x)},${f(y)}`).join(' ');
  const pins = pts.map(([x, y]) => drop(x, y - h * 0.08, h * 0.16, C.b600, { shine: true })).join('');
  const body = `<rect width="${w}" height="${h}" fill="url(#bg)"/>
  <path d="M0,${f(h * 0.3)} C${f(w * 0.3)},${f(h * 0.1)} ${f(w * 0.5)},${f(h * 0.5)} ${w},${f(h * 0.4)} L${w},${h} L0,${h}Z" fill="${C.sage}" opacity="0.55"/>
  <path d="${road}" stroke="#fff" stroke-width="${f(h * 0.05)}" fill="none" stroke-linejoin="round" stroke-linecap="round"/>
  <path d="${road}" stroke="${C.b500}" stroke-width="${f(h * 0.012)}" stroke-dasharray="${f(h * 0.03)} ${f(h * 0.025)}" fill="none"/>${pins}
  ${sprinkles(r, w, h, 3, [C.b300], h * 0.05)}`;
  return svg(w, h, body, linear('bg', ['#eef6ee', C.cream]));
};

/** A campaign bus on the road. */
const sceneBus: Scene = (w, h, r) => {
  const base = h * 0.78;
  const bx = w * 0.2;
  const bw = w * 0.6;
  const bh = h * 0.36;
  let windows = '';
  for (let i = 0; i < 5; i++)
    windows += `<rect x="${f(bx + bw * (0.06 + i * 0.15))}" y="${f(base - bh * 0.9)}" width="${f(bw * 0.11)}" height="${f(bh * 0.32)}" rx="${f(h * 0.01)}" fill="#e0f2fe"/>`;
  const body = `<rect width="${w}" height="${h}" fill="url(#bg)"/>${sun(w * 0.15, h * 0.18, h * 0.07, C.amber)}
  <rect y="${f(base)}" width="${w}" height="${f(h - base)}" fill="#64748b"/>
  <rect y="${f(base + h * 0.09)}" width="${w}" height="${f(h * 0.015)}" fill="#fff" opacity="0.8"/>
  <rect x="${f(bx)}" y="${f(base - bh)}" width="${f(bw)}" height="${f(bh)}" rx="${f(h * 0.05)}" fill="${C.b600}"/>${windows}
  ${heart(bx + bw * 0.84, base - bh * 0.32, h * 0.1, '#fff')}
  <rect x="${f(bx + bw * 0.06)}" y="${f(base - bh * 0.4)}" width="${f(bw * 0.6)}" height="${f(bh * 0.12)}" fill="#fff" opacity="0.85"/>
  <circle cx="${f(bx + bw * 0.2)}" cy="${f(base)}" r="${f(h * 0.06)}" fill="${C.slate}"/><circle cx="${f(bx + bw * 0.8)}" cy="${f(base)}" r="${f(h * 0.06)}" fill="${C.slate}"/>
  ${sprinkles(r, w, h * 0.5, 4, [C.b300, C.b500], h * 0.05)}`;
  return svg(w, h, body, linear('bg', ['#e0f2fe', C.cream], 'v'));
};

/** A tree whose crown is a drop, a bench below. */
const sceneTree: Scene = (w, h, r) => {
  const body = `<rect width="${w}" height="${h}" fill="url(#bg)"/>${bokeh(r, w, h, 5, C.amber, 0.12)}
  <rect y="${f(h * 0.84)}" width="${w}" height="${f(h * 0.16)}" fill="#d9b38c"/>
  <rect x="${f(w * 0.47)}" y="${f(h * 0.5)}" width="${f(w * 0.06)}" height="${f(h * 0.36)}" fill="#7c4a2d"/>
  ${drop(w * 0.5, h * 0.36, h * 0.6, '#e07a2f')}${heart(w * 0.5, h * 0.42, h * 0.16, C.b600)}
  <rect x="${f(w * 0.66)}" y="${f(h * 0.72)}" width="${f(w * 0.24)}" height="${f(h * 0.04)}" fill="#7c4a2d"/>
  <rect x="${f(w * 0.68)}" y="${f(h * 0.76)}" width="${f(w * 0.02)}" height="${f(h * 0.08)}" fill="#7c4a2d"/><rect x="${f(w * 0.86)}" y="${f(h * 0.76)}" width="${f(w * 0.02)}" height="${f(h * 0.08)}" fill="#7c4a2d"/>`;
  return svg(w, h, body, linear('bg', ['#fff7ed', '#fed7aa'], 'v'));
};

/** A lecture hall from the back: rows of heads facing a board about donating. */
const sceneLecture: Scene = (w, h, r) => {
  let heads = '';
  for (let row = 0; row < 3; row++)
    for (let i = 0; i < 7; i++)
      heads += `<circle cx="${f(w * (0.08 + i * 0.14) + (row % 2) * w * 0.05)}" cy="${f(h * (0.7 + row * 0.12))}" r="${f(h * (0.05 + row * 0.01))}" fill="${pick(r, ['#3b2a24', '#1f2937', '#4a3426'])}"/>`;
  const body = `<rect width="${w}" height="${h}" fill="url(#bg)"/>
  <rect x="${f(w * 0.16)}" y="${f(h * 0.08)}" width="${f(w * 0.68)}" height="${f(h * 0.44)}" rx="${f(h * 0.02)}" fill="#1f4d3a" stroke="#7c4a2d" stroke-width="${f(h * 0.02)}"/>
  ${label(w * 0.44, h * 0.34, h * 0.1, '#fff', 'Hiến máu', 400)}${drop(w * 0.72, h * 0.3, h * 0.18, C.b300)}${heads}`;
  return svg(w, h, body, linear('bg', ['#fef3c7', '#fde68a'], 'v'));
};

/** The snack after donating: milk, bread and a thank-you card. */
const sceneSnack: Scene = (w, h, r) => {
  const t = h * 0.74;
  const body = `<rect width="${w}" height="${h}" fill="url(#bg)"/>${bokeh(r, w, h, 6, C.white, 0.2)}
  <rect y="${f(t)}" width="${w}" height="${f(h - t)}" fill="#f1c27d"/>
  <rect x="${f(w * 0.18)}" y="${f(t - h * 0.36)}" width="${f(w * 0.14)}" height="${f(h * 0.36)}" fill="#fff" stroke="#93c5fd" stroke-width="${f(h * 0.012)}"/>
  <path d="M${f(w * 0.18)},${f(t - h * 0.36)} L${f(w * 0.25)},${f(t - h * 0.46)} L${f(w * 0.32)},${f(t - h * 0.36)}Z" fill="#bfdbfe"/>
  ${label(w * 0.25, t - h * 0.14, h * 0.07, '#2563eb', 'SỮA')}
  <ellipse cx="${f(w * 0.52)}" cy="${f(t - h * 0.08)}" rx="${f(w * 0.13)}" ry="${f(h * 0.09)}" fill="#d97706"/>
  <rect x="${f(w * 0.68)}" y="${f(t - h * 0.3)}" width="${f(w * 0.2)}" height="${f(h * 0.26)}" rx="${f(h * 0.02)}" fill="#fff" transform="rotate(-6 ${f(w * 0.78)} ${f(t - h * 0.17)})"/>
  ${heart(w * 0.78, t - h * 0.17, h * 0.1, C.b600)}`;
  return svg(w, h, body, linear('bg', [C.b100, C.b300], 'v'));
};

/** A student card with a heart: donors of the new school year. */
const sceneBadge: Scene = (w, h, r) => {
  const x = w * 0.24;
  const y = h * 0.2;
  const cw = w * 0.52;
  const ch = h * 0.6;
  const body = `<rect width="${w}" height="${h}" fill="url(#bg)"/>${bokeh(r, w, h, 7, C.white, 0.14)}
  <path d="M${f(w * 0.5)},0 L${f(w * 0.5)},${f(y)}" stroke="${C.b300}" stroke-width="${f(h * 0.03)}"/>
  <rect x="${f(x)}" y="${f(y)}" width="${f(cw)}" height="${f(ch)}" rx="${f(h * 0.04)}" fill="#fff"/>
  <rect x="${f(x)}" y="${f(y)}" width="${f(cw)}" height="${f(ch * 0.24)}" rx="${f(h * 0.04)}" fill="#2563eb"/>
  <circle cx="${f(x + cw * 0.24)}" cy="${f(y + ch * 0.6)}" r="${f(ch * 0.18)}" fill="${C.skin}"/>
  <rect x="${f(x + cw * 0.46)}" y="${f(y + ch * 0.46)}" width="${f(cw * 0.42)}" height="${f(h * 0.03)}" rx="${f(h * 0.015)}" fill="#cbd5e1"/>
  <rect x="${f(x + cw * 0.46)}" y="${f(y + ch * 0.6)}" width="${f(cw * 0.3)}" height="${f(h * 0.03)}" rx="${f(h * 0.015)}" fill="#cbd5e1"/>
  ${heart(x + cw * 0.82, y + ch * 0.8, h * 0.1, C.b600)}`;
  return svg(w, h, body, radial('bg', '#60a5fa', '#1e3a8a'));
};

/** Raised hands and hearts: a cheering crowd. */
const sceneCheer: Scene = (w, h, r) => {
  let arms = '';
  for (let i = 0; i < 6; i++) {
    const x = w * (0.12 + i * 0.15);
    arms += `<path d="M${f(x)},${f(h * 0.82)} L${f(x + (r() - 0.5) * w * 0.06)},${f(h * 0.42)}" stroke="${C.skin}" stroke-width="${f(h * 0.04)}" stroke-linecap="round"/>${heart(x, h * (0.3 - r() * 0.08), h * 0.1, pick(r, [C.b600, C.b500, C.white]))}`;
  }
  const body = `<rect width="${w}" height="${h}" fill="url(#bg)"/>${bokeh(r, w, h, 6, C.white, 0.14)}${arms}
  ${crowd(r, w * 0.04, w * 0.96, h * 1.04, h * 0.34, [C.b800, C.white, C.b600, '#1e3a8a'], 9)}`;
  return svg(w, h, body, linear('bg', [C.amber, '#e07a2f'], 'v'));
};

/** A bicycle with a heart in its basket. */
const sceneBike: Scene = (w, h, r) => {
  const base = h * 0.8;
  const wr = h * 0.16;
  const x1 = w * 0.32;
  const x2 = w * 0.68;
  const body = `<rect width="${w}" height="${h}" fill="url(#bg)"/>${bokeh(r, w, h, 5, C.amber, 0.14)}
  <rect y="${f(base + wr)}" width="${w}" height="${f(h - base - wr)}" fill="#d9b38c"/>
  <circle cx="${f(x1)}" cy="${f(base)}" r="${f(wr)}" fill="none" stroke="${C.slate}" stroke-width="${f(h * 0.02)}"/>
  <circle cx="${f(x2)}" cy="${f(base)}" r="${f(wr)}" fill="none" stroke="${C.slate}" stroke-width="${f(h * 0.02)}"/>
  <path d="M${f(x1)},${f(base)} L${f(w * 0.46)},${f(base - h * 0.2)} L${f(w * 0.62)},${f(base - h * 0.2)} L${f(x2)},${f(base)} M${f(w * 0.46)},${f(base - h * 0.2)} L${f(w * 0.5)},${f(base)} L${f(x1)},${f(base)} M${f(w * 0.62)},${f(base - h * 0.2)} L${f(w * 0.64)},${f(base - h * 0.3)}" stroke="${C.b600}" stroke-width="${f(h * 0.025)}" fill="none" stroke-linejoin="round"/>
  <rect x="${f(w * 0.6)}" y="${f(base - h * 0.42)}" width="${f(w * 0.14)}" height="${f(h * 0.12)}" rx="${f(h * 0.02)}" fill="#b45309"/>
  ${heart(w * 0.67, base - h * 0.46, h * 0.12, C.b600)}${drop(w * 0.18, h * 0.24, h * 0.16, C.b500)}`;
  return svg(w, h, body, linear('bg', [C.cream, '#fed7aa'], 'v'));
};

const SCENES = {
  drop: sceneDrop,
  people: scenePeople,
  bags: sceneBags,
  chair: sceneChair,
  tents: sceneTents,
  hands: sceneHands,
  desk: sceneDesk,
  city: sceneCity,
  fields: sceneFields,
  blossoms: sceneBlossoms,
  festival: sceneFestival,
  tally: sceneTally,
  checklist: sceneChecklist,
  typeO: sceneTypeO,
  campus: sceneCampus,
  health: sceneHealth,
  phone: scenePhone,
  medal: sceneMedal,
  steps: sceneSteps,
  family: sceneFamily,
  meal: sceneMeal,
  volunteers: sceneVolunteers,
  certificate: sceneCertificate,
  lake: sceneLake,
  route: sceneRoute,
  bus: sceneBus,
  tree: sceneTree,
  lecture: sceneLecture,
  snack: sceneSnack,
  badge: sceneBadge,
  cheer: sceneCheer,
  bike: sceneBike,
} satisfies Record<string, Scene>;
type SceneName = keyof typeof SCENES;

// ---------- outputs ----------

const CAMPAIGNS: [string, SceneName][] = [
  ['chu-nhat-do', 'festival'],
  ['hoan-kiem', 'city'],
  ['bach-khoa', 'people'],
  ['hanh-trinh-do', 'tents'],
  ['nong-nghiep', 'fields'],
  ['xuan-hong', 'blossoms'],
  ['ngan-hang', 'desk'],
];

/** One scene per news item, in the order of DEMO_NEWS (apps/server/src/seed/demo-catalog.ts): each its own picture. */
const NEWS_SCENES: SceneName[] = [
  'tally', // Hơn 3.000 đơn vị máu … Ngày hội Chủ nhật Đỏ
  'checklist', // Những điều cần biết trước khi hiến máu lần đầu
  'typeO', // Ngân hàng máu cần nhóm máu O
  'campus', // Sinh viên Bách khoa
  'health', // Hiến máu có ảnh hưởng đến sức khỏe không?
  'phone', // Ra mắt cổng đăng ký trực tuyến
  'medal', // Người hiến máu 50 lần
  'steps', // Quy trình 6 bước
  'family', // Thalassemia
  'lake', // Phường Hoàn Kiếm
  'meal', // Ăn gì trước và sau khi hiến máu?
  'volunteers', // Tình nguyện viên
  'certificate', // Giấy chứng nhận hiến máu
];

/**
 * Past events shown on the landing page (apps/web/src/features/landing/components/past-events-carousel.tsx):
 * six scenes each, none shared with another event or with a news item, and the event's season
 * drawn over all six.
 */
export const EVENTS: { slug: string; scenes: SceneName[]; theme: Theme }[] = [
  {
    slug: 'xuan-hong-2026',
    scenes: ['blossoms', 'festival', 'chair', 'desk', 'hands', 'people'],
    theme: 'tet',
  },
  { slug: 'hanh-trinh-do-2026', scenes: ['route', 'bus', 'tents', 'city', 'bags', 'drop'], theme: 'journey' },
  {
    slug: 'giot-hong-thu-2026',
    scenes: ['tree', 'lecture', 'badge', 'cheer', 'snack', 'bike'],
    theme: 'autumn',
  },
];

type Theme = 'tet' | 'journey' | 'autumn';

/** Drawn over an event's pictures: Tết blossoms, the journey's bunting, autumn leaves. */
function themeOverlay(theme: Theme, w: number, h: number, r: Rand): string {
  let s = '';
  if (theme === 'tet') {
    for (let i = 0; i < 9; i++) {
      const corner = i % 2 === 0;
      s += blossom(
        corner ? r() * w * 0.25 : w - r() * w * 0.25,
        r() * h * 0.22,
        h * (0.025 + r() * 0.02),
        pick(r, [C.amber, C.peach, '#ffd29a']),
        C.b700,
      );
    }
  } else if (theme === 'journey') {
    const n = 9;
    for (let i = 0; i < n; i++) {
      const x = (w / n) * i;
      s += `<path d="M${f(x)},0 L${f(x + w / n)},0 L${f(x + w / n / 2)},${f(h * 0.09)}Z" fill="${i % 2 ? C.white : C.b500}" opacity="0.95"/>`;
    }
    s += `<path d="M0,1 L${w},1" stroke="${C.slate}" stroke-width="2"/>`;
  } else {
    for (let i = 0; i < 10; i++) {
      const x = r() * w;
      const y = r() * h * 0.9;
      const rot = Math.round(r() * 360);
      s += `<ellipse transform="rotate(${rot} ${f(x)} ${f(y)})" cx="${f(x)}" cy="${f(y)}" rx="${f(h * 0.035)}" ry="${f(h * 0.016)}" fill="${pick(r, [C.amber, '#e07a2f', '#c2410c'])}" opacity="0.9"/>`;
    }
  }
  return s;
}

async function webp(file: string, markup: string, quality: number) {
  mkdirSync(path.dirname(file), { recursive: true });
  await sharp(Buffer.from(markup)).webp({ quality, effort: 6, smartSubsample: true }).toFile(file);
  return statSync(file).size;
}

/** The link-preview image: brand panel with the name and a tagline (DejaVu Sans has the Vietnamese glyphs). */
function ogImage(w: number, h: number) {
  const r = rng(2026);
  const body = `<rect width="${w}" height="${h}" fill="url(#bg)"/>${bokeh(r, w, h, 8, C.white, 0.1)}
  ${pulse(0, w, h * 0.78, h * 0.12, C.b200, 6, 0.5)}
  ${drop(w * 0.76, h * 0.46, h * 0.62, C.white)}${heart(w * 0.76, h * 0.53, h * 0.18, C.b600)}
  <text x="${w * 0.08}" y="${h * 0.42}" font-family="DejaVu Sans, sans-serif" font-weight="700" font-size="96" fill="#fff">Giọt Hồng</text>
  <text x="${w * 0.08}" y="${h * 0.56}" font-family="DejaVu Sans, sans-serif" font-size="38" fill="${C.b100}">Hiến máu tình nguyện – Cứu người</text>
  <text x="${w * 0.08}" y="${h * 0.64}" font-family="DejaVu Sans, sans-serif" font-size="28" fill="${C.b200}">Hội Chữ thập đỏ · Đặt lịch hiến máu trực tuyến</text>`;
  return svg(w, h, body, linear('bg', DARK));
}

/** The hero illustration: a drop with a heart, donors around it, on a soft round backdrop. */
function heroImage(w: number, h: number) {
  const r = rng(7);
  const body = `<clipPath id="c"><circle cx="${w / 2}" cy="${h * 0.5}" r="${f(h * 0.48)}"/></clipPath><g clip-path="url(#c)">
  <rect width="${w}" height="${h}" fill="url(#bg)"/>
  ${bokeh(r, w, h * 0.8, 6, C.white, 0.15)}
  ${pulse(w * 0.06, w * 0.94, h * 0.5, h * 0.12, C.white, 7, 0.55)}
  ${drop(w * 0.5, h * 0.4, h * 0.5, C.white)}${heart(w * 0.5, h * 0.46, h * 0.16, C.b600)}
  ${sprinkles(r, w, h * 0.5, 6, [C.white, C.b200], h * 0.04)}
  ${crowd(r, w * 0.12, w * 0.88, h * 1.02, h * 0.3, [C.b800, C.b600, C.b700, C.b900], 6)}</g>`;
  return svg(w, h, body, linear('bg', [C.b500, C.b800]));
}

async function main() {
  const sizes: [string, number][] = [];
  const add = async (rel: string, markup: string, quality: number) =>
    sizes.push([rel, await webp(path.join(OUT, rel), markup, quality)]);

  for (const [i, [slug, scene]] of CAMPAIGNS.entries()) {
    await add(`campaigns/${slug}.webp`, SCENES[scene](800, 450, rng(100 + i)), 78);
  }
  for (const [i, scene] of NEWS_SCENES.entries()) {
    await add(
      `news/news-${String(i + 1).padStart(2, '0')}.webp`,
      SCENES[scene](640, 360, rng(200 + i * 7)),
      74,
    );
  }
  for (const [e, event] of EVENTS.entries()) {
    for (const [i, scene] of event.scenes.entries()) {
      const r = rng(300 + e * 31 + i);
      const picture = SCENES[scene](480, 320, r).replace(
        '</svg>',
        `${themeOverlay(event.theme, 480, 320, r)}</svg>`,
      );
      await add(`events/${event.slug}-${i + 1}.webp`, picture, 70);
    }
  }
  await add('hero.webp', heroImage(640, 560), 80);

  const og = path.join(OUT, 'og-default.png');
  await sharp(Buffer.from(ogImage(1200, 630)))
    .png({ compressionLevel: 9, palette: true, quality: 90 })
    .toFile(og);
  sizes.push(['og-default.png', statSync(og).size]);

  const total = sizes.reduce((a, [, n]) => a + n, 0);
  for (const [rel, n] of sizes) console.log(`${(n / 1024).toFixed(1).padStart(6)} kB  ${rel}`);
  console.log(`${(total / 1024).toFixed(1).padStart(6)} kB  total (${sizes.length} files)`);
}

await main();
