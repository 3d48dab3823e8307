import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';

export const PROCESSING = 'Đang xử lý...';

/** The form's main button: 'Đang xử lý...' and disabled while the request runs. */
export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      disabled={pending}
      aria-disabled={pending}
      className="flex w-full items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 py-3 font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-70"
    >
      {pending && <LoaderCircle aria-hidden className="size-5 animate-spin" />}
      {pending ? PROCESSING : children}
    </button>
  );
}

export const SECONDARY_BUTTON =
  'flex w-full items-center justify-center gap-2 rounded-lg border border-brand-600 bg-white px-4 py-3 font-semibold text-brand-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-60';
