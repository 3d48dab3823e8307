import { zodResolver } from '@hookform/resolvers/zod';
import { ZForgotPasswordRequest } from '@giot-hong/contract';
import { KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { useForgotPassword } from '../api/forgot-password';
import { AuthCard, BackToLoginButton } from '../components/auth-card';
import { AuthForm } from '../components/auth-form';
import { EmailField } from '../components/form-field';
import { recoveryStorage } from '../lib/recovery-storage';
import { AUTH_TOASTS } from '../lib/texts';
import { requestMessage } from '../../../lib/api-errors';

/** /quen-mat-khau: step 1 of recovery (e-mail → code → new password → login). */
export function Component() {
  usePageTitle('Quên mật khẩu');
  const navigate = useNavigate();
  const mutation = useForgotPassword();
  const form = useForm({ resolver: zodResolver(ZForgotPasswordRequest), defaultValues: { email: '' } });

  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      const res = await mutation.mutateAsync(email);
      recoveryStorage.startRecovery(email);
      toast.success(AUTH_TOASTS.codeSent, { description: res.data.message });
      navigate(paths.otp);
    } catch (error) {
      toast.error(requestMessage(error) ?? AUTH_TOASTS.forgotFailed);
    }
  });

  return (
    <AuthCard
      title="Quên mật khẩu"
      icon={<KeyRound aria-hidden className="size-7" />}
      description="Nhập email bạn đã dùng để đăng ký. Chúng tôi sẽ gửi mã xác nhận gồm 6 chữ số đến email này."
      before={<BackToLoginButton />}
    >
      <AuthForm onSubmit={onSubmit} pending={mutation.isPending} submitLabel="Gửi mã xác nhận">
        <EmailField error={form.formState.errors.email?.message} {...form.register('email')} />
      </AuthForm>
    </AuthCard>
  );
}
