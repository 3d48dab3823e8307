import { appointmentStatusLabel } from '@giot-hong/contract';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { statusTone, type StatusTone } from '../lib/appointment-format';

/** Shared look of the appointments feature (mobile first; visible focus comes from styles.css). */
export const inputClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 aria-[invalid=true]:border-brand-600 read-only:bg-slate-100 read-only:text-slate-700';
export const cardClass = 'rounded-2xl border border-slate-200 bg-white p-4 sm:p-6';

const TONES: Record<StatusTone, string> = {
  booking: 'bg-sky-100 text-sky-900',
  done: 'bg-green-100 text-green-900',
  cancelled: 'bg-slate-200 text-slate-800',
  pending: 'bg-amber-100 text-amber-900',
  other: 'bg-slate-100 text-slate-800',
};

/** The status as a coloured label (spec section 4). */
export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-3 py-1 text-sm font-semibold ${TONES[statusTone(status)]}`}
    >
      {appointmentStatusLabel(status)}
    </span>
  );
}

/**
 * A modal (Radix Dialog: focus trap, Escape, labelled by its title, focus back to the opener):
 * a sheet at the bottom on phones, a centred card from the small breakpoint up.
 */
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
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content
          className={`fixed inset-x-0 bottom-0 z-50 flex max-h-[90dvh] flex-col rounded-t-2xl bg-white shadow-xl sm:inset-auto sm:top-1/2 sm:left-1/2 sm:w-full sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl ${
            wide ? 'sm:max-w-2xl' : 'sm:max-w-md'
          }`}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="border-b border-slate-200 px-5 py-4">
            <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
            {description && (
              <Dialog.Description className="mt-1 text-slate-700">{description}</Dialog.Description>
            )}
          </div>
          {children && (
            // Focusable, so a keyboard can scroll a long body (the questionnaire) too.
            <div tabIndex={0} className="min-h-0 flex-1 overflow-y-auto px-5 py-4">
              {children}
            </div>
          )}
          <div className="flex flex-col-reverse gap-3 border-t border-slate-200 px-5 py-3 sm:flex-row sm:justify-end">
            {footer}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export const ModalClose = Dialog.Close;
