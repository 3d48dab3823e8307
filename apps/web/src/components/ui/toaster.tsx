import { TIMING } from '@giot-hong/contract';
import { Toaster } from 'sonner';

/**
 * The toast area of spec section 9 (5 s, hotkey F8). Pages that toast render it themselves, so the
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
    />
  );
}
