import { zodResolver } from '@hookform/resolvers/zod';
import {
  IDENTITY_FIELD_LABELS,
  IDENTITY_FIELDS,
  IDENTITY_REJECT_REASONS,
  IDENTITY_REVIEW_MESSAGES,
  ZIdentityApproveRequest,
  reviewOutcomeStaffLabel,
  type TIdentityApproveRequest,
  type TIdentityReview,
} from '@giot-hong/contract';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { buttonDanger, buttonPrimary, buttonSecondary } from '../../../components/ui/buttons';
import { LoadingView } from '../../../components/ui/loading-view';
import { ApiError } from '../../../lib/api-client';
import { consolePaths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMe } from '../../auth/api/get-me';
import { Field, fieldAria } from '../../../components/ui/field';
import {
  useApproveIdentity,
  useIdentityReview,
  useRejectIdentity,
  useRevokeOther,
} from '../api/identity-admin';
import { ConsoleErrorView } from '../components/console-error-view';
import { cardClass, inputClass, PageHeading } from '../components/console-ui';
import { IdPhotoViewer } from '../components/id-photo-viewer';
import { formatShortTime } from '../lib/console-format';
import { applyServerErrors } from '../../../lib/server-errors';

const OTHER_REASON = '__other__';

/** /quan-tri/xac-thuc/:extractId: the photos beside the fields read; approve (corrected) or reject. */
export function Component() {
  usePageTitle('Duyệt căn cước');
  const { extractId = '' } = useParams();
  const review = useIdentityReview(extractId);
  if (review.isPending) return <LoadingView />;
  if (review.isError) return <ConsoleErrorView onRetry={() => review.refetch()} />;
  return <ReviewPage review={review.data} />;
}

function ReviewPage({ review }: { review: TIdentityReview }) {
  const title = review.fullName ?? review.username;
  const reasons = [
    review.disagreements.length > 0 &&
      `Hai mặt không khớp: ${review.disagreements.map((f) => IDENTITY_FIELD_LABELS[f as keyof typeof IDENTITY_FIELD_LABELS] ?? f).join(', ')}`,
    review.unsure.length > 0 &&
      `Đọc chưa chắc chắn: ${review.unsure.map((f) => IDENTITY_FIELD_LABELS[f as keyof typeof IDENTITY_FIELD_LABELS] ?? f).join(', ')}`,
  ].filter(Boolean);
  return (
    <>
      <p className="mb-2">
        <Link to={consolePaths.identityReviews} className="font-medium text-brand-700 underline">
          ← Hồ sơ chờ duyệt
        </Link>
      </p>
      <PageHeading
        title={`Duyệt căn cước: ${title}`}
        sub={
          <>
            Tài khoản {review.username} · {review.account.email}
            {review.account.mobile ? ` · ${review.account.mobile}` : ''} · Chờ từ{' '}
            {formatShortTime(review.waitingSince)}
          </>
        }
      />
      {reasons.length > 0 && (
        <ul className="mb-4 rounded-lg bg-amber-50 p-3 text-amber-900">
          {reasons.map((r) => (
            <li key={String(r)}>{r}</li>
          ))}
        </ul>
      )}
      {review.holder && <HolderPanel review={review} />}
      {review.reviewed ? (
        <p className={`${cardClass} mb-4`}>
          Hồ sơ này đã được xử lý ({reviewOutcomeStaffLabel(review.reviewed.outcome)}
          {review.reviewed.reason ? `: ${review.reviewed.reason}` : ''}).
        </p>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-2">
        <section aria-label="Ảnh căn cước" className={`${cardClass} flex flex-col gap-4`}>
          <IdPhotoViewer extractId={review.extractId} side="front" available={review.images.front} />
          <IdPhotoViewer extractId={review.extractId} side="back" available={review.images.back} />
        </section>
        {!review.reviewed && <Decision review={review} />}
      </div>
    </>
  );
}

/** A dispute: the account already verified with this number (masked); an ADMIN can revoke it. */
function HolderPanel({ review }: { review: TIdentityReview }) {
  const me = useMe();
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const revoke = useRevokeOther();
  const h = review.holder!;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) return setError(IDENTITY_REVIEW_MESSAGES.reasonRequired);
    setError(null);
    revoke.mutate(
      { id: review.extractId, reason: reason.trim() },
      {
        onSuccess: (r) => toast.success(r.message),
        onError: (err) => setError(err instanceof ApiError ? err.message : 'Đã có lỗi xảy ra'),
      },
    );
  };
  return (
    <section aria-labelledby={`${id}-h`} className="mb-4 rounded-xl border border-amber-300 bg-amber-50 p-4">
      <h2 id={`${id}-h`} className="font-semibold text-amber-950">
        Số căn cước này đã được xác thực cho tài khoản khác
      </h2>
      <p className="text-amber-950">
        {h.username} · {h.email} · {h.fullName ?? ''}
        {h.verifiedAt ? ` · xác thực lúc ${formatShortTime(h.verifiedAt)}` : ''}
      </p>
      {me.data?.role === 'ADMIN' ? (
        <form onSubmit={submit} noValidate className="mt-3 flex flex-col gap-2">
          <Field id={`${id}-reason`} label="Lý do thu hồi xác thực của tài khoản kia" error={error} required>
            <input
              {...fieldAria(`${id}-reason`, error, true)}
              value={reason}
              maxLength={500}
              onChange={(e) => setReason(e.target.value)}
              className={inputClass}
            />
          </Field>
          <div>
            <button type="submit" className={buttonDanger} disabled={revoke.isPending}>
              Thu hồi xác thực của tài khoản kia
            </button>
          </div>
        </form>
      ) : (
        <p className="mt-2 text-sm text-amber-950">Chỉ quản trị viên mới có thể thu hồi xác thực.</p>
      )}
    </section>
  );
}

