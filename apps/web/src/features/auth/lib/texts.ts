/** The account pages' toast texts, written once. */
export const AUTH_TOASTS = {
  genericError: 'Đã có lỗi xảy ra',
  registerSuccess: 'Đăng ký thành công',
  changeSuccessTitle: 'Thành công',
  changeSuccess: 'Đổi mật khẩu thành công',
  changeFailed: 'Đổi mật khẩu thất bại',
  forgotFailed: 'Không thể gửi yêu cầu khôi phục mật khẩu',
  codeSent: 'Đã gửi mã xác nhận',
  missingRecoveryEmail: 'Không tìm thấy email vui lòng kiểm tra lại',
  missingResetToken: 'Không tìm thấy mã xác nhận hoặc email. Vui lòng thử lại.',
  resetFailed: 'Đã xảy ra lỗi khi đặt lại mật khẩu. Vui lòng thử lại sau.',
  resetSuccess: 'Đặt lại mật khẩu thành công',
  resent: 'Đã gửi lại email',
  invalidVerificationStatus: 'Trạng thái xác thực không hợp lệ!',
} as const;
