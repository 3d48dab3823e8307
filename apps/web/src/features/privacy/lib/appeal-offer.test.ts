import type { TConsent } from '@giot-hong/contract';
import { describe, expect, it } from 'vitest';
import { shouldOfferAppeals } from './appeal-offer';

const appeals = (over: Partial<TConsent> = {}): TConsent => ({
  purpose: 'APPEALS',
  currentVersion: '2026-11',
  version: null,
  givenAt: null,
  withdrawnAt: null,
  active: false,
  ...over,
});
const terms: TConsent = { ...appeals(), purpose: 'TERMS', version: '2026-11', givenAt: 'x', active: true };

describe('shouldOfferAppeals', () => {
  it('after a first donation, to a donor who never decided', () => {
    expect(shouldOfferAppeals(1, [terms, appeals()], false)).toBe(true);
  });
  it('not before any donation, nor after "Để sau", nor while the consents are unknown', () => {
    expect(shouldOfferAppeals(0, [terms, appeals()], false)).toBe(false);
    expect(shouldOfferAppeals(3, [terms, appeals()], true)).toBe(false);
    expect(shouldOfferAppeals(3, undefined, false)).toBe(false);
  });
  it('not once decided: given, or given then withdrawn', () => {
    expect(shouldOfferAppeals(2, [appeals({ version: '2026-11', givenAt: 'x', active: true })], false)).toBe(
      false,
    );
    expect(
      shouldOfferAppeals(2, [appeals({ version: '2026-11', givenAt: 'x', withdrawnAt: 'y' })], false),
    ).toBe(false);
  });
});
