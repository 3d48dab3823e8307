import { zodResolver } from '@hookform/resolvers/zod';
import {
  IDENTITY_DECISION_TEXTS as D,
  IDENTITY_FIELD_LABELS,
  IDENTITY_FIELDS,
  IDENTITY_REJECT_REASONS,
  ZIdentityApproveRequest,
  ZReasonRequest,
  type TIdentityApproveRequest,
  type TIdentityReview,
} from '@giot-hong/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { buttonPrimary, buttonSecondary } from '../../../components/ui/buttons';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes';
import { FORM_VALIDATION, contractResolver } from '../../../lib/contract-resolver';
import { consolePaths } from '../../../lib/paths';
import { Field, FieldError, fieldAria } from '../../../components/ui/field';
import { useApproveIdentity } from '../api/approve-identity';
import { identityReviewsQueryOptions } from '../api/get-identity-reviews';
import { useRejectIdentity } from '../api/reject-identity';
import { cardClass } from './console-ui';
import { inputClass } from '../../../components/ui/input-class';
import { approvalWarnings, needsConfirmation, type TApprovalWarnings } from '../lib/identity-approval';
import { vnToday } from '../../../lib/vn-time';
import { applyServerErrors, errorMessage } from '../../../lib/api-errors';

/** The radio button that reveals a free-text reason (not one of the catalogue's reasons). */

const OTHER_REASON = '__other__';
/** The reject form's inputs: a reason from the list, or one written out. */
type RejectValues = { choice: string; other: string };
const reasonOf = (v: RejectValues) => (v.choice === OTHER_REASON ? v.other : v.choice);
const rejectResolver = contractResolver<RejectValues>(
  [ZReasonRequest],
  (v) => ({ reason: reasonOf(v) }),
  () => 'choice',
);

/**
 * After a decision the next card of the queue opens (the queue asked again, without this one), or
 * the queue's page when none is left.
 */
function useOpenNext(current: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (unsaved: ReturnType<typeof useUnsavedChanges>) => {
    const queue = await queryClient.fetchQuery(identityReviewsQueryOptions()).catch(() => []);
    const next = queue.find((r) => r.extractId !== current);
    unsaved.leaveWithoutAsking(() =>
      navigate(next ? consolePaths.identityReview(next.extractId) : consolePaths.identityReviews),
    );
    toast.info(next ? D.nextOpened : D.queueEmpty);
  };
}

/**
 * The decision on an identity card: the fields read (corrected if needed) to approve, or a reason
 * to reject. Both ask first when needed and then open the next card of the queue; a reason chosen
 * or a field corrected and not sent is asked about before the page is left.
 */
