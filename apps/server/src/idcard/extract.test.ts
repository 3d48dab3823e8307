import { describe, expect, it } from 'vitest';
import {
  CAN_CUOC_ISSUE_LOC,
  CHIP_CARD_ISSUE_LOC,
  CONFIDENCE_THRESHOLD,
  IMPLIED_ISSUE_LOC_CONFIDENCE,
  impliedIssuingAuthority,
  issuingAuthorityOn,
  readIssuingAuthority,
  centuryFromId,
  extractValues,
  fieldsFromMrz,
  idStructureMatches,
  isConsistentAndConfident,
  mergeSides,
  namesAgree,
  type BackExtraction,
  type FieldSource,
  type FrontExtraction,
  type SideFields,
} from './extract.ts';
import { parseTd1, repairOneDigit } from './mrz.ts';

const v = (value: string, confidence: number, source: FieldSource) => ({ value, confidence, source });

// An invented person.
function front(overrides: SideFields = {}): FrontExtraction {
  return {
    side: 'front',
    fields: {
      card_id: v('001090012345', 0.99, 'qr'),
      name: v('Nguyễn Văn An', 0.99, 'qr'),
      dob: v('15/03/1990', 0.99, 'qr'),
      sex: v('Nam', 0.99, 'qr'),
      address: v('Số 12 Lê Lợi, Phường Tân Phong, Kiến Xương, Thái Bình', 0.99, 'qr'),
      issue_date: v('20/08/2021', 0.99, 'qr'),
      nationality: v('Việt Nam', 0.85, 'ocr'),
      home: v('Xã An Bình, Yên Phong, Bắc Ninh', 0.93, 'ocr'),
      doe: v('15/03/2030', 0.95, 'ocr'),
      ...overrides,
    },
    score: 0.97,
    qr: { found: true, valid: true, oldIdNumber: null },
    located: true,
    ms: 500,
  };
}

function back(overrides: SideFields = {}, mrzName: string | null = 'NGUYEN VAN AN'): BackExtraction {
  return {
    side: 'back',
    fields: {
      card_id: v('001090012345', 0.98, 'mrz'),
      dob: v('15/03/1990', 0.98, 'mrz'),
      sex: v('Nam', 0.95, 'mrz'),
      nationality: v('Việt Nam', 0.97, 'mrz'),
      doe: v('15/03/2030', 0.98, 'mrz'),
      issue_loc: v(CHIP_CARD_ISSUE_LOC, 0.93, 'ocr'),
      ...overrides,
    },
    mrzName,
    mrz: {
      found: true,
      valid: true,
      checks: { documentNumber: true, birthDate: true, expiryDate: true, composite: true },
      corrections: 0,
    },
    score: 0.97,
    located: true,
    ms: 500,
  };
}

