import { TIMING } from '@giot-hong/contract';
import type { CSSProperties } from 'react';
import { Toaster } from 'sonner';

/**
 * Darker texts than the library's rich colours, whose red and green on their pale backgrounds
 * fall just under the 4.5:1 contrast that small text needs (axe "color-contrast").
 */
const CONTRAST_SAFE = {
  '--success-text': '#166534',
  '--error-text': '#a50d26',
} as CSSProperties;

/**
 * The toast area (5 s, hotkey F8). Pages that toast render it themselves, so the
 * toast library stays out of the landing page's bundle.
 */
export function AppToaster() {
  return (
    <Toaster
      position="top-center"
      richColors
      closeButton
      duration={TIMING.toastMs}
      hotkey={['F8']}
      containerAriaLabel="Thông báo"
      style={CONTRAST_SAFE}
    />
  );
}

/**
 * Toasts of copying a link. Their wording once carried '✅' and '❌': without an emoji font those
 * render as empty boxes, so the toast's own success or error icon stands in for them and only the
 * words remain. Kept here, in the module every page that toasts loads, so
 * they add no chunk of their own.
 */
export const COPY_LINK_TOASTS = {
  success: { title: 'Đã sao chép liên kết!', description: 'Đã sao chép liên kết thành công!' },
  failure: { title: 'Lỗi khi sao chép!', description: 'Lỗi khi sao chép liên kết!' },
} as const;
