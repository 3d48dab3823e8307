import { Stepper } from '../../../components/ui/stepper';

export const REGISTRATION_STEPS = [
  'Chọn chiến dịch',
  'Câu hỏi sức khỏe',
  'Xác nhận thông tin',
  'Hoàn thành',
] as const;

/** The donation-registration stepper; `current` is the step's index (0–3). */
export function RegistrationStepper({ current }: { current: number }) {
  return <Stepper label="Các bước đăng ký hiến máu" steps={REGISTRATION_STEPS} current={current} />;
}
