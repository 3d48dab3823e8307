import type { ReactNode } from 'react';
import { ModalCloseButton, ModalFrame } from './modal-frame';

/*
 * The portal's dialogs, all on one frame (modal-frame.tsx: Radix dialog, title, focus trap, close
 * on Escape):
 * - `Modal`: a scrolling body and a footer of actions (confirmations, details, a form whose
 *   submit button sits in the footer with `form=`);
 * - `ModalForm`: the body and footer are one <form>, inside a `ModalFrame` the caller opens;
 * - `ModalClose`: a button that closes the nearest dialog ('Hủy', 'Đóng').
 */

/** A modal with a scrolling body and a footer of actions, on the portal's modal frame. */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  wide = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  footer: ReactNode;
  wide?: boolean;
}) {
  return (
    <ModalFrame
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      widthClassName={wide ? 'sm:max-w-2xl' : 'sm:max-w-md'}
    >
      {children && (
        // Focusable, so a keyboard can scroll a long body (the questionnaire) too.
        <div tabIndex={0} className="min-h-0 flex-1 overflow-y-auto px-5 py-4">
          {children}
        </div>
      )}
      <div className="flex flex-col-reverse gap-3 border-t border-slate-200 px-5 py-3 sm:flex-row sm:justify-end">
        {footer}
      </div>
    </ModalFrame>
  );
}

export const ModalClose = ModalCloseButton;

/**
 * A dialog's form: scrolling body, fixed footer (put the submit button there). Submitting never
 * reloads the page and never reaches a form around the dialog: React portals bubble events to
 * the page that rendered them.
 */
export function ModalForm({
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
        e.stopPropagation();
        onSubmit();
      }}
    >
      <div className="min-h-0 flex-1 space-y-4 overflow-y-auto px-5 py-4">{children}</div>
      <div className="flex justify-end gap-3 border-t border-slate-200 px-5 py-3">{footer}</div>
    </form>
  );
}
