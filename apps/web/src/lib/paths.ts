import { PAGES, PROFILE_TABS } from '@giot-hong/contract';

/** Page paths (the one list, shared with the server) and helpers to build links. */
export const paths = PAGES;
export const profileTabs = PROFILE_TABS;

/** `/dang-nhap?redirect=/x` style links, with the query encoded. */
export function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) qs.set(k, String(v));
  const s = qs.toString();
  return s ? `${path}?${s}` : path;
}

export const profileTabHref = (tab: string) => `${PAGES.profile}#${tab}`;
