import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { TContactFormValues } from '../lib/contact-form';
import { ContactDetailFields, type ContactFieldNames } from './contact-detail-fields';

const DONOR_DETAIL_FIELDS: ContactFieldNames<TContactFormValues> = {
  email: 'email',
  phone: 'mobile',
  address: 'address_contact',
  organization: 'organization_id',
  job: 'job_name',
  studentId: 'student_id',
  militaryId: 'military_id',
  bloodGroup: 'blood_group',
  donations: 'time_donation',
};

/**
 * The editable donor fields, shared by the profile's contact block and the wizard's confirm step:
 * the contact and job fields plus the donation count. The phone control's id ends in '-mobile'.
 */
export function DonorDetailFields<TOut extends FieldValues>({
  form,
  idPrefix,
  organizationName,
  required = false,
}: {
  form: UseFormReturn<TContactFormValues, unknown, TOut>;
  idPrefix: string;
  /** The saved organization's name, shown until the list is loaded. */
  organizationName?: string | null;
  /** Marks mobile and address as required (the confirm step). */
  required?: boolean;
}) {
  return (
    <ContactDetailFields
      form={form}
      names={DONOR_DETAIL_FIELDS}
      idPrefix={idPrefix}
      idSuffixes={{ phone: 'mobile' }}
      organizationName={organizationName}
      required={required}
    />
  );
}
