import { zodResolver } from '@hookform/resolvers/zod';
import { ZRegisterForm } from '@giot-hong/contract';
import { ArrowLeft } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { useRegister } from '../api/register';
import { AuthCard } from '../components/auth-card';
import { PasswordField, TextField } from '../components/form-field';
import { PASSWORD_RULES_HINT } from '../components/password-rules-hint';
import { SubmitButton } from '../components/submit-button';
import { signupEmailStorage } from '../lib/recovery-storage';
import { applyServerFieldErrors, serverMessage } from '../lib/server-errors';
import { AUTH_TOASTS } from '../lib/texts';

/** /dang-ky: on success the e-mail is kept in local storage and /hoan-thanh-dang-ky follows. */
export function Component() {
  usePageTitle('Đăng ký');
  const navigate = useNavigate();
  const mutation = useRegister();
  const form = useForm({
    resolver: zodResolver(ZRegisterForm),
    defaultValues: { username: '', email: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const res = await mutation.mutateAsync(values);
      signupEmailStorage.set(values.email);
      toast.success(AUTH_TOASTS.registerSuccess, { description: res.data.message });
      navigate(paths.registerDone);
    } catch (error) {
      applyServerFieldErrors(error, form.setError, ['username', 'email', 'password']);
      toast.error(AUTH_TOASTS.genericError, { description: serverMessage(error) });
    }
  });

  return (
    <AuthCard
      title="Đăng Ký"
      description="Tạo tài khoản để đăng ký hiến máu và nhận thông báo về các sự kiện hiến máu."
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
        <TextField label="Tên đăng nhập" autoComplete="username" placeholder="Nhập tên đăng nhập" error={errors.username?.message} {...form.register('username')} />
        <TextField label="Email" type="email" autoComplete="email" inputMode="email" placeholder="ten@example.com" error={errors.email?.message} {...form.register('email')} />
        <PasswordField
          label="Mật khẩu"
          autoComplete="new-password"
          placeholder="Nhập mật khẩu"
          hint={PASSWORD_RULES_HINT}
          error={errors.password?.message}
          {...form.register('password')}
        />
        <PasswordField
          label="Xác nhận mật khẩu"
          autoComplete="new-password"
          placeholder="Nhập lại mật khẩu"
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <SubmitButton pending={mutation.isPending}>Đăng ký</SubmitButton>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        Đã có tài khoản?{' '}
        <Link to={paths.login} className="font-semibold text-brand-700 hover:underline">
          Đăng nhập
        </Link>
      </p>
    </AuthCard>
  );
}
