import { campaignDayState } from './day-rules';
import { SCREENING_MESSAGES, ZAdminOutcomeRequest, type TAdminAppointment } from '@giot-hong/contract';
import { describe, expect, it } from 'vitest';
import { doneRefusals, initialValues, toRequest, volumeChoices } from './outcome-form';

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
  screening: null,
  unitNumber: null,
  emergency: false,
  certificateSerial: null,
  gender: 'Nữ',
  ...over,
});

describe('the outcome form', () => {
  it('starts a first outcome empty, with whole blood at its usual volume ready', () => {
    expect(initialValues(row({}))).toEqual({
      result: '',
      donationType: 'WHOLE_BLOOD',
      volumeMl: '350',
      unitNumber: '',
      emergency: false,
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
    const v = initialValues(
      row({
        status: 'DONE',
        donationType: 'APHERESIS_PLASMA',
        volumeMl: 450,
        unitNumber: 'A999915000001M',
        emergency: true,
      }),
    );
    expect(v).toMatchObject({ result: 'DONE', donationType: 'APHERESIS_PLASMA', volumeMl: '450' });
    expect(toRequest(v)).toEqual({
      result: 'DONE',
      donationType: 'APHERESIS_PLASMA',
      volumeMl: 450,
      unitNumber: 'A999915000001M',
      emergency: true,
    });
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

const screening = (over: Partial<NonNullable<TAdminAppointment['screening']>> = {}) => ({
  weightKg: 52,
  systolic: 120,
  diastolic: 80,
  pulse: 75,
  hemoglobinGL: 130,
  temperatureC: null,
  findings: [],
  ...over,
});

describe('the outcome form and the venue check', () => {
  it('proposes the deferral of the first value outside a limit; staff may still choose another', () => {
    const low = row({
      screening: screening({
        hemoglobinGL: 110,
        findings: [{ field: 'hemoglobinGL', message: 'Huyết sắc tố dưới 125 g/L', reason: 'LOW_HEMOGLOBIN' }],
      }),
    });
    expect(initialValues(low)).toMatchObject({ result: 'DEFERRED', reason: 'LOW_HEMOGLOBIN' });
    // Nothing outside a limit: nothing proposed; a recorded outcome is never replaced by a proposal.
    expect(initialValues(row({ screening: screening() })).result).toBe('');
    expect(initialValues({ ...low, status: 'NO_SHOW' }).result).toBe('NO_SHOW');
  });

  it('refuses a DONE without a check, and a volume above what the weight allows, in the server words', () => {
    const done = { ...initialValues(row({})), result: 'DONE' as const, unitNumber: 'A999915000001M' };
    expect(doneRefusals(done, row({}))).toEqual({ result: SCREENING_MESSAGES.screeningRequired });
    const light = row({ screening: screening({ weightKg: 43 }) });
    expect(doneRefusals(done, light)).toEqual({
      volumeMl: 'Với cân nặng 43 kg, thể tích hiến tối đa là 250 ml',
    });
    expect(doneRefusals({ ...done, volumeMl: '250' }, light)).toEqual({});
    // 52 kg allows 9 ml/kg: 468 ml.
    expect(doneRefusals({ ...done, volumeMl: '450' }, row({ screening: screening() }))).toEqual({});
    expect(doneRefusals({ ...done, result: 'NO_SHOW' }, row({}))).toEqual({});
  });

  it('offers the whole-blood bag sizes, and types apheresis volumes', () => {
    expect(volumeChoices('WHOLE_BLOOD', '350')).toEqual([250, 350, 450]);
    expect(volumeChoices('WHOLE_BLOOD', '300')).toEqual([250, 300, 350, 450]);
    expect(volumeChoices('APHERESIS_PLASMA', '500')).toBeNull();
  });

  it('sends the unit number as typed (the contract normalises and checks it) and the emergency flag', () => {
    const v = { ...initialValues(row({})), result: 'DONE' as const, unitNumber: 'a9999 15 000001 m' };
    expect(ZAdminOutcomeRequest.parse(toRequest(v))).toMatchObject({
      unitNumber: 'A999915000001M',
      emergency: false,
    });
    expect(ZAdminOutcomeRequest.safeParse(toRequest({ ...v, unitNumber: 'A999915000001K' })).success).toBe(
      false,
    );
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
