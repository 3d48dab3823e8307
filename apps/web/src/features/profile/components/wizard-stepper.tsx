import { Stepper } from '../../../components/ui/stepper';

export const WIZARD_STEPS = ['Điều khoản', 'Tải ảnh CCCD', 'Xác minh thông tin', 'Hoàn tất'] as const;

/** The donor-profile wizard's stepper; `current` is the step's number (1–4). */
export function WizardStepper({ current }: { current: number }) {
  return <Stepper label="Các bước tạo hồ sơ hiến máu" steps={WIZARD_STEPS} current={current - 1} />;
}
