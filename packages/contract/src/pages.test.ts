import { describe, expect, it } from 'vitest';
import { CONSOLE_PAGES, isKnownPage, PAGES } from './pages.ts';

describe('isKnownPage', () => {
  it('knows every console page, static or with an id, so a reload answers 200', () => {
    for (const page of Object.values(CONSOLE_PAGES)) {
      const paths =
        typeof page === 'string' ? [page] : [page('12'), page('3f2b8c1e-4a5d-4e6f-8a9b-0c1d2e3f4a5b')];
      for (const path of paths) {
        expect(isKnownPage(path), path).toBe(true);
        expect(isKnownPage(`${path}/`), `${path}/`).toBe(true);
      }
    }
  });

  it('does not know paths that are no page', () => {
    for (const path of [
      '/quan-tri/khong-co',
      '/quan-tri/tin-tuc/12/x',
      '/tin-tuc/abc',
      '/x',
      `${PAGES.news}/1/2`,
    ])
      expect(isKnownPage(path), path).toBe(false);
  });
});
