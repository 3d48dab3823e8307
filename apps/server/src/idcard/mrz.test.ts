import { describe, expect, it } from 'vitest';
import {
  birthYear,
  buildTd1,
  checkDigit,
  combineReadings,
  expiryYear,
  findTd1,
  fitLine,
  lineCandidates,
  mrzDateToDisplay,
  mrzTransliterate,
  parseTd1,
  repairOneDigit,
} from './mrz.ts';

// The TD1 specimen of ICAO Doc 9303 part 5 (an invented Utopian card).
const ICAO = [
  'I<UTOD231458907<<<<<<<<<<<<<<<',
  '7408122F1204159UTO<<<<<<<<<<<6',
  'ERIKSSON<<ANNA<MARIA<<<<<<<<<<',
];

// An invented Vietnamese card: ID 001090012345, born 15/03/1990, male, expires 15/03/2030.
const VN = [
  'IDVNM0900123450001090012345<<<',
  '9003152M3003150VNM<<<<<<<<<<<5',
  'NGUYEN<<VAN<AN<<<<<<<<<<<<<<<<',
];

describe('ICAO 9303 check digits', () => {
  it('computes the weights 7,3,1 with < = 0 and A = 10', () => {
    expect(checkDigit('D23145890')).toBe(7);
    expect(checkDigit('740812')).toBe(2);
    expect(checkDigit('120415')).toBe(9);
    expect(checkDigit('<<<')).toBe(0);
    expect(checkDigit('A')).toBe(0); // 10 × 7 = 70
    expect(checkDigit('B')).toBe(7); // 11 × 7 = 77
    expect(checkDigit('a')).toBe(-1);
  });

  it('builds the Vietnamese lines used by these tests with the same digits', () => {
    expect(
      buildTd1({
        documentNumber: '090012345',
        optionalData1: '001090012345',
        birthDate: '900315',
        sex: 'M',
        expiryDate: '300315',
        surname: 'NGUYEN',
        givenNames: 'VAN AN',
      }),
    ).toEqual(VN);
  });
});

describe('parseTd1', () => {
  it('reads the ICAO specimen with every check digit valid', () => {
    const r = parseTd1(ICAO)!;
    expect(r.valid).toBe(true);
    expect(r.corrections).toBe(0);
    expect(r.data).toMatchObject({
      documentCode: 'I',
      issuingState: 'UTO',
      documentNumber: 'D23145890',
      idNumber: null,
      birthDate: '740812',
      sex: 'F',
      expiryDate: '120415',
      nationality: 'UTO',
      surname: 'ERIKSSON',
      givenNames: 'ANNA MARIA',
      fullName: 'ERIKSSON ANNA MARIA',
    });
  });

  it('reads a Vietnamese card: the 12-digit ID number sits in the optional data', () => {
    const r = parseTd1(VN.join('\n'))!;
    expect(r.valid).toBe(true);
    expect(r.data).toMatchObject({
      documentCode: 'ID',
      issuingState: 'VNM',
      documentNumber: '090012345',
      idNumber: '001090012345',
      birthDate: '900315',
      sex: 'M',
      expiryDate: '300315',
      fullName: 'NGUYEN VAN AN',
    });
  });

  it('undoes letter/digit confusions when the check digits then validate', () => {
    // '1D' for 'ID', O for 0 in the document number, I for 1 in the ID number, O and S in the birth date.
    const ocr = [
      '1DVNMO9OO123450001O90OI2345<<<',
      '9OO31S2M3003150VNM<<<<<<<<<<<5',
      'NGUYEN<<VAN<AN<<<<<<<<<<<<<<<<',
    ];
    const r = parseTd1(ocr)!;
    expect(r.valid).toBe(true);
    expect(r.corrections).toBeGreaterThan(0);
    expect(r.data.idNumber).toBe('001090012345');
    expect(r.data.birthDate).toBe('900315');
    expect(r.lines).toEqual(VN);
  });

  it('tolerates lost or extra fillers and stray characters at a line end', () => {
    const ocr = [
      'IDVNM0900123450001090012345<<',
      'X9003152M3003150VNM<<<<<<<<<<<<<5',
      'NGUYEN<<VAN<AN<<<<<<<<<<<<<<',
    ];
    const r = parseTd1(ocr)!;
    expect(r.valid).toBe(true);
    expect(r.lines).toEqual(VN);
  });

  it('reports a changed digit through its check digit and the composite', () => {
    const r = parseTd1([VN[0]!, VN[1]!.replace('900315', '900316'), VN[2]!])!;
    expect(r.checks).toEqual({ documentNumber: true, birthDate: false, expiryDate: true, composite: false });
    expect(r.valid).toBe(false);
  });

  it('does not accept a confusion swap that the check digit rejects', () => {
    // The expiry is really 300315; an S read there would become 5, giving 300515, whose check is not 0.
    const r = parseTd1([VN[0]!, VN[1]!.replace('M300315', 'M300S15'), VN[2]!])!;
    expect(r.checks.expiryDate).toBe(false);
    expect(r.valid).toBe(false);
  });

  it('flags a document number that does not match its check digit', () => {
    const r = parseTd1([VN[0]!.replace('0900123450', '0900123460'), VN[1]!, VN[2]!])!;
    expect(r.checks.documentNumber).toBe(false);
    expect(r.valid).toBe(false);
  });

  it('accepts a card without expiry date (fillers)', () => {
    const lines = buildTd1({
      documentNumber: '060012345',
      optionalData1: '001060012345',
      birthDate: '600101',
      sex: 'F',
      expiryDate: null,
      surname: 'LE',
      givenNames: 'THI HOA',
    });
    const r = parseTd1(lines)!;
    expect(r.valid).toBe(true);
    expect(r.data.expiryDate).toBeNull();
    expect(r.data.sex).toBe('F');
  });

  it('refuses input that cannot be a TD1 zone', () => {
    expect(parseTd1([VN[0]!, VN[1]!])).toBeNull();
    expect(parseTd1(['IDVNM', 'short', 'lines'])).toBeNull();
  });
});

