import { zodResolver } from '@hookform/resolvers/zod';
import type { TIdCardExtract } from '@giot-hong/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { EmptyView } from '../../../components/ui/empty-view';
import { LoadingView } from '../../../components/ui/loading-view';
import { confirmExtract } from '../api/confirm-extract';
import { createDonorDetail } from '../api/create-donor-detail';
import { useDonorDetail } from '../api/get-donor-detail';
import { useExtract } from '../api/get-extract';
import { useFullUserInfo } from '../api/get-full-user-info';
import { updateDonorDetail } from '../api/update-donor-detail';
import { toContactFormValues, toDetailPayload, ZConfirmForm } from '../lib/contact-form';
import { formatCardDate } from '../lib/profile-format';
import { buttonPrimary, buttonSecondary } from '../../../components/ui/buttons';
import { DonorDetailFields } from './donor-detail-fields';
import { DetailList } from '../../../components/ui/detail-list';
import { requestMessage } from '../../../lib/api-errors';

const DETAIL_FAILED = 'Lỗi khi cập nhật thông tin người dùng';
const CONFIRM_FAILED = 'Lỗi khi xác nhận thông tin CCCD';

/** A failure of one of the two confirm calls, carrying which one for the message. */
class ConfirmStepError extends Error {
  constructor(
    readonly title: string,
    readonly detail: string | null,
  ) {
    super(title);
  }
}

/**
 * Step 3: the extracted card fields (read-only) and the confirm form. Confirming saves the donor
 * detail (update when one exists, else create), then confirms the extract with CONFIRM_MATCHED.
 */
export function WizardVerifyStep({
  extractId,
  onBack,
  onConfirmed,
}: {
  extractId: string;
  onBack: () => void;
  onConfirmed: (status: string) => void;
}) {
  const extract = useExtract(extractId);
  const detail = useDonorDetail();
  const info = useFullUserInfo();

  if (extract.isPending || detail.isPending || info.isPending) return <LoadingView />;
  if (extract.isError)
    return (
      <div role="alert">
        <EmptyView title="Không thể lấy thông tin đã trích xuất">
          <button type="button" className={buttonSecondary} onClick={onBack}>
            Quay lại
          </button>
        </EmptyView>
      </div>
    );
  // Without the saved detail the form would start blank, and confirming would overwrite it.
  if (detail.isError || info.isError)
    return (
      <div role="alert">
        <EmptyView title="Không thể tải thông tin người dùng">
          <button
            type="button"
            className={buttonSecondary}
            onClick={() => {
              if (detail.isError) void detail.refetch();
              if (info.isError) void info.refetch();
            }}
          >
            Thử lại
          </button>
        </EmptyView>
      </div>
    );
  return (
    <VerifyForm
      extract={extract.data}
      hasDetail={detail.data != null}
      defaults={toContactFormValues(detail.data ?? (info.data ? { email: info.data.email } : null))}
      organizationName={info.data?.organization_name ?? null}
      onBack={onBack}
      onConfirmed={onConfirmed}
    />
  );
}

function VerifyForm({
  extract,
  hasDetail,
  defaults,
  organizationName,
  onBack,
  onConfirmed,
}: {
  extract: TIdCardExtract;
  hasDetail: boolean;
  defaults: ReturnType<typeof toContactFormValues>;
  organizationName: string | null;
  onBack: () => void;
  onConfirmed: (status: string) => void;
}) {
  const queryClient = useQueryClient();
  // Read once on mount: later refetches must not overwrite what the donor is typing.
  const form = useForm({ resolver: zodResolver(ZConfirmForm), defaultValues: defaults });

  const confirm = useMutation({
    mutationFn: async (payload: ReturnType<typeof toDetailPayload>) => {
      try {
        await (hasDetail ? updateDonorDetail(payload) : createDonorDetail(payload));
      } catch (e) {
        throw new ConfirmStepError(DETAIL_FAILED, requestMessage(e) ?? null);
      }
      try {
        return await confirmExtract(extract.extract_id);
      } catch (e) {
        throw new ConfirmStepError(CONFIRM_FAILED, requestMessage(e) ?? null);
      }
    },
    onError: (e) => {
      const err = e instanceof ConfirmStepError ? e : new ConfirmStepError(CONFIRM_FAILED, null);
      toast.error(err.title, err.detail ? { description: err.detail } : undefined);
    },
  });

  const submit = form.handleSubmit((values) =>
    confirm.mutate(toDetailPayload(values), {
      onSuccess: (status) => {
        // The detail is saved even when the status answer turns out unusable: read it again.
        void queryClient.invalidateQueries({ queryKey: ['user', 'detail'] });
        onConfirmed(status);
      },
    }),
  );

  const failure = confirm.error instanceof ConfirmStepError ? confirm.error : null;
  const needsReview = extract.features.disagreements.length > 0;

  return (
    <form noValidate onSubmit={submit} className="space-y-6" aria-label="Xác minh thông tin">
      <section aria-labelledby="extract-heading" className="rounded-2xl border border-slate-200 p-4 sm:p-6">
        <h3 id="extract-heading" className="mb-1 font-semibold text-slate-900">
          Thông tin trên căn cước
        </h3>
        <p className="mb-4 text-sm text-slate-600">
          Thông tin được đọc từ ảnh căn cước và không sửa được ở đây.
        </p>
        <DetailList
          items={[
            ['Số CCCD', extract.card_id ?? ''],
            ['Họ và tên', extract.name ?? ''],
            ['Ngày sinh', formatCardDate(extract.dob)],
            ['Giới tính', extract.sex ?? ''],
            ['Quốc tịch', extract.nationality ?? ''],
            ['Quê quán', extract.home ?? ''],
            ['Nơi thường trú', extract.address ?? ''],
            ['Ngày cấp', formatCardDate(extract.issue_date)],
            ['Nơi cấp', extract.issue_loc ?? ''],
            ['Có giá trị đến', formatCardDate(extract.doe)],
          ]}
        />
        {needsReview && (
          <p className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            Một số thông tin đọc được từ hai mặt căn cước chưa khớp nhau. Sau khi bạn xác nhận, cán bộ sẽ kiểm
            tra lại hồ sơ.
          </p>
        )}
      </section>

      <section
        aria-labelledby="confirm-contact-heading"
        className="rounded-2xl border border-slate-200 p-4 sm:p-6"
      >
        <h3 id="confirm-contact-heading" className="mb-4 font-semibold text-slate-900">
          Thông tin liên hệ
        </h3>
        <DonorDetailFields form={form} idPrefix="confirm" organizationName={organizationName} required />
      </section>

      {failure && (
        <p role="alert" className="rounded-lg bg-brand-50 p-3 text-brand-800">
          <span className="font-semibold">{failure.title}</span>
          {failure.detail && `: ${failure.detail}`}
        </p>
      )}

      <div className="flex flex-wrap justify-between gap-3">
        <button type="button" className={buttonSecondary} onClick={onBack} disabled={confirm.isPending}>
          Quay lại
        </button>
        <button type="submit" className={buttonPrimary} disabled={confirm.isPending}>
          {confirm.isPending ? 'Đang xử lý...' : 'Xác nhận'}
        </button>
      </div>
    </form>
  );
}
