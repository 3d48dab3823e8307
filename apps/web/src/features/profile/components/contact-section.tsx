import { zodResolver } from '@hookform/resolvers/zod';
import { LAB_BLOOD_GROUP_MARK, type TFullUserInfo } from '@giot-hong/contract';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useUpdateDonorDetail } from '../api/update-donor-detail';
import { contactDetailRows } from '../lib/contact-details';
import { toContactFormValues, toDetailPayload, ZContactForm } from '../lib/contact-form';
import { ContactCard, useContactEditing } from './contact-card';
import { DonorDetailFields } from './donor-detail-fields';

/** The contact block of the profile: view mode, 'Chỉnh sửa thông tin', cancel (resets) and save. */
export function ContactSection({ info }: { info: TFullUserInfo }) {
  // 'Tự do' is stored as "no organization": once the donor saved any detail, null means 'Tự do'.
  const hasDetail = Boolean(info.mobile || info.job_name || info.address_contact);
  const defaults = useMemo(
    () => ({ ...toContactFormValues(info), organization_id: info.organization_id ?? (hasDetail ? 0 : null) }),
    [info, hasDetail],
  );
  const form = useForm({ resolver: zodResolver(ZContactForm), defaultValues: defaults, values: defaults });
  const update = useUpdateDonorDetail();

  const editor = useContactEditing({ form, defaults, mutation: update, toPayload: toDetailPayload });

  return (
    <ContactCard
      {...editor}
      headingId="contact-heading"
      headingLevel={2}
      title="Thông tin liên hệ"
      formLabel="Chỉnh sửa thông tin liên hệ"
      fields={<DonorDetailFields form={form} idPrefix="contact" organizationName={info.organization_name} />}
      rows={[
        ...contactDetailRows({
          email: info.email,
          phone: info.mobile,
          address: info.address_contact,
          organizationName: info.organization_name,
          job: info.job_name,
          studentId: info.student_id,
          militaryId: info.military_id,
          bloodGroup: info.blood_group,
        }),
        // The laboratory's result, beside the group the donor declared (which stays as typed).
        ...(info.lab_blood_group
          ? [['Nhóm máu xét nghiệm', `${info.lab_blood_group} (${LAB_BLOOD_GROUP_MARK})`] as const]
          : []),
        ['Số lần đã hiến máu', String(info.time_donation ?? 0)],
      ]}
    />
  );
}