describe('mergeSides', () => {
  it('gives every extract field, preferring QR over MRZ over OCR and raising agreeing values', () => {
    const m = mergeSides(front(), back());
    expect(extractValues(m)).toEqual({
      card_id: '001090012345',
      name: 'Nguyễn Văn An',
      dob: '15/03/1990',
      sex: 'Nam',
      nationality: 'Việt Nam',
      home: 'Xã An Bình, Yên Phong, Bắc Ninh',
      address: 'Số 12 Lê Lợi, Phường Tân Phong, Kiến Xương, Thái Bình',
      doe: '15/03/2030',
      issue_loc: 'Cục Cảnh sát quản lý hành chính về trật tự xã hội',
      issue_date: '20/08/2021',
      score_front: 0.97,
      score_back: 0.97,
    });
    expect(m.fields.card_id!.source).toBe('qr');
    expect(m.fields.card_id!.confidence).toBeGreaterThan(0.99);
    // The expiry read by OCR on the front is confirmed by the checked MRZ: the MRZ value is kept.
    expect(m.fields.doe!.source).toBe('mrz');
    expect(m.disagreements).toEqual([]);
    expect(isConsistentAndConfident(m)).toBe(true);
  });

  it('lists the differences when the back belongs to another card', () => {
    const m = mergeSides(
      front(),
      back(
        {
          card_id: v('079305001234', 0.98, 'mrz'),
          dob: v('01/01/2005', 0.98, 'mrz'),
          sex: v('Nữ', 0.95, 'mrz'),
        },
        'TRAN THI THU HA',
      ),
    );
    expect(m.disagreements.map((d) => d.field).sort()).toEqual(['card_id', 'dob', 'name', 'sex']);
    expect(m.disagreements.find((d) => d.field === 'card_id')).toEqual({
      field: 'card_id',
      front: '001090012345',
      back: '079305001234',
    });
    // The front's values are kept but no longer count as certain.
    expect(m.fields.card_id).toMatchObject({ value: '001090012345', confidence: 0.5 });
    expect(isConsistentAndConfident(m)).toBe(false);
  });

  it('does not call two OCR readings that differ a disagreement, and leaves the weaker one out', () => {
    const m = mergeSides(
      front({ dob: v('15/03/1990', 0.9, 'ocr') }),
      back({ dob: v('16/03/1990', 0.85, 'ocr') }),
    );
    expect(m.disagreements).toEqual([]);
    expect(m.fields.dob!.value).toBe('15/03/1990');
  });

  it('flags confident expiry dates that differ between the sides', () => {
    const m = mergeSides(front({ doe: v('15/03/2031', 0.95, 'ocr') }), back());
    expect(m.disagreements).toEqual([{ field: 'doe', front: '15/03/2031', back: '15/03/2030' }]);
  });

  it('checks the ID number against birth year, century and sex', () => {
    const m = mergeSides(
      front({ card_id: v('001190012345', 0.99, 'qr') }),
      back({ card_id: v('001190012345', 0.98, 'mrz') }),
    );
    expect(m.disagreements).toEqual([
      { field: 'card_id_structure', front: '001190012345', back: '15/03/1990 Nam' },
    ]);
    expect(isConsistentAndConfident(m)).toBe(false);
  });

  it('needs the back and confident key fields to verify on its own', () => {
    expect(isConsistentAndConfident(mergeSides(front(), null))).toBe(false);
    expect(
      isConsistentAndConfident(
        mergeSides(
          front({ home: v('Xã An Bình, Yên Phong, Bắc Ninh', CONFIDENCE_THRESHOLD - 0.01, 'ocr') }),
          back(),
        ),
      ),
    ).toBe(false);
    const { home: _home, ...withoutHome } = front().fields;
    expect(isConsistentAndConfident(mergeSides({ ...front(), fields: withoutHome }, back()))).toBe(false);
  });

  it('verifies a repaired MRZ digit only when the front gives the same value', () => {
    const zone = [
      'IDVNM0900123450001090012345<<<',
      '9003152M3003150VNM<<<<<<<<<<<5',
      'NGUYEN<<VAN<AN<<<<<<<<<<<<<<<<',
    ];
    const now = new Date('2025-07-01T00:00:00Z');
    const backOf = (line2: string): BackExtraction => {
      const { fields, name } = fieldsFromMrz(repairOneDigit(parseTd1([zone[0]!, line2, zone[2]!])!), now);
      return { ...back(), fields, mrzName: name };
    };
    // One slip ('0' read as '8'), repaired to the true expiry date: the front agrees.
    const oneSlip = backOf(zone[1]!.replace('3003150', '3003180'));
    expect(oneSlip.fields.doe).toEqual({ value: '15/03/2030', confidence: 0.75, source: 'mrz' });
    expect(oneSlip.fields.dob?.confidence).toBeGreaterThan(CONFIDENCE_THRESHOLD);
    expect(isConsistentAndConfident(mergeSides(front(), oneSlip))).toBe(true);
    // Two slips repaired into a wrong date: alone it is not trusted, against the front it loses.
    const twoSlips = backOf(zone[1]!.replace('3003150', '3803158'));
    expect(twoSlips.fields.doe?.value).toBe('15/03/2036');
    const merged = mergeSides(front(), twoSlips);
    expect(merged.fields.doe!.confidence).toBeLessThan(CONFIDENCE_THRESHOLD);
    expect(isConsistentAndConfident(merged)).toBe(false);
    const { doe: _doe, ...frontWithoutDoe } = front().fields;
    expect(isConsistentAndConfident(mergeSides({ ...front(), fields: frontWithoutDoe }, twoSlips))).toBe(
      false,
    );
  });

  it('falls back to the MRZ name (without diacritics, never confident) when the front has none', () => {
    const { name: _name, ...noName } = front().fields;
    const m = mergeSides({ ...front(), fields: noName }, back());
    expect(m.fields.name).toEqual({ value: 'NGUYEN VAN AN', confidence: 0.4, source: 'mrz' });
    expect(isConsistentAndConfident(m)).toBe(false);
  });
});

