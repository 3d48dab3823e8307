import { useEffect } from 'react';

export const SITE_NAME = 'Giọt Hồng';

/**
 * Keeps the tab title in step with in-app navigation. The server already put the same title in
 * the HTML of the first page (modules/seo/page-meta.ts): 'Page | Giọt Hồng'.
 */
export function usePageTitle(title: string | undefined) {
  useEffect(() => {
    if (title) document.title = title.includes(SITE_NAME) ? title : `${title} | ${SITE_NAME}`;
  }, [title]);
}
