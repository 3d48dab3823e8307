import { Dialog } from 'radix-ui';
import { useRef, type ReactNode } from 'react';

/**
 * Modal dialog (Radix: focus trap, Escape, labelled by its title; focus returns to the opener).
 * NOTE: Radix gives the focus back only to a Dialog.Trigger; these dialogs are opened by the
 * caller's own buttons (controlled `open`), so the opener is remembered here instead.
 * Full width at the bottom on phones, a centred card from the small breakpoint up. The content is
 * mounted only while open, so a form inside starts fresh every time.
 */
export function AppDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const openerRef = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-[90dvh] flex-col rounded-t-2xl bg-white shadow-xl sm:inset-auto sm:left-1/2 sm:top-1/2 sm:w-full sm:max-w-lg sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl"
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
              <Dialog.Description className="mt-1 text-sm text-slate-600">{description}</Dialog.Description>
            )}
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The dialog's form: scrolling body, fixed footer. */
export function DialogForm({
  onSubmit,
  children,
  footer,
}: {
  onSubmit: () => void;
  children: ReactNode;
  footer: ReactNode;
}) {
  return (
    <form
      noValidate
      className="flex min-h-0 flex-1 flex-col"
      onSubmit={(e) => {
        e.preventDefault();
        // A dialog's form may sit inside a page's form (React portals bubble events): keep it local.
        e.stopPropagation();
        onSubmit();
      }}
    >
      <div className="min-h-0 flex-1 space-y-4 overflow-y-auto px-5 py-4">{children}</div>
      <div className="flex justify-end gap-3 border-t border-slate-200 px-5 py-3">{footer}</div>
    </form>
  );
}

export const DialogClose = Dialog.Close;
