import {
  DONOR_STATUS,
  IDENTITY_REVIEW_OUTCOME_LABELS,
  type TFullUserInfo,
  type TIdentityReviewOutcome,
} from '@giot-hong/contract';
import { Link } from 'react-router';
import { profileTabHref, profileTabs } from '../../../lib/paths';
import { formatCardDate, verificationLabel } from '../lib/profile-format';
import { buttonPrimary } from '../../../components/ui/buttons';
import { DetailList } from '../../../components/ui/detail-list';

const NOT_SET = 'Chưa cập nhật';

/** Read-only personal block: what the identity card says, and the verification status. */
export function PersonalSection({ info, status }: { info: TFullUserInfo; status: string }) {
  return (
    <section
      aria-labelledby="personal-heading"
      className="rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h2 id="personal-heading" className="mb-4 text-lg font-semibold text-slate-900">
        Thông tin cá nhân
      </h2>
      <ReviewOutcome info={info} />
      {status === DONOR_STATUS.NONE ? (
        <div className="rounded-xl bg-brand-50 p-4 text-slate-800">
          <p className="font-semibold">Bạn chưa có hồ sơ hiến máu.</p>
          <p className="mt-1 text-sm">
            Tạo hồ sơ hiến máu bằng ảnh căn cước công dân để xác thực thông tin cá nhân và đăng ký hiến máu
            nhanh hơn.
          </p>
          <Link to={profileTabHref(profileTabs.createDonorProfile)} className={`${buttonPrimary} mt-3`}>
            Tạo hồ sơ hiến máu
          </Link>
        </div>
      ) : (
        <DetailList
          items={[
            ['Họ và tên', info.full_name || NOT_SET],
            ['Số CCCD', info.card_id || NOT_SET],
            ['Ngày sinh', formatCardDate(info.dob) || NOT_SET],
            ['Giới tính', info.gender || NOT_SET],
            ['Quốc tịch', info.national || NOT_SET],
            ['Quê quán', info.home || NOT_SET],
            ['Nơi thường trú', info.address || NOT_SET],
            ['Ngày cấp', formatCardDate(info.issue_date) || NOT_SET],
            ['Nơi cấp', info.issue_loc || NOT_SET],
            ['Trạng thái xác thực', verificationLabel(status)],
          ]}
        />
      )}
    </section>
  );
}

/** What staff decided about the donor's ID card, and why (rejection, revoked verification). */
function ReviewOutcome({ info }: { info: TFullUserInfo }) {
  const outcome = info.review_outcome as TIdentityReviewOutcome | null;
  if (!outcome || !(outcome in IDENTITY_REVIEW_OUTCOME_LABELS)) return null;
  const good = outcome === 'APPROVED';
  return (
    <div
      role="status"
      className={`mb-4 rounded-xl p-4 ${good ? 'bg-green-50 text-green-900' : 'bg-amber-50 text-amber-950'}`}
    >
      <p className="font-semibold">{IDENTITY_REVIEW_OUTCOME_LABELS[outcome]}</p>
      {!good && info.review_reason && <p className="mt-1">Lý do: {info.review_reason}</p>}
    </div>
  );
}

export function VerificationBadge({ status }: { status: string }) {
  const verified = status === DONOR_STATUS.EXTRACTED;
  return (
    <span
      className={`inline-flex items-center rounded-full px-3 py-1 text-sm font-semibold ${
        verified ? 'bg-green-100 text-green-800' : 'bg-amber-100 text-amber-900'
      }`}
    >
      {verificationLabel(status)}
    </span>
  );
}
