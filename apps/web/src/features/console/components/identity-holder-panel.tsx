import { zodResolver } from '@hookform/resolvers/zod';
import { ZReasonRequest, type TIdentityReview, type TReasonRequest } from '@giot-hong/contract';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { buttonDanger } from '../../../components/ui/buttons';
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes';
import { FORM_VALIDATION } from '../../../lib/contract-resolver';
import { useMe } from '../../auth/api/get-me';
import { Field, fieldAria } from '../../../components/ui/field';
import { useRevokeOther } from '../api/revoke-other-identity';
import { inputClass } from '../../../components/ui/input-class';
import { formatShortTime } from '../lib/console-format';
import { applyServerErrors } from '../../../lib/api-errors';

/** A dispute: the account already verified with this number (masked); an ADMIN can revoke it. */
export function HolderPanel({ review }: { review: TIdentityReview }) {
  const me = useMe();
  const id = useId();
  const revoke = useRevokeOther();
  const form = useForm<TReasonRequest>({
    resolver: zodResolver(ZReasonRequest),
    defaultValues: { reason: '' },
    ...FORM_VALIDATION,
  });
  const error = form.formState.errors.reason?.message;
  useUnsavedChanges(form.formState.isDirty);
  const h = review.holder!;
  const submit = form.handleSubmit(({ reason }) =>
    revoke.mutate(
      { id: review.extractId, reason },
      {
        onSuccess: (r) => toast.success(r.message),
        onError: (err) => applyServerErrors(err, form.setError, ['reason'], {}, 'Không thể thu hồi'),
      },
    ),
  );
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
              {...form.register('reason')}
              maxLength={500}
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
