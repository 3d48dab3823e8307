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

const NEWS_SCENES: SceneName[] = [
  'festival',
  'drop',
  'chair',
  'people',
  'bags',
  'hands',
  'desk',
  'city',
  'tents',
  'blossoms',
  'fields',
  'drop',
  'hands',
];

/** Past events shown on the landing page (apps/web/src/features/landing/content/past-events.ts). */
export const EVENTS = ['xuan-hong-2026', 'hanh-trinh-do-2026', 'giot-hong-thu-2026'] as const;
const EVENT_SCENES: SceneName[] = ['festival', 'chair', 'desk', 'bags', 'people', 'hands'];

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
    for (const [i, scene] of EVENT_SCENES.entries()) {
      // Rotate the scenes so the three events do not look alike.
      const s = EVENT_SCENES[(i + e * 2) % EVENT_SCENES.length] ?? scene;
      await add(`events/${event}-${i + 1}.webp`, SCENES[s](480, 320, rng(300 + e * 31 + i)), 70);
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
