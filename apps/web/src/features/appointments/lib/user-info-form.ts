import {
  extraIdKindFor,
  ZAppointmentUserInfoRequest,
  type TAppointmentUserInfo,
  type TAppointmentUserInfoRequest,
} from '@giot-hong/contract';
import { z } from 'zod';
import { blanksToUndefined } from '../../../lib/form-values';

/**
 * The contact and job form of a BOOKING appointment. Inputs give '' for "nothing"; the schema
 * below turns '' into "not given" before the contract's rules run, so an untouched optional
 * field never fails a minimum-length rule.
 */
export type TUserInfoFormValues = {
  email: string;
  phoneNumber: string;
  jobName: string;
  studentId: string;
  militaryId: string;
  addressContact: string;
  bloodGroup: string;
  organizationId: number | null;
};

const ZFields = ZAppointmentUserInfoRequest.omit({ userId: true, appointmentId: true });
export type TUserInfoFormOutput = z.output<typeof ZFields>;
type TFieldsOutput = TUserInfoFormOutput;

export const ZUserInfoForm = z.preprocess(blanksToUndefined, ZFields) as unknown as z.ZodType<
  TFieldsOutput,
  TUserInfoFormValues
>;

export type ExtraIdField = 'studentId' | 'militaryId' | null;

/** The extra id a job asks for: student id for 'Sinh viên', military id for 'Bộ đội', 'Công an', 'Quân nhân'. */
export function extraIdFor(jobName: string | null | undefined): ExtraIdField {
  const kind = extraIdKindFor(jobName);
  return kind === 'student' ? 'studentId' : kind === 'military' ? 'militaryId' : null;
}

/** 'Tự do' is stored as "no organization": once the donor saved any detail, null means 'Tự do' (id 0). */
export function hasContactDetail(
  u: Pick<TAppointmentUserInfo, 'phoneNumber' | 'jobName' | 'addressContact'>,
): boolean {
  return Boolean(u.phoneNumber || u.jobName || u.addressContact);
}

export function toUserInfoFormValues(u: TAppointmentUserInfo): TUserInfoFormValues {
  return {
    email: u.email ?? '',
    phoneNumber: u.phoneNumber ?? '',
    jobName: u.jobName ?? '',
    studentId: u.studentId ?? '',
    militaryId: u.militaryId ?? '',
    addressContact: u.addressContact ?? '',
    bloodGroup: u.bloodGroup ?? '',
    organizationId: u.organizationId ?? (hasContactDetail(u) ? 0 : null),
  };
}

/** The PUT /api/appointments/user-info payload: ids the chosen job does not ask for are cleared. */
export function toUserInfoPayload(
  values: TFieldsOutput,
  userId: number,
  appointmentId: number,
): TAppointmentUserInfoRequest {
  const extra = extraIdFor(values.jobName);
  return {
    userId,
    appointmentId,
    email: values.email || '',
    phoneNumber: values.phoneNumber || null,
    jobName: values.jobName || null,
    studentId: extra === 'studentId' ? values.studentId || null : null,
    militaryId: extra === 'militaryId' ? values.militaryId || null : null,
    addressContact: values.addressContact || null,
    bloodGroup: values.bloodGroup || '',
    organizationId: values.organizationId ?? null,
  };
}