describe('OCR slips inside a line', () => {
  // The zone of a synthetic card as tesseract read it: one '9' of the document number doubled.
  const DOUBLED = [
    '1DVNM17143899030079171438903<<<',
    '7101249F3101241VNM<<<<<<<<<<<6',
    'HOANG<<HOONG<PHUONG<<<<<<<<<<<<',
  ];

  it('drops one character read twice when the check digits then validate', () => {
    const r = parseTd1(DOUBLED)!;
    expect(r.valid).toBe(true);
    expect(r.data.documentNumber).toBe('171438903');
    expect(r.data.idNumber).toBe('079171438903');
    expect(r.lines[0]).toBe('IDVNM1714389030079171438903<<<');
  });

  it('prefers the reading whose optional data holds the ID number', () => {
    // The doubled '9' in the optional data: dropping a '1' there also passes the composite by
    // chance, but only dropping a '9' gives an ID number that ends in the document number.
    const r = parseTd1(['1DVNM17143890300791714389903<<<', DOUBLED[1]!, DOUBLED[2]!])!;
    expect(r.valid).toBe(true);
    expect(r.data.idNumber).toBe('079171438903');
  });

  it('prefers the reading whose nationality is VNM, which no check digit covers', () => {
    // A stray 'W' inside the nationality: dropping a filler would keep 'VWN' with all checks valid.
    const r = parseTd1([VN[0]!, VN[1]!.replace('VNM', 'VWNM'), VN[2]!])!;
    expect(r.valid).toBe(true);
    expect(r.data.nationality).toBe('VNM');
    expect(r.lines[1]).toBe(VN[1]);
  });

  it('combines the lines of several passes when each pass got a different line right', () => {
    const passA = parseTd1([VN[0]!, VN[1]!.replace('3003150', '3003180'), VN[2]!])!;
    const passB = parseTd1([VN[0]!.replace('0900123450', '0900123480'), VN[1]!, VN[2]!])!;
    expect(passA.valid).toBe(false);
    expect(passB.valid).toBe(false);
    const r = combineReadings([passA, passB])!;
    expect(r.valid).toBe(true);
    expect(r.lines).toEqual(VN);
  });

  it('repairs one lookalike digit only when every check digit, the composite too, then validates', () => {
    // The expiry's last digit '0' read as '8'.
    const misread = parseTd1([VN[0]!, VN[1]!.replace('3003150', '3003180'), VN[2]!])!;
    expect(misread.checks.expiryDate).toBe(false);
    const repaired = repairOneDigit(misread);
    expect(repaired.valid).toBe(true);
    expect(repaired.lines[1]).toBe(VN[1]);
    expect(repaired.corrections).toBe(misread.corrections + 1);
    expect(repaired.repaired).toBe('expiryDate');
  });

  it('leaves the zone unrepaired when more than one repair would validate, or none would', () => {
    // The expiry's check digit '0' read as '8': putting the '0' back validates, and so does
    // changing the expiry's '0' to '6'; the zone cannot tell which, so neither is made.
    const ambiguous = parseTd1([VN[0]!, VN[1]!.replace('3003150', '3003158'), VN[2]!])!;
    expect(repairOneDigit(ambiguous)).toBe(ambiguous);
    // Three slips in one field: no single repair satisfies both its check and the composite.
    const thrice = parseTd1([VN[0]!, VN[1]!.replace('3003150', '3803168'), VN[2]!])!;
    expect(thrice.valid).toBe(false);
    expect(repairOneDigit(thrice)).toBe(thrice);
  });

  it('lets the front choose between repairs that both validate, never against the checks', () => {
    // Birth date '780907' read as '700907': '0'→'8' validates, and so does '7'→'1' (700901).
    const zone = [
      'IDVNM1785096552022178509655<<<',
      '7009073F3809075VNM<<<<<<<<<<<2',
      'DANG<<THU<MAI<<<<<<<<<<<<<<<<<',
    ];
    const misread = parseTd1(zone)!;
    expect(repairOneDigit(misread)).toBe(misread);
    const repaired = repairOneDigit(misread, { idNumber: '022178509655', birthDate: '780907' });
    expect(repaired.valid).toBe(true);
    expect(repaired.data.birthDate).toBe('780907');
    expect(repaired.repaired).toBe('birthDate');
    // A front that matches neither repair does not make one.
    expect(repairOneDigit(misread, { birthDate: '780908' })).toBe(misread);
    // Nor is the only repair made when the front contradicts the zone it gives.
    const unique = parseTd1([VN[0]!, VN[1]!.replace('3003150', '3003180'), VN[2]!])!;
    expect(repairOneDigit(unique, { birthDate: '900315' }).valid).toBe(true);
    expect(repairOneDigit(unique, { birthDate: '900316' })).toBe(unique);
  });

  it('can turn two slips into a third value, so the repaired field is marked for a second source', () => {
    // Expiry '300315' read as '380315' with its check '0' read as '8': changing the '8' to '6'
    // satisfies both checks, giving the wrong date 15/03/2036. The reading says which field it
    // repaired; the extraction does not trust that field without the front (extract.test.ts).
    const twice = parseTd1([VN[0]!, VN[1]!.replace('3003150', '3803158'), VN[2]!])!;
    const repaired = repairOneDigit(twice);
    expect(repaired.valid).toBe(true);
    expect(repaired.data.expiryDate).toBe('360315');
    expect(repaired.repaired).toBe('expiryDate');
  });
});

