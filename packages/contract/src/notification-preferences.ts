import { z } from 'zod';
import { ZEnvelope } from './envelope.ts';

// ---------------------------------------------------------------------------------------------
// The donor's preferences for messages (issue 34, ADR 33)

/**
 * The kinds of message the portal makes. Every message is one of them, and the dispatcher applies
 * the donor's choice for its kind: REMINDER (appointments: confirmations, reminders, 'donate again'),
 * APPEAL, JOURNEY (where a donation went, honours, certificates), NEWS (news and staff broadcasts),
 * ACCOUNT (identity, security, data rights).
 */
export const MESSAGE_KINDS = ['REMINDER', 'APPEAL', 'JOURNEY', 'NEWS', 'ACCOUNT'] as const;
export type TMessageKind = (typeof MESSAGE_KINDS)[number];

/** The portal's own list is always on; e-mail and push are the donor's choice. */
export const MESSAGE_CHANNELS = ['PORTAL', 'EMAIL', 'PUSH'] as const;
export type TMessageChannel = (typeof MESSAGE_CHANNELS)[number];

export const MESSAGE_KIND_LABELS: Record<TMessageKind, string> = {
  REMINDER: 'Nhắc lịch hẹn',
  APPEAL: 'Lời kêu gọi hiến máu',
  JOURNEY: 'Hành trình giọt máu',
  NEWS: 'Tin tức',
  ACCOUNT: 'Tài khoản và bảo mật',
};

export const MESSAGE_CHANNEL_LABELS: Record<TMessageChannel, string> = {
  PORTAL: 'Trong cổng thông tin',
  EMAIL: 'Thư điện tử',
  PUSH: 'Thông báo đẩy',
};

/**
 * Choices no donor can change: the portal's list holds every message, and account-security mail
 * (a new login, the data-rights steps) always goes, whatever the hour.
 */
export const FIXED_CHANNELS: { kind: TMessageKind | '*'; channel: TMessageChannel }[] = [
  { kind: '*', channel: 'PORTAL' },
  { kind: 'ACCOUNT', channel: 'EMAIL' },
];
export const isFixedChannel = (kind: TMessageKind, channel: TMessageChannel) =>
  FIXED_CHANNELS.some((f) => (f.kind === '*' || f.kind === kind) && f.channel === channel);

/** Vietnam time; e-mail and push of every kind but ACCOUNT wait from `start` until `end`. */
export const DEFAULT_QUIET_HOURS = { start: '21:00', end: '07:00' } as const;

export const NOTIFICATION_PREFERENCE_TEXTS = {
  title: 'Cài đặt thông báo',
  kind: 'Loại thông báo',
  alwaysOn: 'Luôn bật',
  quietHours: 'Giờ yên lặng (giờ Việt Nam)',
  quietStart: 'Từ',
  quietEnd: 'Đến',
  quietHint:
    'Trong giờ yên lặng, thư điện tử và thông báo đẩy được giữ lại đến cuối giờ; tin về tài khoản và bảo mật vẫn gửi ngay.',
  save: 'Lưu cài đặt',
  saved: 'Đã lưu cài đặt thông báo',
  sameTimes: 'Giờ bắt đầu và giờ kết thúc phải khác nhau',
} as const;

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;
export const ZTimeOfDay = z.string().regex(HH_MM, 'Giờ theo dạng HH:mm, ví dụ 21:00');

export const ZQuietHours = z
  .object({ start: ZTimeOfDay, end: ZTimeOfDay })
  .refine((q) => q.start !== q.end, { message: NOTIFICATION_PREFERENCE_TEXTS.sameTimes, path: ['end'] });
export type TQuietHours = z.infer<typeof ZQuietHours>;

const ZKindChannels = z.object({ PORTAL: z.boolean(), EMAIL: z.boolean(), PUSH: z.boolean() });

export const ZNotificationPreferences = z.object({
  channels: z.object({
    REMINDER: ZKindChannels,
    APPEAL: ZKindChannels,
    JOURNEY: ZKindChannels,
    NEWS: ZKindChannels,
    ACCOUNT: ZKindChannels,
  }),
  quietHours: ZQuietHours,
});
export type TNotificationPreferences = z.infer<typeof ZNotificationPreferences>;
/** The fixed channels may be sent either way: the server keeps them on. */
export const ZNotificationPreferencesRequest = ZNotificationPreferences;
export const ZNotificationPreferencesResponse = ZEnvelope(ZNotificationPreferences);

export const NOTIFICATION_PREFERENCES_API = { mine: '/api/notifications/preferences' } as const;

/** Minutes after midnight of 'HH:mm'. */
export const minutesOfDay = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether a Vietnam time of day (minutes after midnight) falls in the quiet hours; they may cross midnight. */
export function inQuietHours(vnMinutes: number, q: TQuietHours): boolean {
  const start = minutesOfDay(q.start);
  const end = minutesOfDay(q.end);
  return start < end ? vnMinutes >= start && vnMinutes < end : vnMinutes >= start || vnMinutes < end;
}
