import { zodResolver } from '@hookform/resolvers/zod';
import { STAFF_INVITATION_MESSAGES, STAFF_ROLE_LABELS, ZResetPasswordForm } from '@giot-hong/contract';
import { UserRoundPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { LoadingView } from '../../../components/ui/loading-view';
import { errorMessage, placeFieldErrors } from '../../../lib/api-errors';
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { formatCampaignTime } from '../../../lib/vn-time';
import { useStaffInvitation } from '../api/get-staff-invitation';
import { useResetPassword } from '../api/reset-password';
import { AuthCard } from '../components/auth-card';
import { AuthForm } from '../components/auth-form';
import { NewPasswordFields } from '../components/form-field';
import { withGuessableCheck } from '../lib/guessable-password';
import { recoveryStorage } from '../lib/recovery-storage';
import { AUTH_TOASTS } from '../lib/texts';

/**
 * /chao-mung-can-bo: where a staff invitation's link lands. The person knows only the e-mail the
 * link came to: the page shows the username they will log in with, then takes their password.
 * The e-mail and token come in the URL fragment (never sent to a server) and leave the address bar.
 */
export function Component() {
  usePageTitle('Chào mừng cán bộ');
  const navigate = useNavigate();
  useState(() => recoveryStorage.takeFromLink());
  const email = recoveryStorage.email();
  const token = recoveryStorage.resetToken();
  const invitation = useStaffInvitation(token);
  const mutation = useResetPassword();
  const form = useForm({
    resolver: withGuessableCheck(zodResolver(ZResetPasswordForm), 'newPassword', () => ({
      email: email ?? undefined,
      username: invitation.data?.username,
    })),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    if (!email || !token || !invitation.data) return;
    try {
      await mutation.mutateAsync({ email, resetToken: token, ...values });
      recoveryStorage.finish();
      toast.success(STAFF_INVITATION_MESSAGES.passwordSet);
      // The login form opens with the username filled in.
      navigate(paths.login, { state: { username: invitation.data.username } });
    } catch (error) {
      placeFieldErrors(error, form.setError, ['newPassword', 'confirmPassword']);
      toast.error(AUTH_TOASTS.resetFailed, { description: errorMessage(error) });
    }
  });

  const icon = <UserRoundPlus aria-hidden className="size-7" />;
  if (token && invitation.isPending) return <LoadingView />;
  if (!token || !invitation.data)
    return (
      <AuthCard title="Chào mừng bạn đến với Giọt Hồng" icon={icon}>
        <p role="alert" className="text-center text-slate-800">
          {invitation.error ? errorMessage(invitation.error) : STAFF_INVITATION_MESSAGES.invalid}
        </p>
      </AuthCard>
    );
  const i = invitation.data;
  return (
    <AuthCard
      title="Chào mừng bạn đến với Giọt Hồng"
      icon={icon}
      description={
        <>
          Bạn được mời tham gia quản trị với vai trò {STAFF_ROLE_LABELS[i.role] ?? i.role}. Hãy đặt mật khẩu
          trước {formatCampaignTime(i.expiresAt)}.
        </>
      }
    >
      <dl className="mb-5 grid gap-2 rounded-xl bg-slate-50 p-4 text-slate-900">
        <div>
          <dt className="text-sm text-slate-700">Tên đăng nhập của bạn</dt>
          <dd className="text-lg font-semibold break-all" data-invited-username>
            {i.username}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-slate-700">E-mail</dt>
          <dd className="break-all">{i.email}</dd>
        </div>
      </dl>
      <AuthForm onSubmit={onSubmit} pending={mutation.isPending} submitLabel="Đặt mật khẩu">
        <NewPasswordFields form={form} password="newPassword" confirm="confirmPassword" variant="replace" />
      </AuthForm>
    </AuthCard>
  );
}
