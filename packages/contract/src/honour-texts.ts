/*
 * The honours' words a donor reads (the donation record's badges, the milestone notification),
 * without the console's honour schemas (honours.ts): the donor's pages read them without building
 * those (ADR 76).
 */

export const HONOUR_TEXTS = {
  badge: (n: number) => (n === 1 ? 'Lần hiến máu đầu tiên' : `${n} lần hiến máu`),
  toNext: (remaining: number, next: number) => `Còn ${remaining} lần nữa để đạt mốc ${next} lần`,
  allReached: 'Bạn đã đạt mọi mốc vinh danh. Xin cảm ơn!',
  notificationTitle: (n: number) => `Chúc mừng bạn đạt mốc ${n} lần hiến máu`,
  emergency: 'Hiến máu khẩn cấp',
  dayInvalid: 'Vui lòng chọn ngày hợp lệ',
} as const;
