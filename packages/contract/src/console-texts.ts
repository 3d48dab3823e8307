/*
 * Words of the staff console that its browser tests read back (and, for some, the server says too):
 * written once here, so a test and the screen cannot drift apart. The console's other texts stay in
 * its components.
 */

/** Leaving a form with changes that were not saved. */
export const UNSAVED_CHANGES_TEXTS = {
  title: 'Rời trang khi chưa lưu?',
  description: 'Những thay đổi bạn chưa lưu trên trang này sẽ bị mất.',
  stay: 'Ở lại trang',
  leave: 'Rời trang, bỏ thay đổi',
} as const;

/** A donor's questionnaire answers, opened by staff: the 'Có' answers come first. */
export const ANSWER_TEXTS = {
  dialogTitle: 'Chi tiết phiếu đăng ký hiến máu',
  yesHeading: 'Câu trả lời “Có” (cần hỏi thêm)',
  /** Beside a donor in the day's list and after a check-in. */
  yesFlag: 'Có câu trả lời "Có"',
} as const;
