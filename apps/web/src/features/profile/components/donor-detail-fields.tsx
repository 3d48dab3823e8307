import { BLOOD_GROUPS, LIMITS } from '@giot-hong/contract';
import { useState } from 'react';
import { useWatch, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { useOrganizations } from '../api/get-organizations';
import type { TContactFormValues } from '../lib/contact-form';
import { extraIdFieldFor } from '../lib/profile-format';
import { AddressPickerDialog } from './address-picker-dialog';
import { Field, fieldAria, inputClass, PickerButton } from './controls';
import { EmailDialog } from './email-dialog';
import { JobPickerDialog } from './job-picker-dialog';
import { OrganizationPickerDialog } from './organization-picker-dialog';
import { PhoneDialog } from './phone-dialog';

type Picker = 'email' | 'mobile' | 'address' | 'organization' | 'job' | null;

/**
 * The editable donor fields, shared by the profile's contact block and the wizard's confirm step:
 * e-mail, phone and address through their dialogs, organization and job pickers, the extra id the
 * job asks for, blood group and donation count.
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
  const { control, register, setValue, formState } = form;
  const errors = formState.errors;
  const [picker, setPicker] = useState<Picker>(null);
  const [email, mobile, address, organizationId, jobName] = useWatch({
    control,
    name: ['email', 'mobile', 'address_contact', 'organization_id', 'job_name'],
  });
  const organizations = useOrganizations();
  const orgName = organizations.data?.find((o) => o.id === organizationId)?.name ?? (organizationId !== null ? organizationName : null);
  const extra = extraIdFieldFor(jobName);
  const id = (name: string) => `${idPrefix}-${name}`;
  const set = (name: keyof TContactFormValues, value: string | number | null) =>
    setValue(name, value as never, { shouldDirty: true, shouldValidate: formState.isSubmitted });
  const requiredMark = required ? ' *' : '';

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field id={id('email')} label="Email" error={errors.email?.message}>
        <PickerButton id={id('email')} value={email} placeholder="Chưa cập nhật" error={errors.email?.message} onOpen={() => setPicker('email')} />
      </Field>
      <Field id={id('mobile')} label={`Số điện thoại${requiredMark}`} error={errors.mobile?.message}>
        <PickerButton
          id={id('mobile')}
          value={mobile}
          placeholder="Chưa cập nhật"
          error={errors.mobile?.message}
          onOpen={() => setPicker('mobile')}
        />
      </Field>
      <div className="sm:col-span-2">
        <Field id={id('address')} label={`Địa chỉ liên hệ${requiredMark}`} error={errors.address_contact?.message}>
          <PickerButton
            id={id('address')}
            value={address}
            placeholder="Chưa cập nhật"
            error={errors.address_contact?.message}
            onOpen={() => setPicker('address')}
          />
        </Field>
      </div>
      <Field id={id('organization')} label="Tổ chức" error={errors.organization_id?.message}>
        <PickerButton
          id={id('organization')}
          value={orgName}
          placeholder="Chưa cập nhật"
          error={errors.organization_id?.message}
          onOpen={() => setPicker('organization')}
        />
      </Field>
      <Field id={id('job')} label="Nghề nghiệp" error={errors.job_name?.message}>
        <PickerButton id={id('job')} value={jobName} placeholder="Chưa cập nhật" error={errors.job_name?.message} onOpen={() => setPicker('job')} />
      </Field>
      {extra === 'student_id' && (
        <Field id={id('student-id')} label="Mã số sinh viên" error={errors.student_id?.message}>
          <input {...register('student_id')} {...fieldAria(id('student-id'), errors.student_id?.message)} maxLength={30} className={inputClass} />
        </Field>
      )}
      {extra === 'military_id' && (
        <Field id={id('military-id')} label="Mã số quân nhân" error={errors.military_id?.message}>
          <input {...register('military_id')} {...fieldAria(id('military-id'), errors.military_id?.message)} maxLength={30} className={inputClass} />
        </Field>
      )}
      <Field id={id('blood-group')} label="Nhóm máu" error={errors.blood_group?.message}>
        <select {...register('blood_group')} {...fieldAria(id('blood-group'), errors.blood_group?.message)} className={inputClass}>
          <option value="">-</option>
          {BLOOD_GROUPS.map((g) => (
            <option key={g} value={g}>
              {g}
            </option>
          ))}
        </select>
      </Field>
      <Field id={id('donations')} label="Số lần đã hiến máu" error={errors.time_donation?.message}>
        <input
          {...register('time_donation')}
          {...fieldAria(id('donations'), errors.time_donation?.message)}
          type="number"
          inputMode="numeric"
          min={0}
          max={LIMITS.donationCountMax}
          step={1}
          className={inputClass}
        />
      </Field>

      <EmailDialog open={picker === 'email'} onOpenChange={(o) => setPicker(o ? 'email' : null)} initial={email} onConfirm={(v) => set('email', v)} />
      <PhoneDialog open={picker === 'mobile'} onOpenChange={(o) => setPicker(o ? 'mobile' : null)} initial={mobile} onConfirm={(v) => set('mobile', v)} />
      <AddressPickerDialog open={picker === 'address'} onOpenChange={(o) => setPicker(o ? 'address' : null)} onConfirm={(v) => set('address_contact', v)} />
      <OrganizationPickerDialog
        open={picker === 'organization'}
        onOpenChange={(o) => setPicker(o ? 'organization' : null)}
        initial={organizationId}
        onConfirm={(o) => set('organization_id', o.id)}
      />
      <JobPickerDialog open={picker === 'job'} onOpenChange={(o) => setPicker(o ? 'job' : null)} initial={jobName || null} onConfirm={(v) => set('job_name', v)} />
    </div>
  );
}
