import { Inbox, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * Shared empty view; `title` replaces the default text where a list needs its own wording.
 * `icon` says what the list would hold (people, messages, campaigns …); the default is
 * a neutral empty tray — never a trash can, which reads as "deleted".
 */
export function EmptyView({
  title = 'Không có dữ liệu',
  icon: Icon = Inbox,
  children,
}: {
  title?: string;
  icon?: LucideIcon;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 py-12 text-center text-slate-600">
      <Icon
        aria-hidden
        data-empty-icon={Icon.displayName}
        className="size-10 text-slate-400"
        strokeWidth={1.5}
      />
      <p>{title}</p>
      {children}
    </div>
  );
}
