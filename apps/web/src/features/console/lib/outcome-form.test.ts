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
