import { zodResolver } from '@hookform/resolvers/zod';
import { ZForgotPasswordRequest } from '@giot-hong/contract';
import { ArrowLeft, KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { useForgotPassword } from '../api/forgot-password';
import { AuthCard } from '../components/auth-card';
import { TextField } from '../components/form-field';
import { SubmitButton } from '../components/submit-button';
import { recoveryStorage } from '../lib/recovery-storage';
import { serverMessage } from '../lib/server-errors';
import { AUTH_TOASTS } from '../lib/texts';

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
      toast.error(serverMessage(error) ?? AUTH_TOASTS.forgotFailed);
    }
  });

  return (
    <AuthCard
      title="Quên mật khẩu"
      icon={<KeyRound aria-hidden className="size-7" />}
      description="Nhập email bạn đã dùng để đăng ký. Chúng tôi sẽ gửi mã xác nhận gồm 6 chữ số đến email này."
      before={
        <button
          type="button"
          onClick={() => navigate(paths.login)}
          className="mb-2 inline-flex items-center gap-1 rounded-md px-1 py-1 text-sm font-medium text-slate-600 hover:text-brand-700"
        >
          <ArrowLeft aria-hidden className="size-4" /> Quay lại đăng nhập
        </button>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="ten@example.com"
          error={form.formState.errors.email?.message}
          {...form.register('email')}
        />
        <SubmitButton pending={mutation.isPending}>Gửi mã xác nhận</SubmitButton>
      </form>
    </AuthCard>
  );
}
