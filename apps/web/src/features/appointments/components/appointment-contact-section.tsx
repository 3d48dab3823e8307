import { zodResolver } from '@hookform/resolvers/zod';
import type { TAppointmentUserInfo } from '@giot-hong/contract';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
// The profile's contact block is reused as it is: the same fields, dialogs, rows and messages.
import { ContactCard, useContactEditing } from '../../profile/components/contact-card';
import { ContactDetailFields, type ContactFieldNames } from '../../profile/components/contact-detail-fields';
import { contactDetailRows } from '../../profile/lib/contact-details';
import { useUpdateAppointmentUserInfo } from '../api/update-appointment-user-info';
import {
  toUserInfoFormValues,
  toUserInfoPayload,
  ZUserInfoForm,
  type TUserInfoFormOutput,
  type TUserInfoFormValues,
} from '../lib/user-info-form';

const USER_INFO_FIELDS: ContactFieldNames<TUserInfoFormValues> = {
  email: 'email',
  phone: 'phoneNumber',
  address: 'addressContact',
  organization: 'organizationId',
  job: 'jobName',
  studentId: 'studentId',
  militaryId: 'militaryId',
  bloodGroup: 'bloodGroup',
};

/** BOOKING: contact and job details, shown and editable (PUT /api/appointments/user-info). */
export function AppointmentContactSection({
  info,
  appointmentId,
}: {
  info: TAppointmentUserInfo;
  appointmentId: number;
}) {
  const defaults = useMemo(() => toUserInfoFormValues(info), [info]);
  const form = useForm({ resolver: zodResolver(ZUserInfoForm), defaultValues: defaults, values: defaults });
  const update = useUpdateAppointmentUserInfo();

  const editor = useContactEditing({
    form,
    defaults,
    mutation: update,
    toPayload: (values: TUserInfoFormOutput) => toUserInfoPayload(values, info.userId, appointmentId),
  });

  return (
    <ContactCard
      {...editor}
      headingId="appointment-contact-heading"
      headingLevel={3}
      title="Thông tin liên hệ và nghề nghiệp"
      formLabel="Chỉnh sửa thông tin liên hệ và nghề nghiệp"
      fields={
        <ContactDetailFields
          form={form}
          names={USER_INFO_FIELDS}
          idPrefix="appointment-contact"
          organizationName={info.organizationName}
        />
      }
      rows={contactDetailRows({
        email: info.email,
        phone: info.phoneNumber,
        address: info.addressContact,
        organizationName: info.organizationName,
        job: info.jobName,
        studentId: info.studentId,
        militaryId: info.militaryId,
        bloodGroup: info.bloodGroup,
      })}
    />
  );
}
