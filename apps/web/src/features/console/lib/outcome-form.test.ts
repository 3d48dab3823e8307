import { campaignDayState } from './day-rules';
import type { TAdminAppointment } from '@giot-hong/contract';
import { describe, expect, it } from 'vitest';
import { initialValues, toRequest } from './outcome-form';

const row = (over: Partial<TAdminAppointment>): TAdminAppointment => ({
  id: 7,
  campaignId: 3,
  fullName: 'Nguyễn Thị Thu',
  phone: null,
  birthYear: 1995,
  bloodGroup: null,
  status: 'CHECKED_IN',
  checkedInAt: '2026-11-25T01:00:00.000Z',
  hasYesAnswer: false,
  donationType: null,
  volumeMl: null,
  deferralReason: null,
  deferralText: null,
  deferredUntil: null,
  outcomeAt: null,
  slotStart: null,
  ...over,
});

describe('the outcome form', () => {
  it('starts a first outcome empty, with whole blood at its usual volume ready', () => {
    expect(initialValues(row({}))).toEqual({
      result: '',
      donationType: 'WHOLE_BLOOD',
      volumeMl: '350',
      reason: '',
      reasonText: '',
      deferredUntil: '',
      lateReason: '',
    });
  });

  it('sends the reason of a recording after the campaign day, trimmed, only when there is one', () => {
    const v = { ...initialValues(row({})), result: 'NO_SHOW' as const };
    expect(toRequest(v)).toEqual({ result: 'NO_SHOW' });
    expect(toRequest({ ...v, lateReason: '  Ghi theo phiếu giấy ' })).toEqual({
      result: 'NO_SHOW',
      lateReason: 'Ghi theo phiếu giấy',
    });
  });

  it('starts a correction from the donation as recorded', () => {
    const v = initialValues(row({ status: 'DONE', donationType: 'APHERESIS_PLASMA', volumeMl: 450 }));
    expect(v).toMatchObject({ result: 'DONE', donationType: 'APHERESIS_PLASMA', volumeMl: '450' });
    expect(toRequest(v)).toEqual({ result: 'DONE', donationType: 'APHERESIS_PLASMA', volumeMl: 450 });
  });

  it('starts a correction from the deferral as recorded, the staff words included', () => {
    const v = initialValues(
      row({
        status: 'DEFERRED',
        deferralReason: 'OTHER',
        deferralText: 'Mới đi về từ vùng có sốt rét',
        deferredUntil: '2027-02-25',
      }),
    );
    expect(v).toMatchObject({
      result: 'DEFERRED',
      reason: 'OTHER',
      reasonText: 'Mới đi về từ vùng có sốt rét',
      deferredUntil: '2027-02-25',
    });
    expect(toRequest(v)).toEqual({
      result: 'DEFERRED',
      reason: 'OTHER',
      reasonText: 'Mới đi về từ vùng có sốt rét',
      deferredUntil: '2027-02-25',
    });
    expect(initialValues(row({ status: 'NO_SHOW' })).result).toBe('NO_SHOW');
  });
});

describe('campaignDayState', () => {
  it("compares today with the campaign's day in Vietnam", () => {
    const organize = '2026-11-27T00:00:00.000Z'; // 07:00 on 27/11 in Vietnam
    expect(campaignDayState(organize, new Date('2026-11-26T16:59:00Z'))).toBe('before');
    expect(campaignDayState(organize, new Date('2026-11-26T17:00:00Z'))).toBe('today');
    expect(campaignDayState(organize, new Date('2026-11-27T16:59:00Z'))).toBe('today');
    expect(campaignDayState(organize, new Date('2026-11-27T17:00:00Z'))).toBe('after');
  });
});
