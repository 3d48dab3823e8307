import type { ButtonHTMLAttributes, ReactNode } from 'react';

const base =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-xl px-5 py-2.5 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60';

export const buttonClass = {
  primary: `${base} bg-brand-600 text-white shadow-sm hover:bg-brand-700`,
  secondary: `${base} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`,
};

export function Button({
  variant = 'primary',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: keyof typeof buttonClass }) {
  return <button type="button" {...props} className={`${buttonClass[variant]} ${props.className ?? ''}`} />;
}

/** The heading of a wizard step; focused when the step changes so screen readers follow. */
export function StepHeading({ children }: { children: ReactNode }) {
  return (
    <h2
      id="registration-step-heading"
      tabIndex={-1}
      className="text-xl font-bold text-slate-900 focus:outline-none sm:text-2xl"
    >
      {children}
    </h2>
  );
}

/** A failed load: the message and, when it can help, 'Thử lại'. */
export function ErrorCard({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl border border-brand-200 bg-brand-50 px-4 py-8 text-center">
      <p role="alert" className="font-semibold text-brand-800">
        {message}
      </p>
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          Thử lại
        </Button>
      )}
    </div>
  );
}
