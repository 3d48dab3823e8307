import type { TPublicCertificate } from '@giot-hong/contract';
import { describe, expect, it } from 'vitest';
import { verdictOf, VERIFY_TEXTS as T, verifyRows } from './verify-texts';

const base: TPublicCertificate = {
  serial: 'GH-2026-000001',
  state: 'VALID',
  donatedOn: '2026-11-27',
  volumeMl: 350,
  remainingMl: 100,
  facility: 'Điểm hiến máu Giọt Hồng',
  maskedName: 'Nguyễn V. A.',
  birthYear: 1990,
  signatureValid: true,
};

describe('the verification page', () => {
  it('says a forged signature first, whatever the state', () => {
    expect(verdictOf({ ...base, signatureValid: false })).toEqual({ tone: 'bad', text: T.badSignature });
    expect(verdictOf({ ...base, signatureValid: false, state: 'REVOKED' }).text).toBe(T.badSignature);
  });
  it('then the state, then a missing signature', () => {
    expect(verdictOf({ ...base, state: 'REVOKED' }).text).toBe(T.revoked);
    expect(verdictOf({ ...base, state: 'USED_UP', remainingMl: 0 }).text).toBe(T.usedUp);
    expect(verdictOf({ ...base, signatureValid: null }).text).toBe(T.noSignature);
    expect(verdictOf(base)).toEqual({ tone: 'ok', text: T.valid });
  });
  it('lists only the public fields, in Vietnamese formats', () => {
    expect(verifyRows(base)).toEqual([
      ['Trạng thái', 'Còn hiệu lực'],
      ['Ngày hiến', '27/11/2026'],
      ['Thể tích đã hiến', '350 ml'],
      ['Thể tích còn lại', '100 ml'],
      ['Nơi hiến', 'Điểm hiến máu Giọt Hồng'],
      ['Người hiến', 'Nguyễn V. A.'],
      ['Năm sinh', '1990'],
    ]);
  });
});