describe('findTd1', () => {
  it('finds the zone among other OCR lines and drops a stray character before the document code', () => {
    const r = findTd1(['NVM', 'CUC TRUONG', `1${VN[0]}`, VN[1]!, VN[2]!])!;
    expect(r.valid).toBe(true);
    expect(r.data.idNumber).toBe('001090012345');
  });

  it('returns null when no three MRZ-like lines exist', () => {
    expect(findTd1(['Ngày, tháng, năm', 'CỤC TRƯỞNG'])).toBeNull();
  });
});

describe('helpers', () => {
  it('fits a line to 30 characters inside its longest filler run', () => {
    expect(fitLine('NGUYEN<<VAN<AN<<<')).toBe('NGUYEN<<VAN<AN<<<<<<<<<<<<<<<<');
    expect(fitLine(`${VN[1]!.slice(0, 20)}<<<${VN[1]!.slice(20)}`)).toBe(VN[1]);
    expect(lineCandidates(`X${VN[1]}`)).toContain(VN[1]);
  });

  it('resolves two-digit years and formats dates as dd/MM/yyyy', () => {
    const now = new Date('2025-07-01T00:00:00Z');
    expect(birthYear(90, now)).toBe(1990);
    expect(birthYear(5, now)).toBe(2005);
    expect(birthYear(25, now)).toBe(2025);
    expect(birthYear(26, now)).toBe(1926);
    expect(mrzDateToDisplay('900315', (yy) => birthYear(yy, now))).toBe('15/03/1990');
    expect(mrzDateToDisplay('300315', expiryYear)).toBe('15/03/2030');
    expect(mrzDateToDisplay('900231', expiryYear)).toBeNull();
  });

  it('transliterates Vietnamese names as the MRZ prints them', () => {
    expect(mrzTransliterate('Nguyễn Thị Đào')).toBe('NGUYEN THI DAO');
    expect(mrzTransliterate('Trương  Hữu\u0020Lộc')).toBe('TRUONG HUU LOC');
  });
});
