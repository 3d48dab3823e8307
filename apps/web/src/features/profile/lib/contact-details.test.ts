import { describe, expect, it } from 'vitest';
import { contactDetailRows, type TContactDetails } from './contact-details';

const empty: TContactDetails = {
  email: null,
  phone: null,
  address: null,
  organizationName: null,
  job: null,
  studentId: null,
  militaryId: null,
  bloodGroup: null,
};

describe('contactDetailRows', () => {
  it("shows 'Chưa cập nhật' for every missing detail and '-' for an unknown blood group", () => {
    expect(contactDetailRows(empty)).toEqual([
      ['Email', 'Chưa cập nhật'],
      ['Số điện thoại', 'Chưa cập nhật'],
      ['Địa chỉ liên hệ', 'Chưa cập nhật'],
      ['Tổ chức', 'Chưa cập nhật'],
      ['Nghề nghiệp', 'Chưa cập nhật'],
      ['Nhóm máu', '-'],
    ]);
    expect(contactDetailRows({ ...empty, email: '', bloodGroup: 'Z' })[0]).toEqual([
      'Email',
      'Chưa cập nhật',
    ]);
  });

  it("reads no organization as 'Tự do' once a phone, job or address was saved", () => {
    const organization = (d: Partial<TContactDetails>) =>
      contactDetailRows({ ...empty, ...d }).find(([label]) => label === 'Tổ chức')?.[1];
    expect(organization({ phone: '0912345678' })).toBe('Tự do');
    expect(organization({ job: 'Kỹ sư' })).toBe('Tự do');
    expect(organization({ address: 'Phường Ba Đình, Thành phố Hà Nội' })).toBe('Tự do');
    expect(organization({ email: 'an@example.vn' })).toBe('Chưa cập nhật');
    expect(organization({ phone: '0912345678', organizationName: 'Đại học Bách khoa Hà Nội' })).toBe(
      'Đại học Bách khoa Hà Nội',
    );
  });

  it('adds the id the job asks for, right after the job', () => {
    const student = contactDetailRows({ ...empty, job: 'Sinh viên', studentId: 'SV001', militaryId: 'QN9' });
    expect(student.map(([label]) => label)).toEqual([
      'Email',
      'Số điện thoại',
      'Địa chỉ liên hệ',
      'Tổ chức',
      'Nghề nghiệp',
      'Mã số sinh viên',
      'Nhóm máu',
    ]);
    expect(student[5]).toEqual(['Mã số sinh viên', 'SV001']);
    const soldier = contactDetailRows({ ...empty, job: 'Bộ đội', bloodGroup: 'O+' });
    expect(soldier.slice(5)).toEqual([
      ['Mã số quân nhân', 'Chưa cập nhật'],
      ['Nhóm máu', 'O+'],
    ]);
  });
});
