import { zodResolver } from '@hookform/resolvers/zod';
import { ZResetPasswordForm } from '@giot-hong/contract';
import { LockKeyhole } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { useResetPassword } from '../api/reset-password';
import { AuthCard } from '../components/auth-card';
import { AuthForm } from '../components/auth-form';
import { NewPasswordFields } from '../components/form-field';
import { withGuessableCheck } from '../lib/guessable-password';
import { recoveryStorage } from '../lib/recovery-storage';
import { AUTH_TOASTS } from '../lib/texts';
import { placeFieldErrors, requestMessage } from '../../../lib/api-errors';

/** /thay-doi-mat-khau: the new password, with the e-mail and reset token from the code page. */
export function Component() {
  usePageTitle('Đặt lại mật khẩu');
  const navigate = useNavigate();
  // Before reading storage: an invitation's link brings its own e-mail and token.
  useState(() => recoveryStorage.takeFromLink());
  const email = recoveryStorage.email();
  const resetToken = recoveryStorage.resetToken();
  const mutation = useResetPassword();
  const form = useForm({
    resolver: withGuessableCheck(zodResolver(ZResetPasswordForm), 'newPassword', () => ({
      email: email ?? undefined,
    })),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    if (!email || !resetToken) {
      toast.error(AUTH_TOASTS.missingResetToken);
      return;
    }
    try {
      const res = await mutation.mutateAsync({ email, resetToken, ...values });
      recoveryStorage.finish();
      toast.success(AUTH_TOASTS.resetSuccess, { description: res.data.message });
      navigate(paths.login);
    } catch (error) {
      placeFieldErrors(error, form.setError, ['newPassword', 'confirmPassword']);
      toast.error(AUTH_TOASTS.resetFailed, { description: requestMessage(error) });
    }
  });

  return (
    <AuthCard
      title="Đặt lại mật khẩu"
      icon={<LockKeyhole aria-hidden className="size-7" />}
      description={
        email && resetToken ? (
          <>
            Tạo mật khẩu mới cho tài khoản <strong className="break-all">{email}</strong>.
          </>
        ) : (
          <>
            {AUTH_TOASTS.missingResetToken}{' '}
            <Link to={paths.forgotPassword} className="font-semibold text-brand-700 underline">
              Quên mật khẩu
            </Link>
          </>
        )
      }
    >
      <AuthForm onSubmit={onSubmit} pending={mutation.isPending} submitLabel="Đặt lại mật khẩu">
        <NewPasswordFields form={form} password="newPassword" confirm="confirmPassword" variant="replace" />
      </AuthForm>
    </AuthCard>
  );
}