export function IdentityDecision({ review }: { review: TIdentityReview }) {
  const id = useId();
  const approve = useApproveIdentity();
  const reject = useRejectIdentity();
  const openNext = useOpenNext(review.extractId);
  const value = (f: string) => review.fields.find((x) => x.field === f)?.value ?? '';
  const form = useForm<TIdentityApproveRequest>({
    resolver: zodResolver(ZIdentityApproveRequest),
    defaultValues: Object.fromEntries(IDENTITY_FIELDS.map((f) => [f, value(f)])) as TIdentityApproveRequest,
    ...FORM_VALIDATION,
  });
  const rejectForm = useForm<RejectValues>({
    resolver: rejectResolver,
    defaultValues: { choice: '', other: '' },
    ...FORM_VALIDATION,
  });
  const unsaved = useUnsavedChanges(form.formState.isDirty || rejectForm.formState.isDirty);
  const errors = form.formState.errors;
  const choice = useWatch({ control: rejectForm.control, name: 'choice' });
  const rejectError = rejectForm.formState.errors.choice?.message;
  // A decision waiting for its confirmation.
  const [confirmApprove, setConfirmApprove] = useState<{
    body: TIdentityApproveRequest;
    warnings: TApprovalWarnings;
  } | null>(null);
  const [confirmReject, setConfirmReject] = useState<string | null>(null);

  const doApprove = (body: TIdentityApproveRequest) =>
    approve.mutate(
      { id: review.extractId, body },
      {
        onSuccess: (r) => {
          toast.success(r.message);
          setConfirmApprove(null);
          void openNext(unsaved);
        },
        onError: (e) => {
          setConfirmApprove(null);
          applyServerErrors(e, form.setError, IDENTITY_FIELDS, {}, 'Không thể duyệt');
        },
      },
    );
  // Sides that disagree, or a card past its expiry: approved only after a confirmation that says so.
  const onApprove = form.handleSubmit((body) => {
    const warnings = approvalWarnings(review, body, vnToday());
    if (needsConfirmation(warnings)) setConfirmApprove({ body, warnings });
    else doApprove(body);
  });
  const onReject = rejectForm.handleSubmit((v) => setConfirmReject(reasonOf(v).trim()));
  const doReject = () => {
    if (!confirmReject) return;
    reject.mutate(
      { id: review.extractId, reason: confirmReject },
      {
        onSuccess: (r) => {
          toast.success(r.message);
          setConfirmReject(null);
          void openNext(unsaved);
        },
        onError: (err) => {
          setConfirmReject(null);
          rejectForm.setError('choice', { type: 'server', message: errorMessage(err) });
        },
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
              {approve.isPending ? 'Đang duyệt...' : D.approve}
            </button>
          </div>
        </form>
      </section>
      <section aria-labelledby={`${id}-reject`} className={cardClass}>
        <h2 id={`${id}-reject`} className="mb-3 text-lg font-semibold text-slate-900">
          Từ chối
        </h2>
        <form onSubmit={onReject} noValidate className="flex flex-col gap-3">
          <fieldset aria-describedby={rejectError ? `${id}-reason-error` : undefined}>
            <legend className="mb-1 text-sm font-medium text-slate-700">Lý do từ chối</legend>
            <div className="flex flex-col gap-1">
              {[...IDENTITY_REJECT_REASONS, OTHER_REASON].map((r) => (
                <label key={r} className="flex min-h-11 items-center gap-2 text-slate-900">
                  <input
                    type="radio"
                    value={r}
                    {...rejectForm.register('choice', { deps: ['other'] })}
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
                {...rejectForm.register('other', { deps: ['choice'] })}
                aria-describedby={rejectError ? `${id}-reason-error` : undefined}
                maxLength={500}
                className={inputClass}
              />
            </Field>
          )}
          <FieldError id={`${id}-reason-error`} message={rejectError} />
          <div>
            <button type="submit" className={buttonSecondary} disabled={reject.isPending}>
              {D.reject}
            </button>
          </div>
        </form>
      </section>
      <ConfirmDialog
        open={confirmApprove !== null}
        title={D.approveTitle}
        description={D.approveBody}
        confirmLabel={D.approve}
        pendingLabel="Đang duyệt..."
        pending={approve.isPending}
        onConfirm={() => confirmApprove && doApprove(confirmApprove.body)}
        onCancel={() => setConfirmApprove(null)}
      >
        {confirmApprove && (
          <ul className="flex list-disc flex-col gap-1 pl-5 text-slate-900" data-approval-warnings>
            {confirmApprove.warnings.disagreements.map((d) => (
              <li key={d.field}>{D.disagreement(d.field, d.front, d.back, d.saved)}</li>
            ))}
            {confirmApprove.warnings.expiredOn && (
              <li className="font-semibold text-brand-800">{D.expired(confirmApprove.warnings.expiredOn)}</li>
            )}
          </ul>
        )}
      </ConfirmDialog>
      <ConfirmDialog
        open={confirmReject !== null}
        title={D.rejectTitle(review.fullName ?? review.username)}
        description={confirmReject ? D.rejectBody(confirmReject) : null}
        confirmLabel={D.reject}
        pendingLabel="Đang từ chối..."
        pending={reject.isPending}
        tone="danger"
        onConfirm={doReject}
        onCancel={() => setConfirmReject(null)}
      />
    </div>
  );
}
