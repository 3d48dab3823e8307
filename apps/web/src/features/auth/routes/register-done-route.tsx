import { AUTH_LIMITS } from '@giot-hong/contract';
import { MailCheck } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { useResendSignupLink } from '../api/resend-verification';
import { AuthCard } from '../components/auth-card';
import { PROCESSING, SECONDARY_BUTTON } from '../components/submit-button';
import { signupEmailStorage } from '../lib/recovery-storage';

const LINK_BUTTON =
  'flex w-full items-center justify-center rounded-lg bg-brand-600 px-4 py-3 font-semibold text-white hover:bg-brand-700';

/** /hoan-thanh-dang-ky: check your mail; the link is valid 24 hours. */
export function Component() {
  usePageTitle('Hoàn thành đăng ký');
  const email = signupEmailStorage.get();
  const resend = useResendSignupLink();

  async function onResend() {
    if (email) await resend.send(email);
  }

  return (
    <AuthCard title="Đăng ký thành công!" icon={<MailCheck aria-hidden className="size-7" />}>
      <div className="flex flex-col gap-3 text-center text-slate-700">
        <p>
          {email ? (
            <>
              Chúng tôi đã gửi email xác thực đến <strong className="break-all">{email}</strong>.
            </>
          ) : (
            'Chúng tôi đã gửi email xác thực đến địa chỉ email bạn đã đăng ký.'
          )}
        </p>
        <p>
          Vui lòng kiểm tra hộp thư (kể cả mục thư rác) và nhấn vào liên kết trong email để kích hoạt tài
          khoản.
        </p>
        <p className="font-medium">
          Email xác thực có hiệu lực trong {AUTH_LIMITS.verificationLinkHours} giờ.
        </p>
      </div>
      <div className="mt-6 flex flex-col gap-3">
        <Link to={paths.login} className={LINK_BUTTON}>
          Đến trang đăng nhập
        </Link>
        {email && (
          <button type="button" className={SECONDARY_BUTTON} disabled={resend.isPending} onClick={onResend}>
            {resend.isPending ? PROCESSING : 'Gửi lại email xác thực'}
          </button>
        )}
        <Link to={paths.home} className="text-center text-sm font-medium text-brand-700 hover:underline">
          Về trang chủ
        </Link>
      </div>
    </AuthCard>
  );
}
