import { FREE_ORGANIZATION } from '@giot-hong/contract';
import { bloodGroupLabel, extraIdFieldFor } from './profile-format';

/** Shown for a contact detail that was never given. */
export const NOT_SET = 'Chưa cập nhật';

/** The saved contact and job details, whatever the endpoint calls them. */
export type TContactDetails = {
  email: string | null | undefined;
  phone: string | null | undefined;
  address: string | null | undefined;
  organizationName: string | null | undefined;
  job: string | null | undefined;
  studentId: string | null | undefined;
  militaryId: string | null | undefined;
  bloodGroup: string | null | undefined;
};

export type TDetailRow = readonly [label: string, value: string];

/**
 * The read-only rows of the contact block (profile and appointment alike). 'Tự do' is stored as
 * "no organization": once the donor saved a phone, job or address, no organization means 'Tự do'.
 * The student or military id is shown only when the job asks for it.
 */
export function contactDetailRows(d: TContactDetails): TDetailRow[] {
  const hasDetail = Boolean(d.phone || d.job || d.address);
  const organization = d.organizationName ?? (hasDetail ? FREE_ORGANIZATION.name : null);
  const extra = extraIdFieldFor(d.job);
  return [
    ['Email', d.email || NOT_SET],
    ['Số điện thoại', d.phone || NOT_SET],
    ['Địa chỉ liên hệ', d.address || NOT_SET],
    ['Tổ chức', organization || NOT_SET],
    ['Nghề nghiệp', d.job || NOT_SET],
    ...(extra === 'student_id' ? [['Mã số sinh viên', d.studentId || NOT_SET] as const] : []),
    ...(extra === 'military_id' ? [['Mã số quân nhân', d.militaryId || NOT_SET] as const] : []),
    ['Nhóm máu', bloodGroupLabel(d.bloodGroup)],
  ];
}
