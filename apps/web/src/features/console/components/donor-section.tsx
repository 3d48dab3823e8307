import { useId } from 'react';
import { cardClass } from './console-ui';

/** A titled card of the donor's record (the heading names the region for screen readers). */
export function DonorSection({ title, children }: { title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={cardClass}>
      <h2 id={id} className="mb-3 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
