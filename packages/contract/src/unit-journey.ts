/*
 * What the donor sees of each donation: the steps of its journey and their words (the donation
 * record, the FAQ). No schema here: a page that shows these words builds none of the blood centre's
 * (the answer's shape is donation-record.ts's `ZUnitJourneyStep`; ADR 76).
 */

export const UNIT_JOURNEY_STEPS = ['COLLECTED', 'TESTED', 'PROCESSED', 'ISSUED', 'DISCARDED'] as const;
export type TUnitJourneyStep = (typeof UNIT_JOURNEY_STEPS)[number];

export const UNIT_JOURNEY_TEXTS = {
  title: 'Hành trình giọt máu',
  COLLECTED: 'Đã tiếp nhận',
  TESTED: 'Đã xét nghiệm',
  PROCESSED: 'Đã điều chế',
  ISSUED: 'Đã chuyển tới bệnh viện',
  DISCARDED: 'Đơn vị máu này không được sử dụng',
  /** Under a step not reached yet. */
  pending: 'Chưa có thông tin',
  issuedTo: (hospital: string) => `Chuyển tới ${hospital}`,
  /** The FAQ's question and answer about units that cannot be used. */
  faqQuestion: 'Vì sao có đơn vị máu không được sử dụng?',
  faqAnswer:
    'Mỗi đơn vị máu đều được xét nghiệm và kiểm tra trước khi đến với người bệnh. Một số đơn vị không được sử dụng vì nhiều lý do thông thường, chẳng hạn túi máu không đủ thể tích, hết hạn bảo quản hoặc không đạt tiêu chuẩn kiểm tra. Điều này là bình thường và không làm giảm ý nghĩa việc bạn hiến máu. Nếu có điều gì bạn cần biết về sức khỏe của mình, Hội sẽ liên hệ trực tiếp với bạn.',
} as const;
