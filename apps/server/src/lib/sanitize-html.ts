import { createRequire } from 'node:module';
import type SanitizeHtml from 'sanitize-html';

// sanitize-html (with its HTML parser and CSS tools, about 13 MB) loads with the first rich text
// written or read, not at start (ADR 37); it is a CommonJS package, so it loads synchronously.
const require = createRequire(import.meta.url);
let loaded: typeof SanitizeHtml | undefined;
const sanitizeHtml: typeof SanitizeHtml = ((dirty, options) =>
  (loaded ??= require('sanitize-html') as typeof SanitizeHtml)(dirty, options)) as typeof SanitizeHtml;

/**
 * Server-side HTML sanitiser for every piece of rich content we store or serve (news,
 * notifications). Only structural tags, no attributes that can run script, links forced
 * to http(s)/mailto, images only from our own origin or https.
 */
export function sanitizeRichHtml(dirty: string): string {
  return sanitizeHtml(dirty, {
    allowedTags: [
      'p',
      'br',
      'strong',
      'b',
      'em',
      'i',
      'u',
      's',
      'ul',
      'ol',
      'li',
      'h2',
      'h3',
      'h4',
      'blockquote',
      'a',
      'img',
      'figure',
      'figcaption',
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
      'span',
      'hr',
    ],
    allowedAttributes: {
      a: ['href', 'title', 'target', 'rel'],
      img: ['src', 'alt', 'width', 'height', 'loading'],
      th: ['colspan', 'rowspan'],
      td: ['colspan', 'rowspan'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['https'] },
    allowProtocolRelative: false,
    transformTags: {
      a: (tagName, attribs) => ({
        tagName,
        attribs: {
          ...attribs,
          rel: 'noopener noreferrer nofollow',
          ...(attribs.target ? { target: '_blank' } : {}),
        },
      }),
      img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
    },
  });
}

/** Plain text of an HTML fragment (for search indexes, meta descriptions and mail text parts). */
export function htmlToPlainText(html: string): string {
  // Block boundaries become spaces, so '<li>A.</li><li>B</li>' reads 'A. B', not 'A.B'.
  const spaced = html.replace(
    /<\/?(?:p|br|li|h[1-6]|div|tr|td|th|blockquote|ul|ol|figcaption|hr)\b[^>]*>/gi,
    ' $&',
  );
  return sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
