import { describe, expect, it } from 'vitest';
import {
  checkUnitNumber,
  mod37_2,
  normaliseUnitNumber,
  UNIT_NUMBER_MESSAGES as M,
  unitNumberTail,
} from './unit-number.ts';

describe('ISO/IEC 7064 MOD 37-2', () => {
  it('gives the published check characters', () => {
    // The standard's worked example, and ICCBBA's example donation number A9999 15 000001.
    expect(mod37_2('G123489654321')).toBe('Y');
    expect(mod37_2('A999915000001')).toBe('M');
  });
  it('catches every single-character change and every swap of neighbours in a DIN', () => {
    const din = 'A999915000001';
    const check = mod37_2(din);
    for (let i = 0; i < din.length; i++) {
      for (const c of '0123456789') {
        if (c === din[i]) continue;
        expect(mod37_2(din.slice(0, i) + c + din.slice(i + 1))).not.toBe(check);
      }
      if (i + 1 < din.length && din[i] !== din[i + 1]) {
        const swapped = din.slice(0, i) + din[i + 1] + din[i] + din.slice(i + 2);
        expect(mod37_2(swapped)).not.toBe(check);
      }
    }
  });
});

describe('unit numbers', () => {
  it('accepts an ISBT 128 number with its check character, printed spaces or not', () => {
    expect(checkUnitNumber('A9999 15 000001 M')).toEqual({ ok: true, value: 'A999915000001M', isbt: true });
    expect(checkUnitNumber('a999915000001m')).toEqual({ ok: true, value: 'A999915000001M', isbt: true });
    // The barcode's 13 data characters alone (no check character printed in the code).
    expect(checkUnitNumber('A999915000001')).toEqual({ ok: true, value: 'A999915000001', isbt: true });
  });
  it('refuses a wrong check character', () => {
    expect(checkUnitNumber('A999915000001K')).toEqual({ ok: false, message: M.badCheck });
    expect(checkUnitNumber('A999915000002M')).toEqual({ ok: false, message: M.badCheck });
  });
  it('takes other facilities’ local numbers as they are, and refuses what is not one', () => {
    expect(checkUnitNumber('HHTM-2026-0042')).toEqual({ ok: true, value: 'HHTM-2026-0042', isbt: false });
    expect(checkUnitNumber('')).toEqual({ ok: false, message: M.required });
    expect(checkUnitNumber('AB')).toEqual({ ok: false, message: M.invalid });
    expect(checkUnitNumber('túi 1')).toEqual({ ok: false, message: M.invalid });
  });
  it('normalises and shows the tail', () => {
    expect(normaliseUnitNumber(' w1234 26 123456 ')).toBe('W123426123456');
    expect(unitNumberTail('A999915000001M')).toBe('…001M');
  });
});
