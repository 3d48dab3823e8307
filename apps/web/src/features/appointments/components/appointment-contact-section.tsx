import { zodResolver } from '@hookform/resolvers/zod';
import { BLOOD_GROUPS, type TAppointmentUserInfo } from '@giot-hong/contract';
import { useMemo, useState } from 'react';
import { useForm, useWatch, type UseFormReturn } from 'react-hook-form';
import { toast } from 'sonner';
import { ApiError } from '../../../lib/api-client';
// The profile's pickers are reused as they are: the same fields, dialogs and messages.
import { useOrganizations } from '../../profile/api/get-organizations';
import { AddressPickerDialog } from '../../profile/components/address-picker-dialog';
import { Field, fieldAria, PickerButton } from '../../profile/components/controls';
import { EmailDialog } from '../../profile/components/email-dialog';
import { JobPickerDialog } from '../../profile/components/job-picker-dialog';
import { OrganizationPickerDialog } from '../../profile/components/organization-picker-dialog';
import { PhoneDialog } from '../../profile/components/phone-dialog';
import { useUpdateAppointmentUserInfo } from '../api/update-appointment-user-info';
import { extraIdFor, hasContactDetail, toUserInfoFormValues, toUserInfoPayload, ZUserInfoForm, type TUserInfoFormOutput, type TUserInfoFormValues } from '../lib/user-info-form';
import { buttonPrimary, buttonSecondary, cardClass, DetailList, inputClass } from './ui';

const NOT_SET = 'Chưa cập nhật';
type Picker = 'email' | 'phone' | 'address' | 'organization' | 'job' | null;

/** BOOKING: contact and job details, shown and editable (PUT /api/appointments/user-info). */
export function AppointmentContactSection({ info, appointmentId }: { info: TAppointmentUserInfo; appointmentId: number }) {
  const [editing, setEditing] = useState(false);
  const defaults = useMemo(() => toUserInfoFormValues(info), [info]);
  const form = useForm({ resolver: zodResolver(ZUserInfoForm), defaultValues: defaults, values: defaults });
  const update = useUpdateAppointmentUserInfo();
  const extra = extraIdFor(info.jobName);
  const organization = info.organizationName ?? (hasContactDetail(info) ? 'Tự do' : null);

  const cancel = () => {
    form.reset(defaults);
    setEditing(false);
  };
  const save = form.handleSubmit((values) =>
    update.mutate(toUserInfoPayload(values, info.userId, appointmentId), {
      onSuccess: () => {
        toast.success('Cập nhật thành công', { description: 'Thông tin đã được cập nhật thành công' });
        setEditing(false);
      },
      onError: (e) =>
        toast.error('Không thể cập nhật thông tin cá nhân.', {
          description: e instanceof ApiError && e.status === 400 ? e.message : 'Không thể cập nhật thông tin. Vui lòng thử lại sau.',
        }),
    }),
  );

  return (
    <section aria-labelledby="appointment-contact-heading" className={cardClass}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h3 id="appointment-contact-heading" className="text-lg font-semibold text-slate-900">
          Thông tin liên hệ và nghề nghiệp
        </h3>
        {!editing && (
          <button type="button" className={buttonSecondary} onClick={() => setEditing(true)}>
            Chỉnh sửa thông tin
          </button>
        )}
      </div>
      {editing ? (
        <form noValidate onSubmit={save} aria-label="Chỉnh sửa thông tin liên hệ và nghề nghiệp">
          <ContactFields form={form} organizationName={info.organizationName} />
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <button type="button" className={buttonSecondary} onClick={cancel} disabled={update.isPending}>
              Hủy
            </button>
            <button type="submit" className={buttonPrimary} disabled={update.isPending}>
              {update.isPending ? 'Đang lưu...' : 'Lưu thay đổi'}
            </button>
          </div>
        </form>
      ) : (
        <DetailList
          items={[
            ['Email', info.email || NOT_SET],
            ['Số điện thoại', info.phoneNumber || NOT_SET],
            ['Địa chỉ liên hệ', info.addressContact || NOT_SET],
            ['Tổ chức', organization || NOT_SET],
            ['Nghề nghiệp', info.jobName || NOT_SET],
            ...(extra === 'studentId' ? [['Mã số sinh viên', info.studentId || NOT_SET] as const] : []),
            ...(extra === 'militaryId' ? [['Mã số quân nhân', info.militaryId || NOT_SET] as const] : []),
            ['Nhóm máu', info.bloodGroup && (BLOOD_GROUPS as readonly string[]).includes(info.bloodGroup) ? info.bloodGroup : '-'],
          ]}
        />
      )}
    </section>
  );
}

