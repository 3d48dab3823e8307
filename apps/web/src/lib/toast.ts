import { TIMING } from '@giot-hong/contract';

/**
 * Toasts (sonner) loaded on first use: the library and its <Toaster> are fetched only when a
 * page actually shows a toast, so they never weigh on the landing route. The Toaster lives in
 * its own small React root, so no layout has to mount it. Use this module, not sonner directly,
 * so that there is exactly one Toaster on the page.
 */
type Sonner = typeof import('sonner');
let loading: Promise<Sonner> | null = null;

function loadToaster(): Promise<Sonner> {
  loading ??= Promise.all([import('sonner'), import('react'), import('react-dom/client')]).then(
    ([sonner, react, reactDom]) => {
      const host = document.createElement('div');
      host.dataset.toasterHost = '';
      document.body.appendChild(host);
      reactDom.createRoot(host).render(
        react.createElement(sonner.Toaster, {
          position: 'top-center',
          richColors: true,
          closeButton: true,
          duration: TIMING.toastMs,
          // Spec section 9: F8 moves focus to the toasts.
          hotkey: ['F8'],
          containerAriaLabel: 'Thông báo',
        }),
      );
      return sonner;
    },
  );
  return loading;
}

type ToastKind = 'success' | 'error' | 'info';

function show(kind: ToastKind, title: string, description?: string) {
  void loadToaster().then(({ toast }) => toast[kind](title, description ? { description } : undefined));
}

export const notify = {
  success: (title: string, description?: string) => show('success', title, description),
  error: (title: string, description?: string) => show('error', title, description),
  info: (title: string, description?: string) => show('info', title, description),
};
