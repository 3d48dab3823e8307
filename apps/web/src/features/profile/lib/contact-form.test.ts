import { describe, expect, it } from 'vitest';
import {
  toContactFormValues,
  toDetailPayload,
  ZConfirmForm,
  ZContactForm,
  type TContactFormValues,
} from './contact-form';

const blank: TContactFormValues = toContactFormValues(null);

/** The first message per field, as the form shows it. */
function errorsOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const out: Record<string, string> = {};
  for (const i of result.error?.issues ?? []) out[String(i.path[0])] ??= i.message;
  return out;
}

describe('contact form (all fields optional)', () => {
  it('accepts an untouched form', () => {
    const r = ZContactForm.safeParse(blank);
    expect(r.success).toBe(true);
    expect(r.data).toMatchObject({ time_donation: 0, blood_group: '', organization_id: null });
  });
  it("shows the spec's messages", () => {
    const r = ZContactForm.safeParse({
      ...blank,
      email: 'khong-hop-le',
      mobile: '091234',
      time_donation: 101,
    });
    expect(errorsOf(r)).toEqual({
      email: 'Email không hợp lệ',
      mobile: 'Số điện thoại phải có ít nhất 10 số',
      time_donation: 'Số lần hiến máu không hợp lệ',
    });
    expect(errorsOf(ZContactForm.safeParse({ ...blank, time_donation: -1 }))).toEqual({
      time_donation: 'Số lần hiến máu không hợp lệ',
    });
  });
});

describe('confirm form', () => {
  it('requires mobile and contact address', () => {
    expect(errorsOf(ZConfirmForm.safeParse(blank))).toEqual({
      mobile: 'Vui lòng điền số điện thoại',
      address_contact: 'Vui lòng điền địa chỉ liên hệ',
    });
  });
  it('wants exactly 10 digits and a count of 0 to 100', () => {
    const r = ZConfirmForm.safeParse({
      ...blank,
      mobile: '09123456789',
      address_contact: 'Phường Ba Đình, Thành phố Hà Nội',
      time_donation: '100',
    });
    expect(errorsOf(r)).toEqual({ mobile: 'Số điện thoại không hợp lệ' });
    const ok = ZConfirmForm.safeParse({
      ...blank,
      mobile: '0912345678',
      address_contact: 'Phường Ba Đình, Thành phố Hà Nội',
      time_donation: '3',
    });
    expect(ok.success).toBe(true);
    expect(ok.data?.time_donation).toBe(3);
  });
});

describe('toDetailPayload', () => {
  it('keeps the student id only for students and the military id only for military jobs', () => {
    const base = {
      ...blank,
      time_donation: 2,
      blood_group: 'O+' as const,
      student_id: 'SV01',
      military_id: 'QN01',
    };
    expect(toDetailPayload({ ...base, job_name: 'Sinh viên' } as never)).toMatchObject({
      student_id: 'SV01',
      military_id: null,
    });
    expect(toDetailPayload({ ...base, job_name: 'Công an' } as never)).toMatchObject({
      student_id: null,
      military_id: 'QN01',
    });
    expect(toDetailPayload({ ...base, job_name: 'Giáo viên' } as never)).toMatchObject({
      student_id: null,
      military_id: null,
    });
  });
  it('starts the form from the server values, blanks for nulls', () => {
    expect(
      toContactFormValues({ mobile: '0912345678', blood_group: null, organization_id: 3, time_donation: 4 }),
    ).toMatchObject({
      mobile: '0912345678',
      blood_group: '',
      organization_id: 3,
      time_donation: 4,
      email: '',
    });
  });
});
