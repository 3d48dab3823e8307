import { describe, expect, it } from 'vitest';
import {
  bloodGroupLabel,
  checkAvatarImage,
  checkIdCardImage,
  digitsOnly,
  extraIdFieldFor,
  filterJobs,
  formatAddress,
  formatCardDate,
  initialsOf,
  verificationLabel,
} from './profile-format';

const file = (name: string, type: string, size: number) => new File([new Uint8Array(size)], name, { type });

describe('formatAddress', () => {
  it("joins 'street, ward, province'", () => {
    expect(
      formatAddress({ street: '12 Hàng Bài', ward: 'Phường Hoàn Kiếm', province: 'Thành phố Hà Nội' }),
    ).toBe('12 Hàng Bài, Phường Hoàn Kiếm, Thành phố Hà Nội');
  });
  it('drops a blank street and tidies spaces', () => {
    expect(formatAddress({ street: '   ', ward: 'Xã Bát Tràng', province: 'Thành phố Hà Nội' })).toBe(
      'Xã Bát Tràng, Thành phố Hà Nội',
    );
    expect(formatAddress({ ward: 'Phường Ba Đình', province: 'Thành phố Hà Nội' })).toBe(
      'Phường Ba Đình, Thành phố Hà Nội',
    );
    expect(
      formatAddress({ street: ' 5   Lý  Thái Tổ ', ward: 'Phường Cửa Nam', province: 'Thành phố Hà Nội' }),
    ).toBe('5 Lý Thái Tổ, Phường Cửa Nam, Thành phố Hà Nội');
  });
});

describe('initialsOf', () => {
  it('takes the first letters of up to two words, upper-cased', () => {
    expect(initialsOf('Nguyễn Văn An')).toBe('NV');
    expect(initialsOf('đặng thu')).toBe('ĐT');
    expect(initialsOf('  minh  ')).toBe('M');
    expect(initialsOf('donor01')).toBe('D');
  });
  it('is empty for no name', () => {
    expect(initialsOf('')).toBe('');
    expect(initialsOf(null)).toBe('');
  });
  it('keeps a precomposed letter whole even when the name arrives decomposed', () => {
    expect(initialsOf('Ánh Dương'.normalize('NFD'))).toBe('ÁD');
  });
});

describe('extraIdFieldFor', () => {
  it("asks for a student id only for 'Sinh viên'", () => {
    expect(extraIdFieldFor('Sinh viên')).toBe('student_id');
    expect(extraIdFieldFor('Học sinh')).toBeNull();
  });
  it("asks for a military id for 'Bộ đội', 'Công an' and 'Quân nhân'", () => {
    expect(extraIdFieldFor('Bộ đội')).toBe('military_id');
    expect(extraIdFieldFor('Công an')).toBe('military_id');
    expect(extraIdFieldFor('Quân nhân')).toBe('military_id');
  });
  it('asks for nothing for other or no jobs', () => {
    expect(extraIdFieldFor('Giáo viên')).toBeNull();
    expect(extraIdFieldFor('')).toBeNull();
    expect(extraIdFieldFor(null)).toBeNull();
  });
});

describe('labels', () => {
  it("shows '-' for an unknown blood group", () => {
    expect(bloodGroupLabel('AB-')).toBe('AB-');
    expect(bloodGroupLabel('')).toBe('-');
    expect(bloodGroupLabel(null)).toBe('-');
    expect(bloodGroupLabel('C+')).toBe('-');
  });
  it("labels EXTRACTED 'Đã xác thực' and anything else 'Chờ xác thực'", () => {
    expect(verificationLabel('EXTRACTED')).toBe('Đã xác thực');
    expect(verificationLabel('PENDING')).toBe('Chờ xác thực');
    expect(verificationLabel('SOMETHING')).toBe('Chờ xác thực');
  });
  it('shows card dates as dd/mm/yyyy', () => {
    expect(formatCardDate('1995-03-07')).toBe('07/03/1995');
    expect(formatCardDate('07/03/1995')).toBe('07/03/1995');
    expect(formatCardDate(null)).toBe('');
  });
});

describe('digitsOnly', () => {
  it('keeps at most 10 digits', () => {
    expect(digitsOnly('09a1-234 56789')).toBe('0912345678');
    expect(digitsOnly('0912345678999')).toBe('0912345678');
  });
});

describe('pickers', () => {
  const jobs = [
    { id: 1, job: 'Sinh viên' },
    { id: 2, job: 'Bộ đội' },
    { id: 3, job: 'Giáo viên' },
  ];
  it('filters jobs ignoring case and diacritics', () => {
    expect(filterJobs(jobs, 'sinh vien').map((j) => j.job)).toEqual(['Sinh viên']);
    expect(filterJobs(jobs, 'VIÊN').map((j) => j.job)).toEqual(['Sinh viên', 'Giáo viên']);
    expect(filterJobs(jobs, 'bo doi').map((j) => j.job)).toEqual(['Bộ đội']);
    expect(filterJobs(jobs, '  ')).toHaveLength(3);
    expect(filterJobs(jobs, 'bác sĩ')).toEqual([]);
  });
});

describe('image checks', () => {
  it('accepts JPG, JPEG and PNG ID photos up to 5 MB', () => {
    expect(checkIdCardImage(file('front.jpg', 'image/jpeg', 1000))).toBeNull();
    expect(checkIdCardImage(file('front.png', 'image/png', 5 * 1024 * 1024))).toBeNull();
    expect(checkIdCardImage(file('FRONT.JPEG', '', 10))).toBeNull();
  });
  it("refuses empty selections and other types with 'Vui lòng chọn file ảnh hợp lệ'", () => {
    expect(checkIdCardImage(null)).toBe('Vui lòng chọn file ảnh hợp lệ');
    expect(checkIdCardImage(file('front.jpg', 'image/jpeg', 0))).toBe('Vui lòng chọn file ảnh hợp lệ');
    expect(checkIdCardImage(file('front.pdf', 'application/pdf', 100))).toBe('Vui lòng chọn file ảnh hợp lệ');
  });
  it('tells a HEIC photo (by type or by name) to be sent as JPG or PNG', () => {
    const heic = 'Ảnh HEIC không được hỗ trợ. Vui lòng chụp lại hoặc chọn ảnh JPG, JPEG hoặc PNG.';
    expect(checkIdCardImage(file('front.heic', 'image/heic', 100))).toBe(heic);
    expect(checkIdCardImage(file('IMG_0001.HEIF', '', 100))).toBe(heic);
  });
  it('refuses ID photos over 5 MB', () => {
    expect(checkIdCardImage(file('front.jpg', 'image/jpeg', 5 * 1024 * 1024 + 1))).toBe(
      'Kích thước file không được vượt quá 5MB',
    );
  });
  it('checks avatars for an image type and 5 MB', () => {
    expect(checkAvatarImage(file('me.webp', 'image/webp', 100))).toBeNull();
    expect(checkAvatarImage(file('me.txt', 'text/plain', 100))).toBe('Vui lòng chọn file ảnh');
    expect(checkAvatarImage(undefined)).toBe('Vui lòng chọn file ảnh');
    expect(checkAvatarImage(file('me.png', 'image/png', 5 * 1024 * 1024 + 1))).toBe(
      'Kích thước file không được vượt quá 5MB',
    );
  });
});
