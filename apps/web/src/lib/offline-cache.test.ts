import { API, CERTIFICATE_API, DONATION_RECORD_API, PAGES } from '@giot-hong/contract';
import { describe, expect, it } from 'vitest';
import {
  accountKeyOf,
  deletePersonalCaches,
  DONATION_RECORD_PATHS,
  isCacheablePage,
  isOfflinePersonalPath,
  personalCacheName,
} from './offline-cache';

/** An unsigned token with these claims: only its payload is read here. */
const tokenFor = (claims: object) =>
  `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.c2ln`;

/** A CacheStorage holding these names, recording what is deleted. */
function cacheStorage(names: string[]) {
  const left = new Set(names);
  return {
    left,
    storage: {
      keys: async () => [...left],
      delete: async (name: string) => left.delete(name),
    } as unknown as CacheStorage,
  };
}

describe('what the service worker keeps for offline use', () => {
  it("keeps the donor's appointment, history, record, honours and certificate PDFs, and no other API answer", () => {
    expect(DONATION_RECORD_PATHS).toEqual(DONATION_RECORD_API);
    for (const kept of [
      API.appointmentById(42),
      API.appointmentsHistory,
      DONATION_RECORD_API.mine,
      DONATION_RECORD_API.honoursMine,
      CERTIFICATE_API.pdf('GH-2026-000123'),
      CERTIFICATE_API.pdf('HCMC-2027-000001'),
    ]) {
      expect(isOfflinePersonalPath(kept), kept).toBe(true);
    }
    for (const never of [
      API.appointmentById('42/feedback'),
      API.userFullInfo,
      API.userAvatar,
      API.userDetail,
      '/api/notifications',
      CERTIFICATE_API.publicBySerial('GH-2026-000123'),
      CERTIFICATE_API.adminForDonor(7),
      '/api/certificates/GH-2026-000123.pdf/x',
    ]) {
      expect(isOfflinePersonalPath(never), never).toBe(false);
    }
  });

  it('keeps the public server-rendered pages only, never a page whose address may carry a token', () => {
    for (const page of [
      PAGES.home,
      PAGES.news,
      PAGES.newsDetail(12),
      PAGES.faq,
      PAGES.terms,
      PAGES.contact,
    ]) {
      expect(isCacheablePage(page), page).toBe(true);
    }
    for (const page of [
      PAGES.resetPassword,
      PAGES.staffWelcome,
      PAGES.profile,
      PAGES.login,
      PAGES.notifications,
    ]) {
      expect(isCacheablePage(page), page).toBe(false);
    }
  });
});

describe('per-account caches', () => {
  it('names the cache by an opaque key of the user id, the same for every token of that account', async () => {
    const key = await accountKeyOf(tokenFor({ sub: '42', email: 'an@example.com', exp: 1 }));
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(await accountKeyOf(tokenFor({ sub: '42', exp: 2 }))).toBe(key);
    expect(await accountKeyOf(tokenFor({ sub: '43' }))).not.toBe(key);
    expect(personalCacheName(key!)).toBe(`giothong-personal-${key}`);
    expect(personalCacheName(key!)).not.toContain('42');
  });

  it('has no key for a missing or malformed token', async () => {
    for (const token of [null, undefined, '', 'abc', 'a.b.c', tokenFor({ email: 'x@example.com' })]) {
      expect(await accountKeyOf(token), String(token)).toBeUndefined();
    }
  });

  it("deletes every other account's cache, or all of them after a logout, and nothing else", async () => {
    const names = [
      'giothong-personal-aaa',
      'giothong-personal-bbb',
      'giothong-pages-1',
      'workbox-precache-v2-x',
    ];
    const one = cacheStorage(names);
    await deletePersonalCaches(one.storage, 'bbb');
    expect([...one.left]).toEqual(['giothong-personal-bbb', 'giothong-pages-1', 'workbox-precache-v2-x']);

    const all = cacheStorage(names);
    await deletePersonalCaches(all.storage, undefined);
    expect([...all.left]).toEqual(['giothong-pages-1', 'workbox-precache-v2-x']);
  });
});
