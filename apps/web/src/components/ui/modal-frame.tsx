import { Dialog } from 'radix-ui';
import { useRef, type ReactNode } from 'react';

/**
 * The portal's modal: Radix Dialog (focus trap, Escape, labelled by its title), a sheet at the
 * bottom on phones and a centred card from the small breakpoint up. Focus returns to the element
 * that opened it.
 * NOTE: Radix gives the focus back only to a Dialog.Trigger; our dialogs are opened by the
 * caller's own buttons (controlled `open`), so the opener is remembered here instead.
 * The content is mounted only while open, so a form inside starts fresh every time.
 */
export function ModalFrame({
  open,
  onOpenChange,
  title,
  description,
  widthClassName = 'sm:max-w-lg',
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  /** Maximum width from the small breakpoint up. */
  widthClassName?: string;
  /** What follows the title: body and footer. */
  children: ReactNode;
}) {
  const openerRef = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          className={`fixed inset-x-0 bottom-0 z-50 flex max-h-[90dvh] flex-col rounded-t-2xl bg-white shadow-xl sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-full sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl ${widthClassName}`}
          // Radix warns without a description unless told explicitly that there is none.
          {...(description ? {} : { 'aria-describedby': undefined })}
          // Runs before the focus moves into the dialog: the focused element is still the opener.
          onOpenAutoFocus={() => {
            openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            if (openerRef.current?.isConnected) openerRef.current.focus();
          }}
        >
          <div className="border-b border-slate-200 px-5 py-4">
            <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
            {description && (
              <Dialog.Description className="mt-1 text-slate-700">{description}</Dialog.Description>
            )}
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export const ModalCloseButton = Dialog.Close;
