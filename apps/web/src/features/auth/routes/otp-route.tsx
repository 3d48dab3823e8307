import { zodResolver } from '@hookform/resolvers/zod';
import { AUTH_LIMITS, ZOtpForm } from '@giot-hong/contract';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { useResendVerification } from '../api/resend-verification';
import { useVerifyOtp } from '../api/verify-otp';
import { AuthCard } from '../components/auth-card';
import { AuthForm } from '../components/auth-form';
import { TextField } from '../components/form-field';
import { PROCESSING, SECONDARY_BUTTON } from '../components/submit-button';
import { formatCountdown, useCountdown } from '../lib/countdown';
import { recoveryStorage } from '../lib/recovery-storage';
import { AUTH_TOASTS } from '../lib/texts';
import { requestMessage } from '../../../lib/api-errors';

/** /xac-thuc-otp: the 6-digit code; resending waits out a 300 s countdown shown as m:ss. */
export function Component() {
  usePageTitle('Xác thực OTP');
  const navigate = useNavigate();
  const email = recoveryStorage.email();
  const [initialSentAt] = useState(recoveryStorage.codeSentAt);
  const { secondsLeft, restart } = useCountdown(initialSentAt, AUTH_LIMITS.otpResendSeconds);
  const verify = useVerifyOtp();
  // The resend-verification call also resends the code of an open recovery.
  const resend = useResendVerification();
  const form = useForm({ resolver: zodResolver(ZOtpForm), defaultValues: { otp: '' } });

  const onSubmit = form.handleSubmit(async ({ otp }) => {
    if (!email) {
      toast.error(AUTH_TOASTS.missingRecoveryEmail);
      return;
    }
    try {
      const res = await verify.mutateAsync({ email, otp });
      recoveryStorage.setResetToken(res.data.resetToken);
      navigate(paths.resetPassword);
    } catch (error) {
      toast.error(AUTH_TOASTS.genericError, { description: requestMessage(error) });
    }
  });

  async function onResend() {
    if (!email) {
      toast.error(AUTH_TOASTS.missingRecoveryEmail);
      return;
    }
    try {
      const res = await resend.mutateAsync(email);
      const now = Date.now();
      recoveryStorage.codeResent(now);
      restart(now);
      form.reset({ otp: '' });
      toast.success(AUTH_TOASTS.codeSent, { description: res.data.message });
    } catch (error) {
      toast.error(AUTH_TOASTS.genericError, { description: requestMessage(error) });
    }
  }

  const waiting = secondsLeft > 0;
  return (
    <AuthCard
      title="Xác thực OTP"
      icon={<ShieldCheck aria-hidden className="size-7" />}
      description={
        email ? (
          <>
            Nhập mã gồm 6 chữ số đã được gửi đến <strong className="break-all">{email}</strong>. Mã có hiệu
            lực trong 10 phút.
          </>
        ) : (
          <>
            {AUTH_TOASTS.missingRecoveryEmail}.{' '}
            <Link to={paths.forgotPassword} className="font-semibold text-brand-700 underline">
              Nhập lại email
            </Link>
          </>
        )
      }
    >
      <AuthForm onSubmit={onSubmit} pending={verify.isPending} submitLabel="Xác nhận">
        <TextField
          label="Mã OTP"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="••••••"
          className="[&_input]:text-center [&_input]:font-mono [&_input]:text-2xl [&_input]:tracking-[0.5em]"
          error={form.formState.errors.otp?.message}
          {...form.register('otp')}
        />
      </AuthForm>
      <div className="mt-4">
        <button
          type="button"
          className={SECONDARY_BUTTON}
          disabled={waiting || resend.isPending}
          onClick={onResend}
        >
          {resend.isPending
            ? PROCESSING
            : waiting
              ? `Gửi lại mã sau ${formatCountdown(secondsLeft)}`
              : 'Gửi lại mã'}
        </button>
        {waiting && (
          <p className="sr-only" aria-live="off">
            Bạn có thể yêu cầu mã mới sau 5 phút kể từ lần gửi trước.
          </p>
        )}
      </div>
      <p className="mt-5 text-center text-sm">
        <Link to={paths.login} className="font-medium text-brand-700 hover:underline">
          Quay lại đăng nhập
        </Link>
      </p>
    </AuthCard>
  );
}
