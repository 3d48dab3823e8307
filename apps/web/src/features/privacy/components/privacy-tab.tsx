import {
  CONSENT_TEXTS,
  DATA_RIGHTS_MESSAGES,
  RECORDS_KEPT_AFTER_ERASURE,
  type TConsent,
} from '@giot-hong/contract';
import { useState } from 'react';
import { toast } from 'sonner';
import { buttonDanger, buttonPrimary, buttonSecondary } from '../../../components/ui/buttons';
import { ModalFrame } from '../../../components/ui/modal-frame';
import { formatVnDateTime, formatVnDay } from '../../../lib/vn-time';
import { ModalClose, ModalForm } from '../../../components/ui/modal';
import { inputClass } from '../../../components/ui/input-class';
import { FieldError } from '../../../components/ui/field';
import { useCancelDeletion, useDeletionStatus, useRequestDeletion } from '../api/account-deletion';
import { useDownloadExport, useExports, useRequestExport } from '../api/data-exports';
import { useChangeConsent, useConsents } from '../api/get-consents';
import { useDataViews } from '../api/get-data-views';
import { errorMessage } from '../../../lib/api-errors';
import { PrivacySection } from './privacy-section';
import { RareBloodCard } from './rare-blood-card';

/** This tab's fallback when a request fails without words of its own. */
const FAILED = 'Đã có lỗi xảy ra';

function consentState(c: TConsent): string {
  if (c.withdrawnAt) return `Đã rút lại ngày ${formatVnDay(c.withdrawnAt)}`;
  if (c.active) return `Đã đồng ý ngày ${formatVnDay(c.givenAt)} (phiên bản ${c.version})`;
  if (c.version) return `Văn bản đã thay đổi (phiên bản ${c.currentVersion}): cần đồng ý lại`;
  return 'Chưa đồng ý';
}

function ConsentItem({ consent }: { consent: TConsent }) {
  const text = CONSENT_TEXTS[consent.purpose];
  const change = useChangeConsent();
  const [confirming, setConfirming] = useState(false);
  const id = `consent-${consent.purpose.toLowerCase()}`;
  const save = (given: boolean) =>
    change.mutate(
      { purpose: consent.purpose, given, version: consent.currentVersion },
      {
        onSuccess: (body) => {
          setConfirming(false);
          toast.success(body.message);
        },
        onError: (e) => toast.error(errorMessage(e, FAILED)),
      },
    );
  return (
    <li className="border-t border-slate-100 py-3 first:border-t-0 first:pt-0">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <p id={`${id}-title`} className="font-medium text-slate-900">
            {text.title}
          </p>
          <p className="text-sm text-slate-700">{text.text}</p>
          <p className="mt-1 text-sm text-slate-600">{consentState(consent)}</p>
        </div>
        {text.givenInFeature && !consent.active ? (
          // Given by joining its feature (the club's card), not from this list.
          <p className="max-w-60 text-sm text-slate-600">{text.givenInFeature}</p>
        ) : text.optional ? (
          <label className="inline-flex min-h-11 cursor-pointer items-center gap-2">
            <input
              type="checkbox"
              role="switch"
              className="size-5 accent-brand-600"
              checked={consent.active}
              disabled={change.isPending}
              aria-describedby={`${id}-title`}
              onChange={(e) => save(e.target.checked)}
            />
            <span className="text-sm font-medium text-slate-800">{consent.active ? 'Bật' : 'Tắt'}</span>
          </label>
        ) : consent.active ? (
          text.withdrawWarning && (
            <button type="button" className={buttonSecondary} onClick={() => setConfirming(true)}>
              Rút lại đồng ý<span className="sr-only"> {text.title}</span>
            </button>
          )
        ) : (
          <button
            type="button"
            className={buttonPrimary}
            disabled={change.isPending}
            onClick={() => save(true)}
          >
            Đồng ý<span className="sr-only"> {text.title}</span>
          </button>
        )}
      </div>
      <ModalFrame
        open={confirming}
        onOpenChange={setConfirming}
        title={`Rút lại đồng ý “${text.title}”?`}
        description={text.withdrawWarning}
      >
        <div className="flex justify-end gap-3 border-t border-slate-200 px-5 py-3">
          <ModalClose className={buttonSecondary}>Giữ nguyên</ModalClose>
          <button
            type="button"
            className={buttonDanger}
            disabled={change.isPending}
            onClick={() => save(false)}
          >
            Rút lại
          </button>
        </div>
      </ModalFrame>
    </li>
  );
}

