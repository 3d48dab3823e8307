import { describe, expect, it } from 'vitest';
import { findDate, parseFrontText } from './front-text.ts';
import { canonicalTone, editDistance, fold, snapProvince, titleCase } from './text.ts';

const line = (text: string, confidence = 92) => ({ text, confidence });

// OCR output of an invented card front, as tesseract returns it (including its small slips).
const FRONT_LINES = [
  line('Số định danh cá nhân / Personal identification number:'),
  line('0420973448 26'),
  line('Họ, chữ đệm và tên / Full name:'),
  line('TRẦN HỮU TUẤN', 95),
  line('Ngày sinh / Date of birth: 05/06/1997. Giới tính/Sex: Nam', 88),
  line('Quốc tịch /Nationality:: Việt Nam'),
  line('Quê quán / Place of origin:'),
  line('Xã Phú Mỹ, Hương Trà, Thanh Hóa', 90),
  line('Nơi thường trú / Place of residence:'),
  line('Số 118 Hai Bà Trưng, Phường Tây Sơn, Hải Hậu,', 91),
  line('Hà Tĩnh |', 86),
  line('¬4', 20),
  line('Có giá trị đến:'),
  line('Date of expiry'),
  line('05/06/2037', 96),
];

describe('parseFrontText', () => {
  it('reads every field by its label, joining wrapped values and dropping specks', () => {
    const f = parseFrontText(FRONT_LINES);
    expect(Object.fromEntries(Object.entries(f).map(([k, v]) => [k, v.value]))).toEqual({
      card_id: '042097344826',
      name: 'Trần Hữu Tuấn',
      dob: '05/06/1997',
      sex: 'Nam',
      nationality: 'Việt Nam',
      home: 'Xã Phú Mỹ, Hương Trà, Thanh Hóa',
      address: 'Số 118 Hai Bà Trưng, Phường Tây Sơn, Hải Hậu, Hà Tĩnh',
      doe: '05/06/2037',
    });
    // A multi-line value is as good as its weakest line.
    expect(f.address!.confidence).toBeCloseTo(0.86 + 0.03, 5);
    expect(f.name!.confidence).toBeCloseTo(0.95, 5);
  });

  it('takes a value written on the label line and corrects one slip in the province', () => {
    const f = parseFrontText([
      line('Quê quán / Place of origin: Xã An Bình, Yên Phong, Bắc Nính'),
      line('Nơi thường trú / Place of residence: Thôn 2, Xã Mỹ Đức, Châu Thành, Tỉnh Bến Tre'),
    ]);
    expect(f.home!.value).toBe('Xã An Bình, Yên Phong, Bắc Ninh');
    expect(f.address!.value).toBe('Thôn 2, Xã Mỹ Đức, Châu Thành, Tỉnh Bến Tre');
  });

  it('reads Nữ and a card without expiry', () => {
    const f = parseFrontText([
      line('Giới tính / Sex: Nữ'),
      line('Có giá trị đến / Date of expiry: Không thời hạn'),
    ]);
    expect(f.sex!.value).toBe('Nữ');
    expect(f.doe!.value).toBe('Không thời hạn');
  });

  it('returns nothing for text without labels', () => {
    expect(
      parseFrontText([line('CỘNG HÒA XÃ HỘI CHỦ NGHĨA VIỆT NAM'), line('Độc lập - Tự do - Hạnh phúc')]),
    ).toEqual({});
  });

  it('finds real dates only, repairing O/l read for digits', () => {
    expect(findDate('Date of birth: O5/06/l997.')).toBe('05/06/1997');
    expect(findDate('31/02/1997')).toBeNull();
    expect(findDate('no date')).toBeNull();
  });
});

describe('text helpers', () => {
  it('folds diacritics and đ for label matching', () => {
    expect(fold('  Quê   QUÁN ')).toBe('que quan');
    expect(fold('Đắk Lắk')).toBe('dak lak');
  });

  it('treats old and new tone placement as the same name', () => {
    expect(canonicalTone('Thanh Hoá')).toBe(canonicalTone('Thanh Hóa'));
    expect(canonicalTone('Khánh Hoà')).toBe('Khánh Hòa');
    expect(snapProvince('Xã Đông Sơn, Thanh Hoá')).toEqual({
      text: 'Xã Đông Sơn, Thanh Hoá',
      known: true,
      corrected: false,
    });
  });

  it('snaps a province only when one known name is that close', () => {
    expect(snapProvince('Phường 1, Quận 3, TP. Hồ Chí Mính')).toEqual({
      text: 'Phường 1, Quận 3, TP. Hồ Chí Minh',
      known: true,
      corrected: true,
    });
    // 'Hà Nam' and 'Hà Nội' are both one letter from 'Hà Nai': leave it alone.
    expect(snapProvince('Xã X, Hà Nai').corrected).toBe(false);
    expect(snapProvince('Xã X, Utopia')).toEqual({ text: 'Xã X, Utopia', known: false, corrected: false });
  });

  it('title-cases Vietnamese upper case and measures edit distance', () => {
    expect(titleCase('ĐẶNG  THỊ ĐÀO')).toBe('Đặng Thị Đào');
    expect(editDistance('KIM', 'KTIM')).toBe(1);
    expect(editDistance('', 'ABC')).toBe(3);
  });
});
