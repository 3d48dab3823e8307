import { appointmentStatusLabel } from '@giot-hong/contract';
import { ModalCloseButton, ModalFrame } from '../../../components/ui/modal-frame';
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
