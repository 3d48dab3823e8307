import { zodResolver } from '@hookform/resolvers/zod';
import { ZAdminStaffInviteRequest, type TAdminStaffInviteRequest } from '@giot-hong/contract';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { buttonPrimary } from '../../../components/ui/buttons';
import { Field, fieldAria } from '../../../components/ui/field';
import { useInviteStaff } from '../api/invite-staff';
import { cardClass } from './console-ui';
import { inputClass } from '../../../components/ui/input-class';
import { ROLE_LABELS } from './staff-account-list';
import { applyServerErrors } from '../../../lib/api-errors';

/** Invite by e-mail: react-hook-form on the contract's schema; the server's 409 goes under its field. */
export function InviteStaffForm() {
  const id = useId();
  const invite = useInviteStaff();
  const form = useForm<TAdminStaffInviteRequest>({
    resolver: zodResolver(ZAdminStaffInviteRequest),
    defaultValues: { email: '', username: '', role: 'STAFF' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit((values) =>
    invite.mutate(values, {
      onSuccess: (r) => {
        toast.success(r.message);
        form.reset({ email: '', username: '', role: values.role });
      },
      onError: (err) => applyServerErrors(err, form.setError, ['email', 'username', 'role']),
    }),
  );
  return (
    <form
      onSubmit={submit}
      noValidate
      className={`${cardClass} grid gap-3 sm:grid-cols-[1fr_1fr_auto_auto] sm:items-start`}
      aria-label="Mời cán bộ"
    >
      <Field id={`${id}-email`} label="Email" error={errors.email?.message}>
        <input
          type="email"
          autoComplete="off"
          className={inputClass}
          {...fieldAria(`${id}-email`, errors.email?.message)}
          {...form.register('email')}
        />
      </Field>
      <Field id={`${id}-username`} label="Tên đăng nhập" error={errors.username?.message}>
        <input
          autoComplete="off"
          className={inputClass}
          {...fieldAria(`${id}-username`, errors.username?.message)}
          {...form.register('username')}
        />
      </Field>
      <Field id={`${id}-role`} label="Vai trò" error={errors.role?.message}>
        <select
          className={`${inputClass} min-h-11`}
          {...fieldAria(`${id}-role`, errors.role?.message)}
          {...form.register('role')}
        >
          {Object.entries(ROLE_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </Field>
      <button type="submit" className={`${buttonPrimary} sm:mt-6`} disabled={invite.isPending}>
        Gửi lời mời
      </button>
    </form>
  );
}
