import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { donorStatusStaffLabel } from './donor-status.ts';
import {
  PROFILE_LIMITS as L,
  PROFILE_MESSAGES as M,
  ZDonorConfirmForm,
  ZDonorDetailRequest,
} from './users.ts';
import { tooLongMessage } from './zod-locale.ts';

const messagesOf = (schema: z.ZodType, v: unknown) => {
  const r = schema.safeParse(v);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('profile contact rules (spec section 5), shared by the forms and the server', () => {
  it('fills the defaults of spec section 7 for omitted fields', () => {
    expect(ZDonorDetailRequest.parse({})).toEqual({
      time_donation: 0,
      blood_group: '',
      organization_id: null,
    });
  });

  it('gives a Vietnamese message for every wrong value of the detail', () => {
    expect(
      messagesOf(ZDonorDetailRequest, {
        email: 5,
        mobile: 12345678901,
        job_name: 'x'.repeat(L.jobNameMax + 1),
        student_id: 'x'.repeat(L.extraIdMax + 1),
        military_id: 'x'.repeat(L.extraIdMax + 1),
        address_contact: 'x'.repeat(L.addressContactMax + 1),
        time_donation: 'abc',
        blood_group: 'X',
        organization_id: 'abc',
      }),
    ).toEqual([
      `email: ${M.emailInvalid}`,
      `mobile: ${M.confirmMobileInvalid}`,
      `job_name: ${tooLongMessage(L.jobNameMax)}`,
      `student_id: ${tooLongMessage(L.extraIdMax)}`,
      `military_id: ${tooLongMessage(L.extraIdMax)}`,
      `address_contact: ${tooLongMessage(L.addressContactMax)}`,
      `time_donation: ${M.donationCountInvalid}`,
      `blood_group: ${M.bloodGroupRequired}`,
      `organization_id: ${M.organizationRequired}`,
    ]);
  });

  it("gives the confirm step's required messages", () => {
    expect(messagesOf(ZDonorConfirmForm, { time_donation: 0 })).toEqual([
      `mobile: ${M.confirmMobileRequired}`,
      `address_contact: ${M.confirmAddressRequired}`,
    ]);
    expect(
      messagesOf(ZDonorConfirmForm, {
        mobile: '091234567',
        address_contact: 'Hà Nội',
        time_donation: 101,
        blood_group: 'C',
      }),
    ).toEqual([
      `mobile: ${M.confirmMobileInvalid}`,
      `blood_group: ${M.bloodGroupRequired}`,
      `time_donation: ${M.donationCountInvalid}`,
    ]);
  });

  it("speaks Vietnamese through zod's locale where a schema has no message of its own", () => {
    expect(messagesOf(z.object({ n: z.number().max(3) }), { n: 4 })).toEqual([
      'n: Quá lớn: mong đợi number <=3',
    ]);
    expect(messagesOf(z.string(), 5)).toEqual([': Đầu vào không hợp lệ: mong đợi string, nhận được số']);
  });
});

describe('a donor’s verification as staff see it', () => {
  it('tells a rejected or revoked card apart from no card at all', () => {
    expect(donorStatusStaffLabel('EXTRACTED', 'APPROVED')).toBe('Đã xác thực');
    expect(donorStatusStaffLabel('PENDING', null)).toBe('Chờ xác thực');
    expect(donorStatusStaffLabel('NONE', 'REJECTED')).toBe('Bị từ chối');
    expect(donorStatusStaffLabel('NONE', 'REVOKED')).toBe('Bị thu hồi xác thực');
    expect(donorStatusStaffLabel('NONE', null)).toBe('Chưa xác thực');
  });
});
