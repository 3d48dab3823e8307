import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';

/** The centred card every account page sits in (works from 360 px up). */
export function AuthCard({
  title,
  description,
  icon,
  children,
  before,
}: {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  children: ReactNode;
  /** Above the heading (`BackToLoginButton`). */
  before?: ReactNode;
}) {
  return (
    <div className="flex justify-center bg-brand-50/60 px-4 py-8 sm:py-12">
      <section className="w-full max-w-md rounded-2xl border border-brand-100 bg-white p-5 shadow-sm sm:p-8">
        {before}
        <header className="mb-6 text-center">
          {icon && (
            <div className="mx-auto mb-3 grid size-14 place-items-center rounded-full bg-brand-50 text-brand-600">
              {icon}
            </div>
          )}
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
          {description && <div className="mt-2 text-sm text-slate-600">{description}</div>}
        </header>
        {children}
      </section>
    </div>
  );
}

/**
 * The back button above the card of the sign-up and recovery pages. NOTE: it lives in the card's
 * module because a module of its own would be one more chunk, listed in the entry chunk that the
 * landing page loads.
 */
export function BackToLoginButton() {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      onClick={() => navigate(paths.login)}
      className="mb-2 inline-flex items-center gap-1 rounded-md px-1 py-1 text-sm font-medium text-slate-600 hover:text-brand-700"
    >
      <ArrowLeft aria-hidden className="size-4" /> Quay lại đăng nhập
    </button>
  );
}
