import { zodResolver } from '@hookform/resolvers/zod';
import { ZRegisterForm } from '@giot-hong/contract';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { useRegister } from '../api/register';
import { AuthCard, BackToLoginButton } from '../components/auth-card';
import { AuthForm } from '../components/auth-form';
import { EmailField, NewPasswordFields, UsernameField } from '../components/form-field';
import { withGuessableCheck } from '../lib/guessable-password';
import { signupEmailStorage } from '../lib/recovery-storage';
import { AUTH_TOASTS } from '../lib/texts';
import { placeFieldErrors, requestMessage } from '../../../lib/api-errors';

/** /dang-ky: on success the e-mail is kept in local storage and /hoan-thanh-dang-ky follows. */
export function Component() {
  usePageTitle('Đăng ký');
  const navigate = useNavigate();
  const mutation = useRegister();
  const form = useForm({
    resolver: withGuessableCheck(zodResolver(ZRegisterForm), 'password', (v) => v),
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
      placeFieldErrors(error, form.setError, ['username', 'email', 'password']);
      toast.error(AUTH_TOASTS.genericError, { description: requestMessage(error) });
    }
  });

  return (
    <AuthCard
      title="Đăng Ký"
      description="Tạo tài khoản để đăng ký hiến máu và nhận thông báo về các sự kiện hiến máu."
      before={<BackToLoginButton />}
    >
      <AuthForm onSubmit={onSubmit} pending={mutation.isPending} submitLabel="Đăng ký">
        <UsernameField error={errors.username?.message} {...form.register('username')} />
        <EmailField error={errors.email?.message} {...form.register('email')} />
        <NewPasswordFields form={form} password="password" confirm="confirmPassword" variant="signup" />
      </AuthForm>
      {/* Signing up records the consent to the terms of use (ADR 20): the form says so. */}
      <p className="mt-4 text-center text-sm text-slate-600">
        Khi đăng ký, bạn đồng ý với{' '}
        <Link to={paths.terms} className="font-semibold text-brand-700 hover:underline">
          Điều khoản sử dụng và Chính sách bảo mật
        </Link>
        .
      </p>
      <p className="mt-6 text-center text-sm text-slate-600">
        Đã có tài khoản?{' '}
        <Link to={paths.login} className="font-semibold text-brand-700 hover:underline">
          Đăng nhập
        </Link>
      </p>
    </AuthCard>
  );
}
