import { zodResolver } from '@hookform/resolvers/zod';
import { ErrorCode, ZLoginRequest } from '@giot-hong/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { ApiError } from '../../../lib/api-client';
import { authStore, useIsLoggedIn } from '../../../lib/auth-store';
import { consoleRoot, paths, withQuery } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { getMe, isStaffRole } from '../api/get-me';
import { useLogin } from '../api/login';
import { AuthCard } from '../components/auth-card';
import { AuthForm } from '../components/auth-form';
import { PasswordField, UsernameField } from '../components/form-field';
import { SECONDARY_BUTTON } from '../components/submit-button';
import { safeRedirect } from '../lib/safe-redirect';
import { serverMessage } from '../lib/server-errors';
import { AUTH_TOASTS } from '../lib/texts';

/**
 * /dang-nhap. A logged-in visitor is sent on at once; after a successful login the same rule
 * moves on to the `redirect` query (or /), so there is exactly one navigation either way.
 */
export function Component() {
  usePageTitle('Đăng nhập');
  const loggedIn = useIsLoggedIn();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const redirect = safeRedirect(params.get('redirect'));
  // Without a `redirect`, staff land on the console and donors on the home page.
  const [landing, setLanding] = useState<string>(paths.home);
  const target = redirect ?? landing;
  const mutation = useLogin();
  const [unverified, setUnverified] = useState(false);
  const form = useForm({
    resolver: zodResolver(ZLoginRequest),
    defaultValues: { username: '', password: '' },
  });
  const { errors } = form.formState;

  if (loggedIn) return <Navigate to={target} replace />;

  const onSubmit = form.handleSubmit(async (values) => {
    setUnverified(false);
    try {
      const res = await mutation.mutateAsync(values);
      if (!redirect) {
        const me = await getMe({ token: res.accessToken }).catch(() => null);
        if (me && isStaffRole(me.role)) setLanding(consoleRoot);
      }
      // Section 4: clear all local storage, then store both tokens; the flag flips and the
      // render above navigates on.
      authStore.login({ accessToken: res.accessToken, refreshToken: res.refreshToken });
    } catch (error) {
      if (error instanceof ApiError && error.code === ErrorCode.EMAIL_NOT_VERIFIED) setUnverified(true);
      toast.error(AUTH_TOASTS.genericError, { description: serverMessage(error) });
    }
  });

  return (
    <AuthCard
      title="Đăng Nhập"
      description="Chào mừng bạn quay trở lại! Đăng nhập để đăng ký hiến máu và theo dõi lịch hẹn của bạn."
    >
      <AuthForm onSubmit={onSubmit} pending={mutation.isPending} submitLabel="Đăng nhập">
        <UsernameField error={errors.username?.message} {...form.register('username')} />
        <PasswordField
          label="Mật khẩu"
          autoComplete="current-password"
          placeholder="Nhập mật khẩu"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          {/* Spec: the checkbox exists but no call uses its value. */}
          <label className="flex items-center gap-2 text-slate-700">
            <input type="checkbox" name="remember" className="size-4 accent-brand-600" />
            Ghi nhớ đăng nhập
          </label>
          <Link to={paths.forgotPassword} className="font-medium text-brand-700 hover:underline">
            Quên mật khẩu?
          </Link>
        </div>
        {unverified && (
          <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            Chưa nhận được email xác thực?{' '}
            <Link
              to={withQuery(paths.verification, { status: 'failed' })}
              className="font-semibold underline"
            >
              Gửi lại email xác thực
            </Link>
          </p>
        )}
      </AuthForm>
      <div className="mt-6 border-t border-slate-100 pt-5 text-center text-sm text-slate-600">
        <p className="mb-3">Chưa có tài khoản?</p>
        <button type="button" className={SECONDARY_BUTTON} onClick={() => navigate(paths.register)}>
          Đăng ký ngay
        </button>
      </div>
    </AuthCard>
  );
}
