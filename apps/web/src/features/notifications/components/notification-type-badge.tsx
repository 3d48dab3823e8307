import { NOTIFICATION_TYPE, notificationTypeLabel } from '@giot-hong/contract';

const STYLES: Record<number, string> = {
  [NOTIFICATION_TYPE.REMINDER]: 'bg-amber-100 text-amber-900',
  [NOTIFICATION_TYPE.EVENT]: 'bg-sky-100 text-sky-900',
  [NOTIFICATION_TYPE.NEWS]: 'bg-emerald-100 text-emerald-900',
};

/** 'Nhắc nhở', 'Sự kiện', 'Tin tức', or 'Thông báo' for any other type. */
export function NotificationTypeBadge({ type }: { type: number }) {
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-semibold ${STYLES[type] ?? 'bg-slate-100 text-slate-800'}`}
    >
      {notificationTypeLabel(type)}
    </span>
  );
}
