import type { ReactNode } from 'react';

/** Shared empty view of spec section 2; `title` replaces the default text where the spec gives another. */
export function EmptyView({
  title = 'Không có dữ liệu',
  children,
}: {
  title?: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 py-12 text-center text-slate-600">
      <svg
        aria-hidden
        viewBox="0 0 24 24"
        className="size-10 text-slate-300"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
      >
        <path d="M3 7h18M5 7l1 13h12l1-13M9 7V4h6v3" />
      </svg>
      <p>{title}</p>
      {children}
    </div>
  );
}
