import type { ReactNode } from 'react';
import { ModalCloseButton } from '../../../components/ui/modal-frame';

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

export const DialogClose = ModalCloseButton;
