import { DONOR_STATUS } from '@giot-hong/contract';
import { Link } from 'react-router';
import { paths, profileTabHref, profileTabs } from '../../../lib/paths';
import { verificationLabel } from '../lib/profile-format';
import { buttonPrimary, buttonSecondary } from '../../../components/ui/buttons';

/** Step 4: verified ('Đã xác thực'), or waiting for staff ('Chờ xác thực'); then on to registration. */
export function WizardCompleteStep({ status }: { status: string }) {
  const known = status === DONOR_STATUS.EXTRACTED || status === DONOR_STATUS.PENDING;
  if (!known)
    return (
      <p role="alert" className="rounded-lg bg-brand-50 p-4 font-semibold text-brand-800">
        Trạng thái xác thực không hợp lệ!
      </p>
    );
  const verified = status === DONOR_STATUS.EXTRACTED;
  return (
    <div className="flex flex-col items-center gap-4 py-4 text-center">
      <span
        aria-hidden
        className={`flex size-16 items-center justify-center rounded-full text-3xl ${verified ? 'bg-green-100 text-green-700' : 'bg-amber-100 text-amber-800'}`}
      >
        {verified ? '✓' : '…'}
      </span>
      <p className="text-2xl font-bold text-slate-900">{verificationLabel(status)}</p>
      {verified ? (
        <p className="max-w-prose text-slate-700">
          Hồ sơ hiến máu của bạn đã được tạo và xác thực. Bạn có thể đăng ký hiến máu ngay.
        </p>
      ) : (
        <p className="max-w-prose text-slate-700">
          Hồ sơ hiến máu của bạn đã được tạo. Một số thông tin trên căn cước cần cán bộ kiểm tra lại; hồ sơ sẽ
          được xác thực sau khi cán bộ xem xét. Trong thời gian chờ, bạn vẫn có thể xem và cập nhật thông tin
          liên hệ.
        </p>
      )}
      <div className="flex flex-wrap justify-center gap-3">
        <Link to={paths.donationRegistration} className={buttonPrimary}>
          Đăng ký hiến máu
        </Link>
        <Link to={profileTabHref(profileTabs.personalInfo)} className={buttonSecondary}>
          Xem thông tin cá nhân
        </Link>
      </div>
    </div>
  );
}