function ContactFields({
  form,
  organizationName,
}: {
  form: UseFormReturn<TUserInfoFormValues, unknown, TUserInfoFormOutput>;
  organizationName: string | null;
}) {
  const { control, register, setValue, formState } = form;
  const errors = formState.errors;
  const [picker, setPicker] = useState<Picker>(null);
  const [email, phone, address, organizationId, jobName] = useWatch({
    control,
    name: ['email', 'phoneNumber', 'addressContact', 'organizationId', 'jobName'],
  });
  const organizations = useOrganizations();
  const orgName = organizations.data?.find((o) => o.id === organizationId)?.name ?? (organizationId !== null ? organizationName : null);
  const extra = extraIdFor(jobName);
  const id = (name: string) => `appointment-contact-${name}`;
  const set = (name: keyof TUserInfoFormValues, value: string | number | null) =>
    setValue(name, value as never, { shouldDirty: true, shouldValidate: formState.isSubmitted });
  const open = (p: Exclude<Picker, null>) => (o: boolean) => setPicker(o ? p : null);

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field id={id('email')} label="Email" error={errors.email?.message}>
        <PickerButton id={id('email')} value={email} placeholder={NOT_SET} error={errors.email?.message} onOpen={() => setPicker('email')} />
      </Field>
      <Field id={id('phone')} label="Số điện thoại" error={errors.phoneNumber?.message}>
        <PickerButton id={id('phone')} value={phone} placeholder={NOT_SET} error={errors.phoneNumber?.message} onOpen={() => setPicker('phone')} />
      </Field>
      <div className="sm:col-span-2">
        <Field id={id('address')} label="Địa chỉ liên hệ" error={errors.addressContact?.message}>
          <PickerButton
            id={id('address')}
            value={address}
            placeholder={NOT_SET}
            error={errors.addressContact?.message}
            onOpen={() => setPicker('address')}
          />
        </Field>
      </div>
      <Field id={id('organization')} label="Tổ chức" error={errors.organizationId?.message}>
        <PickerButton
          id={id('organization')}
          value={orgName}
          placeholder={NOT_SET}
          error={errors.organizationId?.message}
          onOpen={() => setPicker('organization')}
        />
      </Field>
      <Field id={id('job')} label="Nghề nghiệp" error={errors.jobName?.message}>
        <PickerButton id={id('job')} value={jobName} placeholder={NOT_SET} error={errors.jobName?.message} onOpen={() => setPicker('job')} />
      </Field>
      {extra === 'studentId' && (
        <Field id={id('student-id')} label="Mã số sinh viên" error={errors.studentId?.message}>
          <input {...register('studentId')} {...fieldAria(id('student-id'), errors.studentId?.message)} maxLength={30} className={inputClass} />
        </Field>
      )}
      {extra === 'militaryId' && (
        <Field id={id('military-id')} label="Mã số quân nhân" error={errors.militaryId?.message}>
          <input {...register('militaryId')} {...fieldAria(id('military-id'), errors.militaryId?.message)} maxLength={30} className={inputClass} />
        </Field>
      )}
      <Field id={id('blood-group')} label="Nhóm máu" error={errors.bloodGroup?.message}>
        <select {...register('bloodGroup')} {...fieldAria(id('blood-group'), errors.bloodGroup?.message)} className={inputClass}>
          <option value="">-</option>
          {BLOOD_GROUPS.map((g) => (
            <option key={g} value={g}>
              {g}
            </option>
          ))}
        </select>
      </Field>

      <EmailDialog open={picker === 'email'} onOpenChange={open('email')} initial={email} onConfirm={(v) => set('email', v)} />
      <PhoneDialog open={picker === 'phone'} onOpenChange={open('phone')} initial={phone} onConfirm={(v) => set('phoneNumber', v)} />
      <AddressPickerDialog open={picker === 'address'} onOpenChange={open('address')} onConfirm={(v) => set('addressContact', v)} />
      <OrganizationPickerDialog
        open={picker === 'organization'}
        onOpenChange={open('organization')}
        initial={organizationId}
        onConfirm={(o) => set('organizationId', o.id)}
      />
      <JobPickerDialog open={picker === 'job'} onOpenChange={open('job')} initial={jobName || null} onConfirm={(v) => set('jobName', v)} />
    </div>
  );
}
