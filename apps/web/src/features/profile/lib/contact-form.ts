import {
  ZDonorConfirmForm,
  ZDonorDetailRequest,
  type TDonorDetail,
  type TDonorDetailRequest,
  type TFullUserInfo,
} from '@giot-hong/contract';
import { z } from 'zod';
import { blanksToUndefined } from '../../../lib/form-values';
import { extraIdFieldFor } from './profile-format';

/**
 * What the contact form holds while editing. Inputs give '' for "nothing"; the schemas below turn
 * '' into "not given" before the contract's rules run, so an untouched optional field never
 * fails a minimum-length rule.
 */
export type TContactFormValues = {
  email: string;
  mobile: string;
  job_name: string;
  student_id: string;
  military_id: string;
  address_contact: string;
  time_donation: string | number;
  blood_group: string;
  organization_id: number | null;
};

type TDetailOutput = z.output<typeof ZDonorDetailRequest>;
type TConfirmOutput = z.output<typeof ZDonorConfirmForm>;

/** Profile contact: every field optional. */
export const ZContactForm = z.preprocess(blanksToUndefined, ZDonorDetailRequest) as unknown as z.ZodType<
  TDetailOutput,
  TContactFormValues
>;

/** Donor-profile confirm step: mobile and contact address required (their own messages). */
export const ZConfirmForm = z.preprocess(
  // Required fields stay '' so that their "required" message (not a type error) is shown.
  (v) => {
    const out = blanksToUndefined(v) as Record<string, unknown>;
    return {
      ...out,
      mobile: out.mobile ?? '',
      address_contact: out.address_contact ?? '',
      time_donation: out.time_donation ?? 0,
    };
  },
  ZDonorConfirmForm,
) as unknown as z.ZodType<TConfirmOutput, TContactFormValues>;

/** The form's starting values from what the server knows. */
export function toContactFormValues(
  source: Partial<TFullUserInfo> | TDonorDetail | null | undefined,
): TContactFormValues {
  return {
    email: source?.email ?? '',
    mobile: source?.mobile ?? '',
    job_name: source?.job_name ?? '',
    student_id: source?.student_id ?? '',
    military_id: source?.military_id ?? '',
    address_contact: source?.address_contact ?? '',
    time_donation: source?.time_donation ?? 0,
    blood_group: source?.blood_group ?? '',
    organization_id: source?.organization_id ?? null,
  };
}

/** The payload of create/update-detail: ids that the chosen job does not ask for are cleared. */
export function toDetailPayload(values: TDetailOutput | TConfirmOutput): TDonorDetailRequest {
  const extra = extraIdFieldFor(values.job_name);
  return {
    email: values.email || undefined,
    mobile: values.mobile || undefined,
    job_name: values.job_name || undefined,
    student_id: extra === 'student_id' ? values.student_id || null : null,
    military_id: extra === 'military_id' ? values.military_id || null : null,
    address_contact: values.address_contact || undefined,
    time_donation: values.time_donation ?? 0,
    blood_group: values.blood_group ?? '',
    organization_id: values.organization_id ?? null,
  };
}
