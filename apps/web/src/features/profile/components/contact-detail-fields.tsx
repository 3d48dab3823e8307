import { BLOOD_GROUPS, LIMITS } from '@giot-hong/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  get,
  useWatch,
  type FieldError,
  type FieldPath,
  type FieldValues,
  type UseFormReturn,
} from 'react-hook-form';
import { jobsQueryOptions } from '../api/get-jobs';
import { useOrganizations } from '../api/get-organizations';
import { NOT_SET } from '../lib/contact-details';
import { extraIdFieldFor } from '../lib/profile-format';
import { AddressPickerDialog } from './address-picker-dialog';
import { inputClass as defaultInputClass } from '../../../components/ui/input-class';
import { PickerButton } from './controls';
import { Field, fieldAria } from '../../../components/ui/field';
import { EmailDialog } from './email-dialog';
import { JOBS_LOAD_FAILED, JobPickerDialog } from './job-picker-dialog';
import { ORGANIZATIONS_LOAD_FAILED, OrganizationPickerDialog } from './organization-picker-dialog';
import { PhoneDialog } from './phone-dialog';

type ContactDetail =
  | 'email'
  | 'phone'
  | 'address'
  | 'organization'
  | 'job'
  | 'studentId'
  | 'militaryId'
  | 'bloodGroup'
  | 'donations';
type Picker = 'email' | 'phone' | 'address' | 'organization' | 'job';

/**
 * The form field behind each contact detail: the profile's and the appointment's forms name them
 * differently. `donations` is optional: without it the donation count is not asked.
 */
export type ContactFieldNames<T extends FieldValues> = Record<
  Exclude<ContactDetail, 'donations'>,
  FieldPath<T>
> & {
  donations?: FieldPath<T>;
};

const ID_SUFFIXES: Record<ContactDetail, string> = {
  email: 'email',
  phone: 'phone',
  address: 'address',
  organization: 'organization',
  job: 'job',
  studentId: 'student-id',
  militaryId: 'military-id',
  bloodGroup: 'blood-group',
  donations: 'donations',
};

/**
 * The editable contact and job fields: e-mail, phone and address through their dialogs,
 * organization and job pickers, the extra id the job asks for, blood group and, where the form has
 * it, the donation count. Each control's id is `${idPrefix}-${suffix}`.
 */
export function ContactDetailFields<T extends FieldValues, TOut extends FieldValues>({
  form,
  names,
  idPrefix,
  idSuffixes,
  organizationName,
  required = false,
  inputClass = defaultInputClass,
}: {
  form: UseFormReturn<T, unknown, TOut>;
  names: ContactFieldNames<T>;
  idPrefix: string;
  /** Id suffixes other than the usual ones ('phone', 'student-id', …). */
  idSuffixes?: Partial<Record<ContactDetail, string>>;
  /** The saved organization's name, shown until the list is loaded. */
  organizationName?: string | null;
  /** Marks phone and address as required (the donor-profile confirm step). */
  required?: boolean;
  /** Class of the text inputs and the blood-group select. */
  inputClass?: string;
}) {
  const { control, register, setValue, formState } = form;
  const [picker, setPicker] = useState<Picker | null>(null);
  const [email, phone, address, organizationId, jobName] = useWatch({
    control,
    name: [names.email, names.phone, names.address, names.organization, names.job],
  }) as [string, string, string, number | null, string];
  const organizations = useOrganizations();
  // Loaded with the form (not only when the picker opens) so that a failure shows at the field.
  const jobs = useQuery(jobsQueryOptions());
  const loadErrors: Partial<Record<Picker, string>> = {
    organization: organizations.isError ? ORGANIZATIONS_LOAD_FAILED : undefined,
    job: jobs.isError ? JOBS_LOAD_FAILED : undefined,
  };
  const orgName =
    organizations.data?.find((o) => o.id === organizationId)?.name ??
    (organizationId !== null ? organizationName : null);
  const extra = extraIdFieldFor(jobName);
  const id = (detail: ContactDetail) => `${idPrefix}-${idSuffixes?.[detail] ?? ID_SUFFIXES[detail]}`;
  /** The field's validation message, else the failure to load its list. */
  const errorOf = (detail: ContactDetail) => {
    const name = names[detail];
    const invalid = name ? (get(formState.errors, name) as FieldError | undefined)?.message : undefined;
    return invalid ?? loadErrors[detail as Picker];
  };
  const set = (detail: Picker, value: string | number | null) =>
    setValue(names[detail], value as never, { shouldDirty: true, shouldValidate: formState.isSubmitted });
  const dialog = (p: Picker) => ({
    open: picker === p,
    onOpenChange: (o: boolean) => setPicker(o ? p : null),
  });
  const pickerField = (p: Picker, label: string, value: string | null | undefined, isRequired = false) => (
    <Field id={id(p)} label={label} error={errorOf(p)} required={isRequired}>
      <PickerButton
        id={id(p)}
        value={value}
        placeholder={NOT_SET}
        error={errorOf(p)}
        onOpen={() => setPicker(p)}
      />
    </Field>
  );
  const idField = (detail: 'studentId' | 'militaryId', label: string) => (
    <Field id={id(detail)} label={label} error={errorOf(detail)}>
      <input
        {...register(names[detail])}
        {...fieldAria(id(detail), errorOf(detail))}
        maxLength={30}
        className={inputClass}
      />
    </Field>
  );

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {pickerField('email', 'Email', email)}
      {pickerField('phone', 'Số điện thoại', phone, required)}
      <div className="sm:col-span-2">{pickerField('address', 'Địa chỉ liên hệ', address, required)}</div>
      {pickerField('organization', 'Tổ chức', orgName)}
      {pickerField('job', 'Nghề nghiệp', jobName)}
      {extra === 'student_id' && idField('studentId', 'Mã số sinh viên')}
      {extra === 'military_id' && idField('militaryId', 'Mã số quân nhân')}
      <Field id={id('bloodGroup')} label="Nhóm máu" error={errorOf('bloodGroup')}>
        <select
          {...register(names.bloodGroup)}
          {...fieldAria(id('bloodGroup'), errorOf('bloodGroup'))}
          className={inputClass}
        >
          <option value="">-</option>
          {BLOOD_GROUPS.map((g) => (
            <option key={g} value={g}>
              {g}
            </option>
          ))}
        </select>
      </Field>
      {names.donations && (
        <Field id={id('donations')} label="Số lần đã hiến máu" error={errorOf('donations')}>
          <input
            {...register(names.donations)}
            {...fieldAria(id('donations'), errorOf('donations'))}
            type="number"
            inputMode="numeric"
            min={0}
            max={LIMITS.donationCountMax}
            step={1}
            className={inputClass}
          />
        </Field>
      )}

      <EmailDialog {...dialog('email')} initial={email} onConfirm={(v) => set('email', v)} />
      <PhoneDialog {...dialog('phone')} initial={phone} onConfirm={(v) => set('phone', v)} />
      <AddressPickerDialog {...dialog('address')} onConfirm={(v) => set('address', v)} />
      <OrganizationPickerDialog
        {...dialog('organization')}
        initial={organizationId}
        onConfirm={(o) => set('organization', o.id)}
      />
      <JobPickerDialog {...dialog('job')} initial={jobName || null} onConfirm={(v) => set('job', v)} />
    </div>
  );
}