function ConsentsSection() {
  const consents = useConsents();
  return (
    <PrivacySection id="privacy-consents" title="Các đồng ý của bạn">
      {consents.isPending ? (
        <p className="text-slate-600">Đang tải…</p>
      ) : consents.isError ? (
        <p role="alert">{errorMessage(consents.error, FAILED)}</p>
      ) : (
        <ul>
          {consents.data
            // A consent given by joining a feature (the rare-blood club) shows once it was given.
            .filter((c) => !CONSENT_TEXTS[c.purpose].givenInFeature || c.version !== null)
            .map((c) => (
              <ConsentItem key={c.purpose} consent={c} />
            ))}
        </ul>
      )}
    </PrivacySection>
  );
}

function ExportSection() {
  const exports = useExports();
  const request = useRequestExport();
  const download = useDownloadExport();
  const pending = exports.data?.some((e) => e.status === 'PENDING');
  return (
    <PrivacySection id="privacy-export" title="Tải dữ liệu của tôi">
      <p className="mb-3 text-slate-700">
        Nhận một tệp ZIP gồm bản tóm tắt dễ đọc và toàn bộ dữ liệu chúng tôi lưu về bạn: tài khoản, hồ sơ,
        thông tin và ảnh căn cước (nếu còn lưu), lịch hẹn, câu trả lời, kết quả, thông báo, các đồng ý và
        những lần cán bộ xem dữ liệu của bạn. Tệp được chuẩn bị trong nền; bạn sẽ nhận thông báo và email khi
        tệp sẵn sàng.
      </p>
      <button
        type="button"
        className={buttonPrimary}
        disabled={request.isPending || pending}
        onClick={() =>
          request.mutate(undefined, {
            onSuccess: (body) => toast.success(body.message),
            onError: (e) => toast.error(errorMessage(e, FAILED)),
          })
        }
      >
        Tải dữ liệu của tôi
      </button>
      {exports.data && exports.data.length > 0 && (
        <ul className="mt-4 space-y-2">
          {exports.data.map((e) => (
            <li key={e.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span>
                Yêu cầu lúc {formatVnDateTime(e.requestedAt)}:{' '}
                {e.status === 'PENDING'
                  ? 'đang chuẩn bị…'
                  : e.status === 'READY'
                    ? `sẵn sàng, tải được đến ngày ${formatVnDay(e.expiresAt)}`
                    : 'không tạo được tệp, vui lòng yêu cầu lại'}
              </span>
              {e.status === 'READY' && (
                <button
                  type="button"
                  className={buttonSecondary}
                  disabled={download.isPending}
                  onClick={() =>
                    download.mutate(e.id, { onError: (err) => toast.error(errorMessage(err, FAILED)) })
                  }
                >
                  Tải tệp ZIP
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </PrivacySection>
  );
}

function ViewsSection() {
  const views = useDataViews();
  return (
    <PrivacySection id="privacy-views" title="Ai đã xem dữ liệu của tôi">
      <p className="mb-3 text-sm text-slate-600">
        Mỗi lần cán bộ của Hội xem hoặc ghi dữ liệu của bạn đều được ghi lại. Vì lý do an toàn, chúng tôi chỉ
        hiển thị vai trò, không hiển thị tên cán bộ.
      </p>
      {views.isPending ? (
        <p className="text-slate-600">Đang tải…</p>
      ) : views.isError ? (
        <p role="alert">{errorMessage(views.error, FAILED)}</p>
      ) : views.data.length === 0 ? (
        <p className="text-slate-700">Chưa có cán bộ nào xem dữ liệu của bạn.</p>
      ) : (
        <ul className="space-y-2">
          {views.data.map((v, i) => (
            <li key={`${v.at}-${i}`} className="text-sm text-slate-800">
              <span className="font-medium">{formatVnDateTime(v.at)}</span>: {v.label} ({v.roleLabel})
            </li>
          ))}
        </ul>
      )}
    </PrivacySection>
  );
}

function DeletionDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const request = useRequestDeletion();
  const submit = () => {
    if (!password) {
      setError(DATA_RIGHTS_MESSAGES.passwordRequired);
      return;
    }
    request.mutate(password, {
      onSuccess: (body) => {
        onOpenChange(false);
        toast.success(body.message);
      },
      onError: (e) => setError(errorMessage(e, FAILED)),
    });
  };
  return (
    <ModalFrame
      open={open}
      onOpenChange={onOpenChange}
      title="Xóa tài khoản"
      description="Nhập mật khẩu để xác nhận. Chúng tôi sẽ gửi liên kết xác nhận tới email của bạn."
    >
      <ModalForm
        onSubmit={submit}
        footer={
          <>
            <ModalClose className={buttonSecondary}>Hủy</ModalClose>
            <button type="submit" className={buttonDanger} disabled={request.isPending}>
              Gửi yêu cầu xóa
            </button>
          </>
        }
      >
        <div>
          <label htmlFor="deletion-password" className="mb-1 block text-sm font-medium text-slate-700">
            Mật khẩu
          </label>
          <input
            id="deletion-password"
            type="password"
            autoComplete="current-password"
            className={inputClass}
            value={password}
            aria-invalid={!!error}
            aria-describedby={error ? 'deletion-password-error' : undefined}
            onChange={(e) => {
              setPassword(e.target.value);
              setError(null);
            }}
          />
          <FieldError id="deletion-password-error" message={error} />
        </div>
      </ModalForm>
    </ModalFrame>
  );
}

function DeletionSection() {
  const status = useDeletionStatus();
  const cancel = useCancelDeletion();
  const [open, setOpen] = useState(false);
  const state = status.data?.state;
  return (
    <PrivacySection id="privacy-deletion" title="Xóa tài khoản">
      <p className="mb-3 text-slate-700">
        Khi bạn xóa tài khoản, các lịch hẹn sắp tới được hủy ngay. Sau thời gian chờ, tài khoản, hồ sơ, thông
        tin và ảnh căn cước, câu trả lời phiếu sức khỏe, thông báo và phiên đăng nhập bị xóa vĩnh viễn; trong
        thời gian chờ bạn có thể hủy yêu cầu.
      </p>
      <h3 className="mb-1 font-medium text-slate-900">Dữ liệu được giữ lại theo quy định khác</h3>
      <ul className="mb-4 list-disc space-y-1 pl-5 text-sm text-slate-700">
        {RECORDS_KEPT_AFTER_ERASURE.map((r) => (
          <li key={r.what}>
            {r.what}. <span className="text-slate-600">Lý do: {r.reason}</span>
          </li>
        ))}
      </ul>
      {state === 'SCHEDULED' || state === 'AWAITING_CONFIRMATION' ? (
        <div role="status" className="rounded-lg bg-brand-50 p-3">
          <p className="mb-3 text-slate-900">
            {state === 'SCHEDULED'
              ? `Tài khoản của bạn sẽ bị xóa vào ngày ${formatVnDay(status.data?.eraseAfter)}.`
              : 'Đang chờ bạn xác nhận qua liên kết trong email.'}
          </p>
          <button
            type="button"
            className={buttonSecondary}
            disabled={cancel.isPending}
            onClick={() =>
              cancel.mutate(undefined, {
                onSuccess: (body) => toast.success(body.message),
                onError: (e) => toast.error(errorMessage(e, FAILED)),
              })
            }
          >
            Hủy yêu cầu xóa tài khoản
          </button>
        </div>
      ) : (
        <button
          type="button"
          className={buttonDanger}
          disabled={status.isPending}
          onClick={() => setOpen(true)}
        >
          Xóa tài khoản
        </button>
      )}
      <DeletionDialog open={open} onOpenChange={setOpen} />
    </PrivacySection>
  );
}

/**
 * /trang-ca-nhan#quyen-rieng-tu: consents, the rare-blood club (to those who may join), a copy of
 * the data, who saw it, deleting the account.
 */
export function PrivacyTab() {
  return (
    <div className="space-y-4">
      <ConsentsSection />
      <RareBloodCard />
      <ExportSection />
      <ViewsSection />
      <DeletionSection />
    </div>
  );
}
