import { zodResolver } from '@hookform/resolvers/zod';
import { VERIFICATION_STATUS, ZResendVerificationRequest } from '@giot-hong/contract';
import { CircleCheck, CircleX, TriangleAlert } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../lib/paths';
import { usePageTitle } from '../../../lib/use-page-title';
import { useResendSignupLink } from '../api/resend-verification';
import { AuthCard } from '../components/auth-card';
import { AuthForm } from '../components/auth-form';
import { EmailField } from '../components/form-field';
import { SECONDARY_BUTTON } from '../components/submit-button';
import { signupEmailStorage } from '../lib/recovery-storage';
import { AUTH_TOASTS } from '../lib/texts';

const PRIMARY_LINK =
  'flex w-full items-center justify-center rounded-lg bg-brand-600 px-4 py-3 font-semibold text-white hover:bg-brand-700';

/** /verification?status=success|failed — where the link in the sign-up mail lands. */
export function Component() {
  const [params] = useSearchParams();
  const status = params.get('status');
  if (status === VERIFICATION_STATUS.success) return <Success />;
  if (status === VERIFICATION_STATUS.failed) return <Failed />;
  return <UnknownStatus />;
}

function Success() {
  usePageTitle('Xác thực thành công');
  return (
    <AuthCard
      title="Xác thực tài khoản thành công!"
      icon={<CircleCheck aria-hidden className="size-8 text-green-600" />}
      description="Tài khoản của bạn đã được kích hoạt. Hãy đăng nhập để bắt đầu đăng ký hiến máu."
    >
      <div className="flex flex-col gap-3">
        <Link to={paths.login} className={PRIMARY_LINK}>
          Đăng nhập
        </Link>
        <Link to={paths.home} className={SECONDARY_BUTTON}>
          Về trang chủ
        </Link>
      </div>
    </AuthCard>
  );
}

function Failed() {
  usePageTitle('Xác thực thất bại');
  const navigate = useNavigate();
  const resend = useResendSignupLink();
  const form = useForm({
    resolver: zodResolver(ZResendVerificationRequest),
    defaultValues: { email: signupEmailStorage.get() ?? '' },
  });

  const onSubmit = form.handleSubmit(({ email }) => resend.send(email));

  return (
    <AuthCard
      title="Xác thực tài khoản thất bại"
      icon={<CircleX aria-hidden className="size-8" />}
      description="Liên kết xác thực không hợp lệ, đã được sử dụng hoặc đã hết hạn (liên kết chỉ có hiệu lực trong 24 giờ). Nhập email đã đăng ký để nhận liên kết mới."
    >
      <AuthForm onSubmit={onSubmit} pending={resend.isPending} submitLabel="Gửi lại email xác thực">
        <EmailField error={form.formState.errors.email?.message} {...form.register('email')} />
      </AuthForm>
      <button type="button" className={`${SECONDARY_BUTTON} mt-3`} onClick={() => navigate(paths.login)}>
        Đăng nhập
      </button>
    </AuthCard>
  );
}

function UnknownStatus() {
  usePageTitle('Xác thực tài khoản');
  return (
    <AuthCard
      title={AUTH_TOASTS.invalidVerificationStatus}
      icon={<TriangleAlert aria-hidden className="size-8" />}
    >
      <Link to={paths.home} className={PRIMARY_LINK}>
        Về trang chủ
      </Link>
    </AuthCard>
  );
}
