import { REGISTRATION_STATUS } from '@giot-hong/contract';
import { AlertDialog } from 'radix-ui';
import { profileTabHref, profileTabs } from '../../../lib/paths';
import { buttonClass } from './controls';

/** Where a refusal can be acted on (verify the identity, see the history); other refusals only explain. */
const ACTIONS: Partial<Record<string, { label: string; href: string }>> = {
  [REGISTRATION_STATUS.NOT_VERIFIED]: {
    label: 'Xác thực ngay',
    href: profileTabHref(profileTabs.createDonorProfile),
  },
  [REGISTRATION_STATUS.ALREADY_REGISTERED]: {
    label: 'Xem lịch sử',
    href: profileTabHref(profileTabs.history),
  },
};

/**
 * The dialog shown when the registration check does not answer SUCCESS: the server's message and,
 * where the donor can do something about it, a button there. Closing it (button, Escape) calls `onClose`.
 */
export function RegistrationCheckDialog({
  status,
  message,
  onClose,
  onAction,
}: {
  status: string;
  message: string;
  onClose: () => void;
  onAction: (href: string) => void;
}) {
  const action = ACTIONS[status];
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <AlertDialog.Content className="fixed inset-x-0 bottom-0 z-50 rounded-t-2xl bg-white p-6 shadow-xl sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-full sm:max-w-md sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl">
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">
            Không thể đăng ký hiến máu
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-slate-700">{message}</AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClass.secondary}>Đóng</AlertDialog.Cancel>
            {action && (
              <AlertDialog.Action
                className={buttonClass.primary}
                onClick={(e) => {
                  // Not a close: closing goes home, this goes to the profile.
                  e.preventDefault();
                  onAction(action.href);
                }}
              >
                {action.label}
              </AlertDialog.Action>
            )}
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
