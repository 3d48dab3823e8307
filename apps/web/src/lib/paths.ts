import { CONSOLE_PAGES, CONSOLE_ROOT, PAGES, PROFILE_TABS } from '@giot-hong/contract';

/** Page paths (the one list, shared with the server) and helpers to build links. */
export const paths = PAGES;
export const profileTabs = PROFILE_TABS;
/**
 * The staff console's pages. NOTE: console code takes them from here, not from the contract:
 * imported from the contract by the console chunks alone, the bundler moved the page list into
 * a chunk of its own that the landing page then loaded as well.
 */
export const consolePaths = CONSOLE_PAGES;
export const consoleRoot = CONSOLE_ROOT;

/**
 * `/dang-nhap?redirect=/x` style links and request addresses, with the query encoded; absent
 * (undefined or null) values are left out. The API client builds its requests' addresses with it.
 */
export function withQuery(
  path: string,
  query: Record<string, string | number | boolean | undefined | null>,
): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) qs.set(k, String(v));
  const s = qs.toString();
  return s ? `${path}?${s}` : path;
}

export const profileTabHref = (tab: string) => `${PAGES.profile}#${tab}`;

/** Links to other sites, built in one place. */
export const externalLinks = {
  /** Facebook's share dialog for a page of the portal. */
  facebookShare: (url: string) => `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
  /** An OpenStreetMap frame around a point (no script, no key; allowed by the CSP's frame-src). */
  openStreetMapEmbed: ({ lat, lon }: { lat: number; lon: number }, span = 0.006) =>
    `https://www.openstreetmap.org/export/embed.html?bbox=${[
      lon - span,
      lat - span / 2,
      lon + span,
      lat + span / 2,
    ]
      .map((n) => n.toFixed(5))
      .join('%2C')}&layer=mapnik&marker=${lat}%2C${lon}`,
  /** The same place on openstreetmap.org, for a "larger map" link. */
  /**
   * The map's smallest tile (the whole world, 0/0/0): whether it loads tells whether the frame's
   * tiles can. Not the site's favicon: browsers handle /favicon.ico requests apart.
   */
  openStreetMapProbe: 'https://tile.openstreetmap.org/0/0/0.png',
  openStreetMap: ({ lat, lon }: { lat: number; lon: number }) =>
    `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`,
} as const;
