import type { ReactNode } from 'react';
import { ModalClose, ModalForm } from '../../../components/ui/modal';
import { ModalFrame } from '../../../components/ui/modal-frame';
import { buttonPrimary, buttonSecondary } from '../../../components/ui/buttons';

/** Props of a profile dialog that edits one value: the value on opening, the value confirmed. */
export type ProfileDialogProps<TInitial, TValue> = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initial: TInitial;
  onConfirm: (value: TValue) => void;
};

/**
 * A titled dialog around one form. The form is mounted only while the dialog is open, so it starts
 * fresh every time; `confirm` hands the value to `onConfirm`, then closes the dialog.
 */
export function ProfileDialog<TValue>({
  open,
  onOpenChange,
  title,
  description,
  onConfirm,
  children,
}: Omit<ProfileDialogProps<unknown, TValue>, 'initial'> & {
  title: string;
  description?: string;
  children: (confirm: (value: TValue) => void) => ReactNode;
}) {
  return (
    <ModalFrame open={open} onOpenChange={onOpenChange} title={title} description={description}>
      {children((value) => {
        onConfirm(value);
        onOpenChange(false);
      })}
    </ModalFrame>
  );
}

/** The dialog's form with the footer 'Hủy' (closes without a change) and 'Xác nhận' (submits). */
export function ConfirmForm({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <ModalForm
      onSubmit={onSubmit}
      footer={
        <>
          <ModalClose className={buttonSecondary}>Hủy</ModalClose>
          <button type="submit" className={buttonPrimary}>
            Xác nhận
          </button>
        </>
      }
    >
      {children}
    </ModalForm>
  );
}
