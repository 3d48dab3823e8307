import { zodResolver } from '@hookform/resolvers/zod';
import type { TFullUserInfo } from '@giot-hong/contract';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { ApiError } from '../../../lib/api-client';
import { useUpdateDonorDetail } from '../api/update-donor-detail';
import { toContactFormValues, toDetailPayload, ZContactForm } from '../lib/contact-form';
import { bloodGroupLabel, extraIdFieldFor } from '../lib/profile-format';
import { buttonPrimary, buttonSecondary } from './controls';
import { DonorDetailFields } from './donor-detail-fields';
import { InfoList } from './info-list';

const NOT_SET = 'Chưa cập nhật';

/** The contact block of the profile: view mode, 'Chỉnh sửa thông tin', cancel (resets) and save. */
export function ContactSection({ info }: { info: TFullUserInfo }) {
  const [editing, setEditing] = useState(false);
  // 'Tự do' is stored as "no organization": once the donor saved any detail, null means 'Tự do'.
  const hasDetail = Boolean(info.mobile || info.job_name || info.address_contact);
  const defaults = useMemo(
    () => ({ ...toContactFormValues(info), organization_id: info.organization_id ?? (hasDetail ? 0 : null) }),
    [info, hasDetail],
  );
  const form = useForm({ resolver: zodResolver(ZContactForm), defaultValues: defaults, values: defaults });
  const update = useUpdateDonorDetail();

  const cancel = () => {
    form.reset(defaults);
    setEditing(false);
  };

  const save = form.handleSubmit((values) =>
    update.mutate(toDetailPayload(values), {
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

  const extra = extraIdFieldFor(info.job_name);
  const organization = info.organization_name ?? (hasDetail ? 'Tự do' : null);

  return (
    <section aria-labelledby="contact-heading" className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="contact-heading" className="text-lg font-semibold text-slate-900">
          Thông tin liên hệ
        </h2>
        {!editing && (
          <button type="button" className={buttonSecondary} onClick={() => setEditing(true)}>
            Chỉnh sửa thông tin
          </button>
        )}
      </div>
      {editing ? (
        <form noValidate onSubmit={save} aria-label="Chỉnh sửa thông tin liên hệ">
          <DonorDetailFields form={form} idPrefix="contact" organizationName={info.organization_name} />
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
        <InfoList
          items={[
            ['Email', info.email || NOT_SET],
            ['Số điện thoại', info.mobile || NOT_SET],
            ['Địa chỉ liên hệ', info.address_contact || NOT_SET],
            ['Tổ chức', organization || NOT_SET],
            ['Nghề nghiệp', info.job_name || NOT_SET],
            ...(extra === 'student_id' ? [['Mã số sinh viên', info.student_id || NOT_SET] as const] : []),
            ...(extra === 'military_id' ? [['Mã số quân nhân', info.military_id || NOT_SET] as const] : []),
            ['Nhóm máu', bloodGroupLabel(info.blood_group)],
            ['Số lần đã hiến máu', String(info.time_donation ?? 0)],
          ]}
        />
      )}
    </section>
  );
}
