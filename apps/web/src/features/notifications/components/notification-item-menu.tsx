import type { TNotification } from '@giot-hong/contract';
import { EllipsisVertical } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useToggleNotification } from '../api/toggle-notification';

/** The per-item menu: marks the notification read or unread. */
export function NotificationItemMenu({ notification }: { notification: TNotification }) {
  const toggle = useToggleNotification();
  const label = notification.status ? 'Đánh dấu là chưa đọc' : 'Đánh dấu là đã đọc';
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="grid size-9 shrink-0 place-items-center rounded-full text-slate-600 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-brand-600 data-[state=open]:bg-slate-200">
        <EllipsisVertical aria-hidden className="size-5" />
        <span className="sr-only">Tùy chọn thông báo: {notification.title}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          // Above the notification panel (z-50).
          className="z-[60] min-w-48 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
        >
          <DropdownMenu.Item
            onSelect={() => toggle.mutate({ id: notification.id, status: !notification.status })}
            className="cursor-pointer rounded-md px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-brand-50 data-[highlighted]:text-brand-800"
          >
            {label}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
