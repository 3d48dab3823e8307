import { NOTIFICATION_FILTERS, type TNotificationFilterKey } from '@giot-hong/contract';
import { Tabs } from 'radix-ui';
import type { ReactNode } from 'react';

/**
 * Tất cả, Chưa đọc, Nhắc nhở, Sự kiện, Tin tức as tabs: arrow keys move
 * between them; only the chosen tab's list is mounted. They wrap onto a second line when the
 * width runs out (360 px), so every filter stays in sight: a sideways scroll gave no hint.
 */
export function NotificationFilterTabs({
  value,
  onChange,
  label,
  children,
  listClassName = '',
}: {
  value: TNotificationFilterKey;
  onChange: (value: TNotificationFilterKey) => void;
  label: string;
  children: ReactNode;
  listClassName?: string;
}) {
  return (
    <Tabs.Root
      value={value}
      onValueChange={(v) => onChange(v as TNotificationFilterKey)}
      activationMode="manual"
      className="flex min-h-0 flex-1 flex-col"
    >
      <Tabs.List aria-label={label} className={`flex shrink-0 flex-wrap gap-1 ${listClassName}`}>
        {NOTIFICATION_FILTERS.map((f) => (
          <Tabs.Trigger
            key={f.key}
            value={f.key}
            className="shrink-0 rounded-full px-3 py-1.5 text-sm font-medium whitespace-nowrap text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 data-[state=active]:bg-brand-600 data-[state=active]:text-white"
          >
            {f.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {NOTIFICATION_FILTERS.map((f) => (
        <Tabs.Content key={f.key} value={f.key} className="min-h-0 flex-1 focus-visible:outline-none">
          {f.key === value ? children : null}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
