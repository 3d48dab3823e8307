import { zodResolver } from '@hookform/resolvers/zod';
import { ErrorCode, ZLoginRequest, type TLoginChallenge, type TLoginTokens } from '@giot-hong/contract';
import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { authStore, useIsLoggedIn } from '../../../lib/auth-store';
import { consoleRoot, paths, withQuery } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { getMe, isStaffRole } from '../api/get-me';
import { useLogin } from '../api/login';
import { AuthCard } from '../components/auth-card';
import { AuthForm } from '../components/auth-form';
import { EnrolmentStep } from '../components/enrolment-step';
import { RecoveryCodesStep } from '../components/recovery-codes-step';
import { SecondFactorStep } from '../components/second-factor-step';
import { PasswordField, UsernameField } from '../components/form-field';
import { SECONDARY_BUTTON } from '../components/submit-button';
import { safeRedirect } from '../lib/safe-redirect';
import { AUTH_TOASTS } from '../lib/texts';
import { errorCode, requestMessage } from '../../../lib/api-errors';

/**
 * Where the login stands. Staff accounts do not get tokens for their password alone: a challenge
 * leads to the code step, or the first time to the enrolment, whose recovery codes are shown
 * before the tokens are stored (storing them navigates away).
 */
type Step =
  | { kind: 'password' }
  | { kind: 'second-factor'; username: string; challenge: TLoginChallenge }
  | { kind: 'recovery-codes'; username: string; codes: string[]; tokens: TLoginTokens };

/**
 * /dang-nhap. A logged-in visitor is sent on at once; after a successful login the same rule
 * moves on to the `redirect` query (or /), so there is exactly one navigation either way.
 */
export function Component() {
  usePageTitle('Đăng nhập');
  const loggedIn = useIsLoggedIn();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const redirect = safeRedirect(params.get('redirect'));
  // Without a `redirect`, staff land on the console and donors on the home page.
  const [landing, setLanding] = useState<string>(paths.home);
  const target = redirect ?? landing;
  const mutation = useLogin();
  const [unverified, setUnverified] = useState(false);
  const form = useForm({
    resolver: zodResolver(ZLoginRequest),
    // A staff member who has just set a password arrives with their username (staff welcome page).
    defaultValues: {
      username: (location.state as { username?: string } | null)?.username ?? '',
      password: '',
    },
  });
  const { errors } = form.formState;
  const [step, setStep] = useState<Step>({ kind: 'password' });

  /** Stores the tokens; the logged-in flag flips and the render below navigates on. */
  const finish = useCallback(
    async (tokens: TLoginTokens) => {
      if (!redirect) {
        const me = await getMe({ token: tokens.accessToken }).catch(() => null);
        if (me && isStaffRole(me.role)) setLanding(consoleRoot);
      }
      // Logging in clears all local storage, then stores both tokens.
      authStore.login(tokens);
    },
    [redirect],
  );
  const restart = useCallback(
    (reason?: string) => {
      if (reason) toast.error(AUTH_TOASTS.genericError, { description: reason });
      form.setValue('password', '');
      setStep({ kind: 'password' });
    },
    [form],
  );

  if (loggedIn) return <Navigate to={target} replace />;

  const onSubmit = form.handleSubmit(async (values) => {
    setUnverified(false);
    try {
      const res = await mutation.mutateAsync(values);
      if ('secondFactor' in res.data) {
        setStep({ kind: 'second-factor', username: values.username, challenge: res.data.secondFactor });
        return;
      }
      await finish({ accessToken: res.data.accessToken, refreshToken: res.data.refreshToken });
    } catch (error) {
      if (errorCode(error) === ErrorCode.EMAIL_NOT_VERIFIED) setUnverified(true);
      toast.error(AUTH_TOASTS.genericError, { description: requestMessage(error) });
    }
  });

  if (step.kind === 'second-factor' && step.challenge.next === 'code')
    return (
      <SecondFactorStep
        challenge={step.challenge.challenge}
        username={step.username}
        onDone={(tokens) => void finish(tokens)}
        onRestart={restart}
      />
    );
  if (step.kind === 'second-factor')
    return (
      <EnrolmentStep
        challenge={step.challenge.challenge}
        username={step.username}
        onEnrolled={({ tokens, recoveryCodes }) =>
          setStep({ kind: 'recovery-codes', username: step.username, codes: recoveryCodes, tokens })
        }
        onRestart={restart}
      />
    );
  if (step.kind === 'recovery-codes')
    return (
      <RecoveryCodesStep
        username={step.username}
        codes={step.codes}
        onContinue={() => void finish(step.tokens)}
      />
    );

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
          {/* The checkbox is shown, but no call uses its value. */}
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
