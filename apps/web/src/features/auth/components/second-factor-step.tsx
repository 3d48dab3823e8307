import { zodResolver } from '@hookform/resolvers/zod';
import { ErrorCode, ZRecoveryCodeForm, ZTotpCodeForm, type TLoginTokens } from '@giot-hong/contract';
import { ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { useVerifySecondFactor } from '../api/verify-second-factor';
import { AuthCard } from './auth-card';
import { AuthForm } from './auth-form';
import { TextField } from './form-field';
import { SECONDARY_BUTTON } from './submit-button';
import { AUTH_TOASTS } from '../lib/texts';
import { errorCode, errorMessage, placeFieldErrors, requestMessage } from '../../../lib/api-errors';

/** The look of the 6-digit inputs (the code page's too): large, spaced, centred digits. */
export const CODE_INPUT_CLASS =
  '[&_input]:text-center [&_input]:font-mono [&_input]:text-2xl [&_input]:tracking-[0.5em]';

type Props = {
  challenge: string;
  username: string;
  /** The login's tokens: the page stores them and moves on. */
  onDone: (tokens: TLoginTokens) => void;
  /** Back to the password (the challenge expired, or the person asks). */
  onRestart: (reason?: string) => void;
};

/**
 * Staff login, step 2: the 6-digit code of the authenticator app, or one of the recovery codes
 * ('Dùng mã khôi phục'). Each is a react-hook-form form on the contract's schema; the server's
 * refusal goes under the field.
 */
export function SecondFactorStep({ challenge, username, onDone, onRestart }: Props) {
  const [withRecoveryCode, setWithRecoveryCode] = useState(false);
  const verify = useVerifySecondFactor();

  /** Sends the code; a spent or expired challenge goes back to the password, other refusals stay here. */
  async function send(
    input: { code: string } | { recoveryCode: string },
    placeError: (error: unknown) => boolean,
  ) {
    try {
      const res = await verify.mutateAsync({ challenge, ...input });
      const left = res.data.recoveryCodesLeft;
      if (left === 0) toast.warning(res.message);
      else if (left !== undefined) toast.info(`Bạn còn ${left} mã khôi phục chưa dùng.`);
      onDone({ accessToken: res.accessToken, refreshToken: res.refreshToken });
    } catch (error) {
      if (errorCode(error) === ErrorCode.UNAUTHORIZED) {
        onRestart(errorMessage(error));
        return;
      }
      if (!placeError(error)) toast.error(AUTH_TOASTS.genericError, { description: requestMessage(error) });
    }
  }

  return (
    <AuthCard
      title="Xác thực hai lớp"
      icon={<ShieldCheck aria-hidden className="size-7" />}
      description={
        withRecoveryCode ? (
          <>
            Nhập một trong các mã khôi phục bạn đã lưu khi thiết lập xác thực hai lớp cho tài khoản{' '}
            <strong className="break-words">{username}</strong>. Mỗi mã chỉ dùng được một lần.
          </>
        ) : (
          <>
            Mở ứng dụng xác thực trên điện thoại và nhập mã gồm 6 chữ số của tài khoản{' '}
            <strong className="break-words">{username}</strong> trên Giọt Hồng.
          </>
        )
      }
    >
      {withRecoveryCode ? (
        <RecoveryCodeForm pending={verify.isPending} onSend={send} />
      ) : (
        <TotpCodeForm pending={verify.isPending} onSend={send} />
      )}
      <div className="mt-4 flex flex-col gap-3">
        <button type="button" className={SECONDARY_BUTTON} onClick={() => setWithRecoveryCode((v) => !v)}>
          {withRecoveryCode ? 'Dùng mã từ ứng dụng xác thực' : 'Dùng mã khôi phục'}
        </button>
        <button
          type="button"
          onClick={() => onRestart()}
          className="rounded-md py-1 text-sm font-medium text-brand-700 hover:underline"
        >
          Quay lại đăng nhập
        </button>
      </div>
    </AuthCard>
  );
}

type FormProps = {
  pending: boolean;
  onSend: (
    input: { code: string } | { recoveryCode: string },
    placeError: (error: unknown) => boolean,
  ) => Promise<void>;
};

/** The authenticator's code: digits only, the keypad on phones, filled in by the OS when it can. */
export function TotpCodeForm({
  pending,
  onSend,
  submitLabel = 'Xác nhận',
  autoFocus = true,
}: FormProps & { submitLabel?: string; autoFocus?: boolean }) {
  const form = useForm({ resolver: zodResolver(ZTotpCodeForm), defaultValues: { code: '' } });
  const { setFocus } = form;
  useEffect(() => {
    if (autoFocus) setFocus('code');
  }, [autoFocus, setFocus]);
  const onSubmit = form.handleSubmit(({ code }) =>
    onSend({ code }, (error) => {
      const placed = placeFieldErrors(error, form.setError, ['code']);
      if (placed) {
        form.setValue('code', '');
        setFocus('code');
      }
      return placed;
    }),
  );
  return (
    <AuthForm onSubmit={onSubmit} pending={pending} submitLabel={submitLabel}>
      <TextField
        label="Mã xác thực"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={6}
        placeholder="••••••"
        className={CODE_INPUT_CLASS}
        error={form.formState.errors.code?.message}
        {...form.register('code')}
      />
    </AuthForm>
  );
}

/** One of the ten recovery codes, as printed (`ab3de-7gh2k`); spaces, hyphens and case do not matter. */
function RecoveryCodeForm({ pending, onSend }: FormProps) {
  const form = useForm({ resolver: zodResolver(ZRecoveryCodeForm), defaultValues: { recoveryCode: '' } });
  const { setFocus } = form;
  // The form replaces the code's: the focus moves to its field, not back to the top of the page.
  useEffect(() => setFocus('recoveryCode'), [setFocus]);
  const onSubmit = form.handleSubmit(({ recoveryCode }) =>
    onSend({ recoveryCode }, (error) => placeFieldErrors(error, form.setError, ['recoveryCode'])),
  );
  return (
    <AuthForm onSubmit={onSubmit} pending={pending} submitLabel="Xác nhận">
      <TextField
        label="Mã khôi phục"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="xxxxx-xxxxx"
        className="[&_input]:font-mono [&_input]:text-lg"
        error={form.formState.errors.recoveryCode?.message}
        {...form.register('recoveryCode')}
      />
    </AuthForm>
  );
}
