import { describe, expect, it } from 'vitest';
import type { TAppointmentUserInfo } from '@giot-hong/contract';
import {
  extraIdFor,
  toUserInfoFormValues,
  toUserInfoPayload,
  ZUserInfoForm,
  type TUserInfoFormValues,
} from './user-info-form';

const info: TAppointmentUserInfo = {
  userId: 7,
  fullName: 'Nguyễn Thị Thu',
  identityNumber: '001095012345',
  dob: '12/03/1995',
  gender: 'Nữ',
  address: 'Hà Nội',
  issueLoc: 'Cục Cảnh sát',
  jobName: 'Sinh viên',
  organizationId: null,
  organizationName: null,
  bloodGroup: null,
  addressContact: 'Phường Hoàn Kiếm, Thành phố Hà Nội',
  studentId: 'SV1',
  militaryId: null,
  phoneNumber: '0912345678',
  email: 'thu@example.vn',
};

const values = (over: Partial<TUserInfoFormValues> = {}): TUserInfoFormValues => ({
  ...toUserInfoFormValues(info),
  ...over,
});

describe('appointment contact form', () => {
  it("starts from the server's values; no organization with saved details reads as 'Tự do' (0)", () => {
    expect(toUserInfoFormValues(info)).toEqual({
      email: 'thu@example.vn',
      phoneNumber: '0912345678',
      jobName: 'Sinh viên',
      studentId: 'SV1',
      militaryId: '',
      addressContact: 'Phường Hoàn Kiếm, Thành phố Hà Nội',
      bloodGroup: '',
      organizationId: 0,
    });
    expect(
      toUserInfoFormValues({ ...info, phoneNumber: null, jobName: null, addressContact: null })
        .organizationId,
    ).toBeNull();
  });

  it("validates with the profile's messages; blanks are simply not given", () => {
    const ok = ZUserInfoForm.safeParse(values({ phoneNumber: '', email: '', addressContact: '  ' }));
    expect(ok.success).toBe(true);
    const short = ZUserInfoForm.safeParse(values({ phoneNumber: '09123' }));
    expect(short.success).toBe(false);
    expect(short.error!.issues[0]!.message).toBe('Số điện thoại phải có ít nhất 10 số');
    const email = ZUserInfoForm.safeParse(values({ email: 'abc' }));
    expect(email.error!.issues[0]!.message).toBe('Email không hợp lệ');
  });

  it('sends the payload of section 3 with the ids the job asks for', () => {
    const parsed = ZUserInfoForm.parse(values({ militaryId: 'QN1', bloodGroup: 'O+' }));
    expect(toUserInfoPayload(parsed, 7, 42)).toEqual({
      userId: 7,
      appointmentId: 42,
      email: 'thu@example.vn',
      phoneNumber: '0912345678',
      jobName: 'Sinh viên',
      studentId: 'SV1',
      militaryId: null,
      addressContact: 'Phường Hoàn Kiếm, Thành phố Hà Nội',
      bloodGroup: 'O+',
      organizationId: 0,
    });
    expect(extraIdFor('Công an')).toBe('militaryId');
    expect(extraIdFor('Kỹ sư')).toBeNull();
  });
});
