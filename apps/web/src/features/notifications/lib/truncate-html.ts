/**
 * Cuts HTML to a number of visible characters without breaking its markup: tags stay whole,
 * an entity counts as one character, and every element still open at the cut is closed. Works
 * on strings (no DOM), so it runs in unit tests and never parses markup into the live page.
 * The input is the server's sanitised HTML; this adds no markup of its own besides closing tags.
 */

const TOKEN = /<!--[\s\S]*?-->|<\/?([a-zA-Z][\w-]*)\b[^>]*>|[^<]+|</g;
const VOID = new Set([
  'area',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);
/** One visible character: an entity or a single code point. */
const UNIT = /&(?:#\d+|#x[\da-f]+|[a-z][a-z\d]*);|[\s\S]/giu;

/** Visible characters of an HTML fragment (entities count once). */
export function htmlTextLength(html: string): number {
  let n = 0;
  for (const m of html.matchAll(TOKEN)) {
    if (m[0].startsWith('<') && m[0].length > 1) continue;
    n += m[0].match(UNIT)?.length ?? 0;
  }
  return n;
}

/** The first `max` visible characters of `html` followed by `ellipsis`, markup kept and closed. */
export function truncateHtml(html: string, max: number, ellipsis = '…'): string {
  const open: string[] = [];
  let used = 0;
  let out = '';
  for (const m of html.matchAll(TOKEN)) {
    const token = m[0];
    const name = m[1]?.toLowerCase();
    if (name) {
      if (token.startsWith('</')) {
        const at = open.lastIndexOf(name);
        if (at !== -1) open.length = at;
      } else if (!VOID.has(name) && !token.endsWith('/>')) {
        open.push(name);
      }
      out += token;
      continue;
    }
    if (token.startsWith('<!--')) continue;
    const units = token.match(UNIT) ?? [];
    if (used + units.length <= max) {
      out += token;
      used += units.length;
      continue;
    }
    out +=
      units
        .slice(0, max - used)
        .join('')
        .trimEnd() + ellipsis;
    return (
      out +
      open
        .reverse()
        .map((t) => `</${t}>`)
        .join('')
    );
  }
  return out;
}

/**
 * The two previews: the panel cuts to `cut` characters plus an
 * ellipsis only when the content is longer than `threshold`; the page cuts at `cut`.
 */
export function previewHtml(html: string, cut: number, threshold = cut): string {
  return htmlTextLength(html) > threshold ? truncateHtml(html, cut) : html;
}

/** A plain-text cut with an ellipsis (titles). */
export function cutText(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('').trimEnd()}…` : text;
}
