import { describe, expect, it } from 'vitest';
import { CONSENT_PURPOSES, CONSENT_TEXTS, CONSENT_VERSIONS } from './data-rights.ts';
import {
  isRareBloodGroup,
  isWithinCallHours,
  RARE_BLOOD_MESSAGES as M,
  vnTimeOfDay,
  ZAdminRareBloodQuery,
  ZCallHours,
  ZRareBloodChange,
} from './rare-blood.ts';

/** The messages of a failed parse, by path ('callHours.to'). */
function errors(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  expect(result.success).toBe(false);
  return Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
}

/** A Vietnam wall time on 22 Nov 2026 as an instant. */
const vn = (hhmm: string, seconds = '00') => new Date(`2026-11-22T${hhmm}:${seconds}+07:00`);

describe('call hours', () => {
  it('take HH:MM times, from ≠ to, across midnight allowed', () => {
    expect(ZCallHours.parse({ from: '20:00', to: '06:00' })).toEqual({ from: '20:00', to: '06:00' });
    expect(ZCallHours.parse({ from: '00:00', to: '23:59' })).toEqual({ from: '00:00', to: '23:59' });
    expect(errors(ZCallHours.safeParse({ from: '22:00', to: '22:00' }))).toEqual({ to: M.callHoursSame });
    expect(errors(ZCallHours.safeParse({ from: '24:00', to: '6:00' }))).toEqual({
      from: M.callTimeInvalid,
      to: M.callTimeInvalid,
    });
    expect(errors(ZCallHours.safeParse({ from: '', to: '07:00' }))).toEqual({ from: M.callFromRequired });
  });

  it('hold from included to to excluded, wrapping past midnight', () => {
    const night = { from: '20:00', to: '06:00' };
    expect(isWithinCallHours(night, vn('19:59', '59'))).toBe(false);
    expect(isWithinCallHours(night, vn('20:00'))).toBe(true);
    expect(isWithinCallHours(night, vn('23:59'))).toBe(true);
    expect(isWithinCallHours(night, vn('00:00'))).toBe(true);
    expect(isWithinCallHours(night, vn('05:59', '59'))).toBe(true);
    expect(isWithinCallHours(night, vn('06:00'))).toBe(false);
    expect(isWithinCallHours(night, vn('12:00'))).toBe(false);
    const day = { from: '08:00', to: '17:30' };
    expect(isWithinCallHours(day, vn('07:59'))).toBe(false);
    expect(isWithinCallHours(day, vn('08:00'))).toBe(true);
    expect(isWithinCallHours(day, vn('17:29'))).toBe(true);
    expect(isWithinCallHours(day, vn('17:30'))).toBe(false);
    expect(isWithinCallHours(day, vn('23:00'))).toBe(false);
  });

  it('reads an instant in Vietnam time whatever its zone', () => {
    expect(vnTimeOfDay(new Date('2026-11-22T16:30:00Z'))).toBe('23:30');
    expect(vnTimeOfDay(new Date('2026-11-22T17:00:00Z'))).toBe('00:00');
  });
});

describe('a change of membership', () => {
  it('needs both hours while on call, and takes two empty inputs as no hours', () => {
    expect(
      errors(ZRareBloodChange.safeParse({ member: true, onCall: true, callHours: { from: '', to: '' } })),
    ).toEqual({ 'callHours.from': M.callFromRequired, 'callHours.to': M.callToRequired });
    expect(errors(ZRareBloodChange.safeParse({ member: true, onCall: true, callHours: null }))).toEqual({
      'callHours.from': M.callFromRequired,
      'callHours.to': M.callToRequired,
    });
    expect(
      errors(
        ZRareBloodChange.safeParse({ member: true, onCall: true, callHours: { from: '21:00', to: '' } }),
      ),
    ).toEqual({ 'callHours.to': M.callToRequired });
    expect(ZRareBloodChange.parse({ member: true, onCall: false, callHours: { from: '', to: '' } })).toEqual({
      member: true,
      onCall: false,
      callHours: null,
    });
    expect(
      ZRareBloodChange.parse({ member: true, onCall: true, callHours: { from: '20:00', to: '06:00' } }),
    ).toEqual({ member: true, onCall: true, callHours: { from: '20:00', to: '06:00' } });
    // Leaving needs no hours, whatever on call says (the server turns it off).
    expect(ZRareBloodChange.parse({ member: false, onCall: true, callHours: null }).member).toBe(false);
  });

  it('is its own optional consent, with the membership text', () => {
    expect(CONSENT_PURPOSES).toContain('RARE_BLOOD_CLUB');
    expect(CONSENT_VERSIONS.RARE_BLOOD_CLUB).toBe('2026-11');
    expect(CONSENT_TEXTS.RARE_BLOOD_CLUB).toMatchObject({
      title: 'Câu lạc bộ máu hiếm',
      optional: true,
      givenInFeature: M.joinOnCard,
    });
    expect(CONSENT_TEXTS.RARE_BLOOD_CLUB.text).toContain('có thể vào ban đêm');
    expect(CONSENT_TEXTS.RARE_BLOOD_CLUB.text).toContain('rời câu lạc bộ bất cứ lúc nào');
  });
});

describe('groups', () => {
  it('only the four Rh-negative groups qualify, and the listing needs one', () => {
    expect(['O-', 'A-', 'B-', 'AB-'].every(isRareBloodGroup)).toBe(true);
    expect(['O+', 'AB+', '', null, undefined].some(isRareBloodGroup)).toBe(false);
    expect(errors(ZAdminRareBloodQuery.safeParse({}))).toEqual({ group: M.groupRequired });
    expect(errors(ZAdminRareBloodQuery.safeParse({ group: 'O+' }))).toEqual({ group: M.groupRequired });
  });
});
