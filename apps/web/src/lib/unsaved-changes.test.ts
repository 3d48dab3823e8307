import { describe, expect, it } from 'vitest';
import { historyDelta, mustConfirmLeaving, placeOf } from './unsaved-changes';

const form = { pathname: '/quan-tri/chien-dich/12', search: '' };

describe('leaving a page with unsaved changes', () => {
  it('asks only while a form is dirty and the navigation leaves the page', () => {
    expect(mustConfirmLeaving(false, form, { pathname: '/quan-tri', search: '' })).toBe(false);
    expect(mustConfirmLeaving(true, form, { pathname: '/quan-tri', search: '' })).toBe(true);
    // The same page with another query is another page (a list's filter, a different item).
    expect(mustConfirmLeaving(true, form, { pathname: form.pathname, search: '?tab=2' })).toBe(true);
    // Same path and query (a hash link, a replace with the same address): the form stays.
    expect(mustConfirmLeaving(true, form, { ...form })).toBe(false);
    // A move through history by an unknown number of entries leaves the page as far as we know.
    expect(mustConfirmLeaving(true, form, null)).toBe(true);
  });

  it('reads where a link or navigate() goes, relative to the current page for the missing parts', () => {
    expect(placeOf('/quan-tri/nhat-ky?page=2#top', form)).toEqual({
      pathname: '/quan-tri/nhat-ky',
      search: '?page=2',
    });
    expect(placeOf('#anchor', form)).toEqual(form);
    expect(placeOf('?x=1', form)).toEqual({ pathname: form.pathname, search: '?x=1' });
    expect(placeOf({ pathname: '/quan-tri' }, form)).toEqual({ pathname: '/quan-tri', search: '' });
    expect(placeOf({ hash: '#a' } as { pathname?: string }, form)).toEqual(form);
  });

  it('counts the entries a back or forward moved from the router’s numbering, or says it cannot', () => {
    expect(historyDelta({ idx: 4, key: 'a' }, { idx: 3, key: 'b' })).toBe(-1);
    expect(historyDelta({ idx: 1 }, { idx: 3 })).toBe(2);
    expect(historyDelta(null, { idx: 3 })).toBeNull();
    expect(historyDelta({ idx: 3 }, { usr: null })).toBeNull();
  });
});
