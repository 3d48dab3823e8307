import { zodResolver } from '@hookform/resolvers/zod';
import { ZResetPasswordForm } from '@giot-hong/contract';
import { LockKeyhole } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { useResetPassword } from '../api/reset-password';
import { AuthCard } from '../components/auth-card';
import { PasswordField } from '../components/form-field';
import { PASSWORD_RULES_HINT } from '../components/password-rules-hint';
import { SubmitButton } from '../components/submit-button';
import { recoveryStorage } from '../lib/recovery-storage';
import { applyServerFieldErrors, serverMessage } from '../lib/server-errors';
import { AUTH_TOASTS } from '../lib/texts';

/** /thay-doi-mat-khau: the new password, with the e-mail and reset token from the code page. */
export function Component() {
  usePageTitle('Đặt lại mật khẩu');
  const navigate = useNavigate();
  const email = recoveryStorage.email();
  const resetToken = recoveryStorage.resetToken();
  const mutation = useResetPassword();
  const form = useForm({ resolver: zodResolver(ZResetPasswordForm), defaultValues: { newPassword: '', confirmPassword: '' } });
  const { errors } = form.formState;

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
      applyServerFieldErrors(error, form.setError, ['newPassword', 'confirmPassword']);
      toast.error(AUTH_TOASTS.resetFailed, { description: serverMessage(error) });
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
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <PasswordField
          label="Mật khẩu mới"
          autoComplete="new-password"
          placeholder="Nhập mật khẩu mới"
          hint={PASSWORD_RULES_HINT}
          error={errors.newPassword?.message}
          {...form.register('newPassword')}
        />
        <PasswordField
          label="Xác nhận mật khẩu mới"
          autoComplete="new-password"
          placeholder="Nhập lại mật khẩu mới"
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <SubmitButton pending={mutation.isPending}>Đặt lại mật khẩu</SubmitButton>
      </form>
    </AuthCard>
  );
}
