import type { TSlot } from '@giot-hong/contract';
import { Link } from 'react-router';
import { CheckIcon } from '../../../components/icons';
import { paths, profileTabHref, profileTabs } from '../../../lib/paths';
import type { WizardCampaign } from '../lib/wizard-entry';
import { CampaignSummary } from './campaign-summary';
import { buttonClass, StepHeading } from './controls';

/** Before the donation day (at least 6 hours of sleep, no alcohol for 24 hours). */
const ADVICE = [
  'Ngủ đủ giấc, ít nhất 6 tiếng vào đêm trước ngày hiến máu.',
  'Không uống rượu, bia trong vòng 24 giờ trước khi hiến máu.',
  'Ăn nhẹ, không ăn đồ nhiều dầu mỡ trước khi hiến máu.',
  'Uống 300-500 ml nước trước khi hiến máu.',
  'Mang theo căn cước công dân hoặc giấy tờ tùy thân có ảnh.',
] as const;

/** Step 3: registered. Links to the appointment history and home, and what to do before the day. */
export function SuccessStep({ campaign, slot }: { campaign: WizardCampaign; slot: TSlot | undefined }) {
  return (
    <section aria-labelledby="registration-step-heading" className="space-y-6">
      <div className="flex flex-col items-center gap-3 text-center">
        <span
          aria-hidden
          className="flex size-16 items-center justify-center rounded-full bg-emerald-100 text-emerald-700"
        >
          <CheckIcon className="size-8" />
        </span>
        <StepHeading>Đăng ký hiến máu thành công!</StepHeading>
        <p className="max-w-xl text-slate-700">
          Cảm ơn bạn đã đăng ký tham gia hiến máu. Lịch hẹn của bạn đã được ghi nhận, hãy đến đúng thời gian
          và địa điểm của chiến dịch.
        </p>
      </div>
      <CampaignSummary campaign={campaign} slot={slot} />
      <div className="rounded-2xl border border-amber-200 bg-amber-50 p-5">
        <h3 className="font-semibold text-amber-900">Lưu ý trước ngày hiến máu</h3>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-800">
          {ADVICE.map((a) => (
            <li key={a}>{a}</li>
          ))}
        </ul>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Link to={profileTabHref(profileTabs.history)} className={buttonClass.primary}>
          Xem lịch hẹn
        </Link>
        <Link to={paths.home} className={buttonClass.secondary}>
          Về trang chủ
        </Link>
      </div>
    </section>
  );
}
