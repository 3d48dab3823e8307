import type { ReactNode } from 'react';
import { ModalCloseButton, ModalFrame } from './modal-frame';

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
