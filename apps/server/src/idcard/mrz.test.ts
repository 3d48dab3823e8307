import { describe, expect, it } from 'vitest';
import {
  birthYear,
  buildTd1,
  checkDigit,
  expiryYear,
  findTd1,
  fitLine,
  lineCandidates,
  mrzDateToDisplay,
  mrzTransliterate,
  parseTd1,
} from './mrz.ts';

// The TD1 specimen of ICAO Doc 9303 part 5 (an invented Utopian card).
const ICAO = ['I<UTOD231458907<<<<<<<<<<<<<<<', '7408122F1204159UTO<<<<<<<<<<<6', 'ERIKSSON<<ANNA<MARIA<<<<<<<<<<'];

// An invented Vietnamese card: ID 001090012345, born 15/03/1990, male, expires 15/03/2030.
const VN = ['IDVNM0900123450001090012345<<<', '9003152M3003150VNM<<<<<<<<<<<5', 'NGUYEN<<VAN<AN<<<<<<<<<<<<<<<<'];

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
    expect(buildTd1({ documentNumber: '090012345', optionalData1: '001090012345', birthDate: '900315', sex: 'M', expiryDate: '300315', surname: 'NGUYEN', givenNames: 'VAN AN' })).toEqual(VN);
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
    expect(r.data).toMatchObject({ documentCode: 'ID', issuingState: 'VNM', documentNumber: '090012345', idNumber: '001090012345', birthDate: '900315', sex: 'M', expiryDate: '300315', fullName: 'NGUYEN VAN AN' });
  });

  it('undoes letter/digit confusions when the check digits then validate', () => {
    // '1D' for 'ID', O for 0 in the document number, I for 1 in the ID number, O and S in the birth date.
    const ocr = ['1DVNMO9OO123450001O90OI2345<<<', '9OO31S2M3003150VNM<<<<<<<<<<<5', 'NGUYEN<<VAN<AN<<<<<<<<<<<<<<<<'];
    const r = parseTd1(ocr)!;
    expect(r.valid).toBe(true);
    expect(r.corrections).toBeGreaterThan(0);
    expect(r.data.idNumber).toBe('001090012345');
    expect(r.data.birthDate).toBe('900315');
    expect(r.lines).toEqual(VN);
  });

  it('tolerates lost or extra fillers and stray characters at a line end', () => {
    const ocr = ['IDVNM0900123450001090012345<<', 'X9003152M3003150VNM<<<<<<<<<<<<<5', 'NGUYEN<<VAN<AN<<<<<<<<<<<<<<'];
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
    const lines = buildTd1({ documentNumber: '060012345', optionalData1: '001060012345', birthDate: '600101', sex: 'F', expiryDate: null, surname: 'LE', givenNames: 'THI HOA' });
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
