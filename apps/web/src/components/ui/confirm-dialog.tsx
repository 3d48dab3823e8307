import type { ReactNode } from 'react';
import { buttonDanger, buttonPrimary, buttonSecondary } from './buttons';
import { Modal, ModalClose } from './modal';

/**
 * Asks before a consequential action, naming what will happen (the campaign-cancel dialog is the
 * model): a title that is the question, the consequences in the body, a confirm button that
 * repeats the action and a cancel button. Focus starts on cancel's side of the dialog (Radix puts
 * it on the first button), Escape cancels, and focus returns to the button that opened it.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  children,
  confirmLabel,
  cancelLabel = 'Không',
  pendingLabel,
  pending = false,
  tone = 'primary',
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  description?: ReactNode;
  /** What else the person must know (a list of disagreements, a count of recipients …). */
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Shown on the confirm button while the action runs. */
  pendingLabel?: string;
  pending?: boolean;
  /** `danger` for what cannot be undone. */
  tone?: 'primary' | 'danger';
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && !pending && onCancel()}
      title={title}
      description={description}
      footer={
        <>
          <ModalClose className={buttonSecondary} disabled={pending}>
            {cancelLabel}
          </ModalClose>
          <button
            type="button"
            className={tone === 'danger' ? buttonDanger : buttonPrimary}
            disabled={pending}
            onClick={onConfirm}
          >
            {pending && pendingLabel ? pendingLabel : confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