function Decision({ review }: { review: TIdentityReview }) {
  const id = useId();
  const navigate = useNavigate();
  const approve = useApproveIdentity();
  const reject = useRejectIdentity();
  const value = (f: string) => review.fields.find((x) => x.field === f)?.value ?? '';
  const form = useForm<TIdentityApproveRequest>({
    resolver: zodResolver(ZIdentityApproveRequest),
    defaultValues: Object.fromEntries(IDENTITY_FIELDS.map((f) => [f, value(f)])) as TIdentityApproveRequest,
  });
  const errors = form.formState.errors;
  const onApprove = form.handleSubmit((body) =>
    approve.mutate(
      { id: review.extractId, body },
      {
        onSuccess: (r) => {
          toast.success(r.message);
          navigate(consolePaths.identityReviews);
        },
        onError: (e) => applyServerErrors(e, form.setError, IDENTITY_FIELDS),
      },
    ),
  );

  const [choice, setChoice] = useState<string>('');
  const [otherText, setOtherText] = useState('');
  const [rejectError, setRejectError] = useState<string | null>(null);
  const onReject = (e: React.FormEvent) => {
    e.preventDefault();
    const reason = (choice === OTHER_REASON ? otherText : choice).trim();
    if (!reason) return setRejectError(IDENTITY_REVIEW_MESSAGES.reasonRequired);
    setRejectError(null);
    reject.mutate(
      { id: review.extractId, reason },
      {
        onSuccess: (r) => {
          toast.success(r.message);
          navigate(consolePaths.identityReviews);
        },
        onError: (err) => setRejectError(err instanceof ApiError ? err.message : 'Đã có lỗi xảy ra'),
      },
    );
  };

  return (
    <div className="flex flex-col gap-4">
      <section aria-labelledby={`${id}-approve`} className={cardClass}>
        <h2 id={`${id}-approve`} className="mb-3 text-lg font-semibold text-slate-900">
          Thông tin đã đọc (sửa nếu cần)
        </h2>
        <form onSubmit={onApprove} noValidate className="grid gap-3 sm:grid-cols-2">
          {IDENTITY_FIELDS.map((f) => {
            const meta = review.fields.find((x) => x.field === f);
            const error = errors[f]?.message;
            const hint = [
              meta?.confidence != null
                ? `Độ tin cậy ${Math.round(meta.confidence * 100)}%`
                : 'Không đọc được',
              meta?.other ? `mặt sau: ${meta.other}` : null,
            ]
              .filter(Boolean)
              .join(' · ');
            const required = ['card_id', 'name', 'dob', 'sex'].includes(f);
            return (
              <Field
                key={f}
                id={`${id}-${f}`}
                label={IDENTITY_FIELD_LABELS[f]}
                error={error}
                hint={hint}
                required={required}
              >
                <input
                  {...fieldAria(`${id}-${f}`, error, required)}
                  {...form.register(f)}
                  className={inputClass}
                  autoComplete="off"
                />
              </Field>
            );
          })}
          <div className="sm:col-span-2">
            <button type="submit" className={buttonPrimary} disabled={approve.isPending}>
              {approve.isPending ? 'Đang duyệt...' : 'Duyệt và xác thực'}
            </button>
          </div>
        </form>
      </section>
      <section aria-labelledby={`${id}-reject`} className={cardClass}>
        <h2 id={`${id}-reject`} className="mb-3 text-lg font-semibold text-slate-900">
          Từ chối
        </h2>
        <form onSubmit={onReject} noValidate className="flex flex-col gap-3">
          <fieldset>
            <legend className="mb-1 text-sm font-medium text-slate-700">Lý do từ chối</legend>
            <div className="flex flex-col gap-1">
              {[...IDENTITY_REJECT_REASONS, OTHER_REASON].map((r) => (
                <label key={r} className="flex min-h-11 items-center gap-2 text-slate-900">
                  <input
                    type="radio"
                    name={`${id}-reason`}
                    value={r}
                    checked={choice === r}
                    onChange={() => setChoice(r)}
                    className="size-5"
                  />
                  {r === OTHER_REASON ? 'Lý do khác' : r}
                </label>
              ))}
            </div>
          </fieldset>
          {choice === OTHER_REASON && (
            <Field id={`${id}-other`} label="Lý do khác" required>
              <input
                {...fieldAria(`${id}-other`, null, true)}
                value={otherText}
                maxLength={500}
                onChange={(e) => setOtherText(e.target.value)}
                className={inputClass}
              />
            </Field>
          )}
          {rejectError && (
            <p role="alert" className="text-sm text-brand-700">
              {rejectError}
            </p>
          )}
          <div>
            <button type="submit" className={buttonSecondary} disabled={reject.isPending}>
              Từ chối và báo cho người hiến máu
            </button>
          </div>
        </form>
      </section>
    </div>
  );
}
