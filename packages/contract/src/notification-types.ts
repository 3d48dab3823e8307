// NOTE: zod-free on purpose. The header's bell (every page's first load for a logged-in donor)
// reads these labels and limits; a schema built here would pull zod into that load.

/** Notification types as the portal's API has always numbered them: 1 reminder, 2 event, 3 news. */
export const NOTIFICATION_TYPE = {
  REMINDER: 1,
  EVENT: 2,
  NEWS: 3,
} as const;
export type TNotificationType = (typeof NOTIFICATION_TYPE)[keyof typeof NOTIFICATION_TYPE];

export const NOTIFICATION_TYPE_LABELS: Record<TNotificationType, string> = {
  1: 'Nhắc nhở',
  2: 'Sự kiện',
  3: 'Tin tức',
};
/** The label of any other type value. */
export const NOTIFICATION_FALLBACK_LABEL = 'Thông báo';

export function notificationTypeLabel(type: number): string {
  return NOTIFICATION_TYPE_LABELS[type as TNotificationType] ?? NOTIFICATION_FALLBACK_LABEL;
}

/** Where notification previews are cut, in the panel and on the page (characters of visible text). */
export const NOTIFICATION_CUTS = {
  /** Panel title: cut at 50 plus an ellipsis. */
  panelTitle: 50,
  /** Panel content: cut to 80 plus an ellipsis, only when longer than 100. */
  panelContent: 80,
  panelContentThreshold: 100,
  /** Page card content: cut to 100. */
  pageContent: 100,
} as const;

/** Filters of the panel's tabs and of the page, in display order. */
export const NOTIFICATION_FILTERS = [
  { key: 'all', label: 'Tất cả' },
  { key: 'unread', label: 'Chưa đọc', unread: true },
  { key: 'reminder', label: 'Nhắc nhở', type: NOTIFICATION_TYPE.REMINDER },
  { key: 'event', label: 'Sự kiện', type: NOTIFICATION_TYPE.EVENT },
  { key: 'news', label: 'Tin tức', type: NOTIFICATION_TYPE.NEWS },
] as const satisfies readonly { key: string; label: string; unread?: boolean; type?: TNotificationType }[];
export type TNotificationFilterKey = (typeof NOTIFICATION_FILTERS)[number]['key'];

/** Texts of the notification panel and pages, and of their error states. */
export const NOTIFICATION_TEXTS = {
  empty: 'Không có thông báo',
  viewAll: 'Xem tất cả thông báo',
  moreDetails: 'Xem thêm chi tiết',
  loadFailed: 'Đã có lỗi xảy ra',
  listFailed: 'Failed to fetch notifications',
  newNotifications: (n: number) => `Bạn có ${n} thông báo mới.`,
  notFound: 'Không tìm thấy thông báo',
} as const;
