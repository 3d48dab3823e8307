import { describe, expect, it } from 'vitest';
import { formatCountdown } from './countdown';
import { safeRedirect } from './safe-redirect';

describe('resend countdown as m:ss (spec section 4)', () => {
  it.each([
    [300, '5:00'],
    [299, '4:59'],
    [61, '1:01'],
    [60, '1:00'],
    [59, '0:59'],
    [9, '0:09'],
    [0.2, '0:01'],
    [0, '0:00'],
    [-5, '0:00'],
  ])('%s s → %s', (seconds, shown) => expect(formatCountdown(seconds)).toBe(shown));
});

describe('login redirect target', () => {
  it.each([
    ['/doi-mat-khau', '/doi-mat-khau'],
    ['/trang-ca-nhan#lich-su-hien-mau', '/trang-ca-nhan#lich-su-hien-mau'],
    ['/dang-ky-hien-mau?campaignId=3', '/dang-ky-hien-mau?campaignId=3'],
    ['//evil.example/x', null],
    ['/\\evil.example', null],
    ['https://evil.example', null],
    ['javascript:alert(1)', null],
    ['', null],
    [null, null],
  ])('%s → %s', (value, target) => expect(safeRedirect(value)).toBe(target));
});
