/**
 * Toasts of copying a link (spec section 8). The spec writes them with '✅' and '❌': without an
 * emoji font those render as empty boxes, so the toast's own success or error icon stands in for
 * them (the words are the spec's).
 */
export const COPY_LINK_TOASTS = {
  success: { title: 'Đã sao chép liên kết!', description: 'Đã sao chép liên kết thành công!' },
  failure: { title: 'Lỗi khi sao chép!', description: 'Lỗi khi sao chép liên kết!' },
} as const;
