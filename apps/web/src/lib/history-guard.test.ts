import { describe, expect, it } from 'vitest';
import { installHistoryGuard, setPopGuard } from './history-guard';

describe('holding back/forward before the router hears of it', () => {
  it('stops the event for the listeners added after it while a guard says so', () => {
    const win = new EventTarget();
    installHistoryGuard(win as unknown as Window);
    const routerSaw: string[] = [];
    // The router mounts later: its listener comes second.
    win.addEventListener('popstate', (e) => routerSaw.push((e as Event & { tag: string }).tag));
    const pop = (tag: string) => win.dispatchEvent(Object.assign(new Event('popstate'), { tag }));

    pop('no guard');
    const remove = setPopGuard((e) => (e as unknown as { tag: string }).tag === 'hold');
    pop('hold');
    pop('let through');
    remove();
    pop('hold');
    expect(routerSaw).toEqual(['no guard', 'let through', 'hold']);
  });

  it('keeps a newer guard when an older one is removed', () => {
    const first = setPopGuard(() => false);
    const second = setPopGuard(() => true);
    first();
    const win = new EventTarget();
    installHistoryGuard(win as unknown as Window);
    let reached = false;
    win.addEventListener('popstate', () => (reached = true));
    win.dispatchEvent(new Event('popstate'));
    expect(reached).toBe(false);
    second();
  });
});
