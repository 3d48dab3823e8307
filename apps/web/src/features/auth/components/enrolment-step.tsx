import { ErrorCode, type TLoginTokens } from '@giot-hong/contract';
import { useQuery } from '@tanstack/react-query';
import { Smartphone } from 'lucide-react';
import { lazy, Suspense, useEffect } from 'react';
import { toast } from 'sonner';
import { LoadingView } from '../../../components/ui/loading-view';
import { useConfirmEnrolment } from '../api/confirm-enrolment';
import { startEnrolment } from '../api/start-enrolment';
import { AuthCard } from './auth-card';
import { TotpCodeForm } from './second-factor-step';
import { SECONDARY_BUTTON } from './submit-button';
import { AUTH_TOASTS } from '../lib/texts';
import { errorCode, errorMessage, requestMessage } from '../../../lib/api-errors';

// The QR encoder loads only when someone enrols.
const QrCode = lazy(() => import('../../../components/ui/qr-code'));

/** `ABCD EFGH …`: the secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * First staff login after the second factor was required (or after an ADMIN reset it): add the
 * account to an authenticator app (QR code, or the secret typed by hand), then type its first
 * code. The answer is the login's tokens and ten recovery codes, shown next.
 */
export function EnrolmentStep({
  challenge,
  username,
  onEnrolled,
  onRestart,
}: {
  challenge: string;
  username: string;
  onEnrolled: (result: { tokens: TLoginTokens; recoveryCodes: string[] }) => void;
  onRestart: (reason?: string) => void;
}) {
  // A query, not a mutation: one secret per challenge, asked once even when React runs effects twice.
  const secret = useQuery({
    queryKey: ['auth', 'enrolment', challenge],
    queryFn: () => startEnrolment(challenge),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const confirm = useConfirmEnrolment();

  const expired = errorCode(secret.error) === ErrorCode.UNAUTHORIZED;
  useEffect(() => {
    if (expired) onRestart(errorMessage(secret.error));
  }, [expired, onRestart, secret.error]);

  async function send(
    input: { code: string } | { recoveryCode: string },
    placeError: (e: unknown) => boolean,
  ) {
    if (!('code' in input)) return;
    try {
      const res = await confirm.mutateAsync({ challenge, code: input.code });
      onEnrolled({
        tokens: { accessToken: res.accessToken, refreshToken: res.refreshToken },
        recoveryCodes: res.data.recoveryCodes,
      });
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
      title="Thiết lập xác thực hai lớp"
      icon={<Smartphone aria-hidden className="size-7" />}
      description={
        <>
          Tài khoản cán bộ <strong className="break-words">{username}</strong> cần thêm một lớp bảo vệ: sau
          mật khẩu, bạn nhập mã 6 chữ số từ ứng dụng xác thực trên điện thoại.
        </>
      }
    >
      {secret.isPending ? (
        <LoadingView />
      ) : secret.isError ? (
        <div className="flex flex-col gap-3">
          <p role="alert" className="rounded-lg bg-brand-50 p-3 text-sm text-brand-800">
            {requestMessage(secret.error) ?? AUTH_TOASTS.genericError}
          </p>
          <button type="button" className={SECONDARY_BUTTON} onClick={() => void secret.refetch()}>
            Thử lại
          </button>
        </div>
      ) : (
        <ol className="flex list-none flex-col gap-5 text-sm text-slate-800">
          <li>
            <p className="font-semibold text-slate-900">1. Cài một ứng dụng xác thực</p>
            <p>Ví dụ Google Authenticator, Microsoft Authenticator hoặc 2FAS, trên điện thoại của bạn.</p>
          </li>
          <li>
            <p className="font-semibold text-slate-900">2. Thêm tài khoản vào ứng dụng</p>
            <p>Trong ứng dụng, chọn thêm tài khoản rồi quét mã QR này.</p>
            <div className="my-3 flex justify-center">
              <Suspense fallback={<div className="size-48 rounded-lg bg-slate-100" aria-hidden />}>
                <QrCode
                  value={secret.data.uri}
                  label={`Mã QR để thêm tài khoản ${username} vào ứng dụng xác thực`}
                  className="size-48"
                />
              </Suspense>
            </div>
            <p id="enrolment-secret-label">
              Không quét được? Nhập khóa sau vào ứng dụng (loại: theo thời gian):
            </p>
            <p
              aria-labelledby="enrolment-secret-label"
              className="mt-1 rounded-lg bg-slate-100 px-3 py-2 text-center font-mono text-base break-all text-slate-900 select-all"
              data-enrolment-secret
            >
              {grouped(secret.data.secret)}
            </p>
          </li>
          <li>
            <p className="mb-2 font-semibold text-slate-900">3. Nhập mã 6 chữ số ứng dụng đang hiển thị</p>
            <TotpCodeForm
              pending={confirm.isPending}
              onSend={send}
              submitLabel="Xác nhận và tiếp tục"
              autoFocus={false}
            />
          </li>
        </ol>
      )}
      <button
        type="button"
        onClick={() => onRestart()}
        className="mt-4 w-full rounded-md py-1 text-sm font-medium text-brand-700 hover:underline"
      >
        Quay lại đăng nhập
      </button>
    </AuthCard>
  );
}