describe('issuing authority', () => {
  const line = (text: string, confidence = 93) => ({ text, confidence });
  const chipBack = [
    line('Ngày, tháng, năm / Date, month, year: 11/03/2023   ('),
    line('CỤC TRƯỞNG CỤC CẢNH SÁT'),
    line('QUẢN LÝ HÀNH CHÍNH VỀ TRẬT TỰ XÃ HỘI', 94),
  ];

  it('is the Ministry for cards issued from 1 July 2024, the police department before', () => {
    expect(issuingAuthorityOn('30/06/2024')).toBe(CHIP_CARD_ISSUE_LOC);
    expect(issuingAuthorityOn('01/07/2024')).toBe(CAN_CUOC_ISSUE_LOC);
    expect(issuingAuthorityOn('2024-07-01')).toBeNull();
    expect(impliedIssuingAuthority('05/10/2024')).toEqual({
      value: CAN_CUOC_ISSUE_LOC,
      confidence: IMPLIED_ISSUE_LOC_CONFIDENCE,
      source: 'rule',
    });
    expect(IMPLIED_ISSUE_LOC_CONFIDENCE).toBeLessThan(CONFIDENCE_THRESHOLD);
    expect(impliedIssuingAuthority(null)).toBeNull();
  });

  it('is read from the lines printed under the issue date, with OCR slips', () => {
    expect(readIssuingAuthority(chipBack, '11/03/2023')).toEqual({
      value: CHIP_CARD_ISSUE_LOC,
      confidence: 0.93,
      source: 'ocr',
    });
    const slips = [line('CUC TRUONG CỤC CẢNH SAT'), line('QUÁN LY HÀNH CHÍNH VẺ TRẢT TỰ XÁ HỘI')];
    expect(readIssuingAuthority(slips, null)).toMatchObject({ value: CHIP_CARD_ISSUE_LOC });
    expect(
      readIssuingAuthority([line('BỘ CÔNG AN'), line('MINISTRY OF PUBLIC SECURITY')], '05/10/2024'),
    ).toEqual({ value: CAN_CUOC_ISSUE_LOC, confidence: 0.93, source: 'ocr' });
    expect(readIssuingAuthority([line('BỘ CÔNG AM')], '05/10/2024')).toMatchObject({
      value: CAN_CUOC_ISSUE_LOC,
      confidence: 0.837,
    });
  });

  it('is not guessed from unrelated text, and not trusted when the issue date contradicts it', () => {
    expect(
      readIssuingAuthority([line('Ngày, tháng, năm: 11/03/2023'), line('Nguyễn Văn Mẫu')], null),
    ).toBeNull();
    expect(readIssuingAuthority([line('BỘ GIAO THÔNG VẬN TẢI')], null)).toBeNull();
    expect(readIssuingAuthority([], '11/03/2023')).toBeNull();
    expect(readIssuingAuthority([line('BỘ CÔNG AN')], '11/03/2023')).toEqual({
      value: CAN_CUOC_ISSUE_LOC,
      confidence: IMPLIED_ISSUE_LOC_CONFIDENCE,
      source: 'ocr',
    });
  });

  it('is implied by the issue date, untrusted, when no side gives it', () => {
    const { issue_loc: _loc, ...backWithout } = back().fields;
    const m = mergeSides(front(), { ...back(), fields: backWithout });
    expect(m.fields.issue_loc).toEqual({
      value: CHIP_CARD_ISSUE_LOC,
      confidence: IMPLIED_ISSUE_LOC_CONFIDENCE,
      source: 'rule',
    });
    // Not a key field: the profile still verifies on its own.
    expect(isConsistentAndConfident(m)).toBe(true);
    expect(mergeSides(front({ issue_date: v('02/08/2024', 0.99, 'qr') }), null).fields.issue_loc?.value).toBe(
      CAN_CUOC_ISSUE_LOC,
    );
  });
});

describe('namesAgree', () => {
  it.each([
    ['Nguyễn Văn An', 'NGUYEN VAN AN', true],
    ['Hồ Kim Hoa', 'HO KTIM HOA', true], // the MRZ font's I read as TI
    ['Đặng Mỹ Phương', 'LZDANG MY PHUONG', true], // stray characters from the card edge
    ['Trương Thị Hồng Hương Mai', 'TRUONG THI HONG HUONG MAI', true],
    ['Ngô Quốc Hải', 'NGOO QOUOC HATIT', true], // doubled vowels and I as TIT, as read by tesseract
    ['Ngô Quốc Hải', 'TRAN MINH HOANG', false],
    ['Phan Thu Dung', 'PHAN THU DUNG A A', true], // fillers read as letters after the name
    ['Phan Thu', 'PHAN THU DUNG A A', false],
    ['Nguyễn Văn An', 'TRAN THI THU HA', false],
    ['Lê An', 'LE ANH TUAN', false],
  ])('%s ~ %s → %s', (frontName, mrzName, agree) => {
    expect(namesAgree(frontName, mrzName)).toBe(agree);
  });

  it('compares a long name with its 30-character MRZ cut', () => {
    expect(namesAgree('Tôn Nữ Hoàng Phương Thảo Nguyên Khánh', 'TON NU HOANG PHUONG THAO NGU')).toBe(true);
  });
});

describe('ID number structure', () => {
  it('knows the sex/century digit and the birth-year digits', () => {
    expect(idStructureMatches('001090012345', '15/03/1990', 'Nam')).toBe(true);
    expect(idStructureMatches('001190012345', '15/03/1990', 'Nữ')).toBe(true);
    expect(idStructureMatches('079305001234', '01/01/2005', 'Nữ')).toBe(true);
    expect(idStructureMatches('079205001234', '01/01/2005', 'Nữ')).toBe(false);
    expect(idStructureMatches('001091012345', '15/03/1990', 'Nam')).toBe(false);
    expect(centuryFromId('079305001234')).toBe(2000);
    expect(centuryFromId('001090012345')).toBe(1900);
    expect(centuryFromId('12345')).toBeNull();
  });
});
