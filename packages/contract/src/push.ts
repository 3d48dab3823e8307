import { z } from 'zod';
import { ZEnvelope } from './envelope.ts';

// ---------------------------------------------------------------------------------------------
// Web Push (RFC 8030, 8291, 8292): the donor's devices

export const PUSH_API = {
  /** The VAPID public key a browser subscribes with (`applicationServerKey`). */
  key: '/api/push/key',
  subscriptions: '/api/push/subscriptions',
  subscription: (id: number | string) => `/api/push/subscriptions/${id}`,
} as const;

export const PUSH_TEXTS = {
  enable: 'Bật thông báo đẩy trên thiết bị này',
  enabled: 'Đã bật thông báo đẩy trên thiết bị này',
  devices: 'Thiết bị nhận thông báo đẩy',
  noDevices: 'Chưa có thiết bị nào nhận thông báo đẩy',
  remove: 'Gỡ',
  removed: 'Đã gỡ thiết bị',
  added: 'Đã thêm thiết bị',
  added_at: 'Thêm lúc',
  denied:
    'Trình duyệt đã chặn thông báo. Hãy cho phép thông báo cho trang này trong cài đặt của trình duyệt.',
  unsupported: 'Trình duyệt này không hỗ trợ thông báo đẩy',
  badEndpoint: 'Địa chỉ nhận thông báo đẩy không hợp lệ',
  notFound: 'Không tìm thấy thiết bị',
  unknownDevice: 'Thiết bị không rõ tên',
} as const;

/** Base64url of the browser's P-256 public key (65 bytes) and its 16-byte auth secret. */
const ZBase64Url = z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/);

export const ZPushSubscriptionRequest = z.object({
  endpoint: z.string().url().max(2048),
  keys: z.object({ p256dh: ZBase64Url.min(80).max(100), auth: ZBase64Url.min(16).max(32) }),
  /** What the donor will recognise in the list: 'Chrome trên Android', from the user agent. */
  label: z.string().trim().max(120).optional(),
});
export type TPushSubscriptionRequest = z.infer<typeof ZPushSubscriptionRequest>;

export const ZPushSubscription = z.object({
  id: z.number().int(),
  label: z.string(),
  /** The push service's host only: enough to tell devices apart, nothing to reuse. */
  service: z.string(),
  created: z.string(),
  lastSuccess: z.string().nullable(),
});
export type TPushSubscription = z.infer<typeof ZPushSubscription>;
export const ZPushSubscriptionResponse = ZEnvelope(ZPushSubscription);
export const ZPushSubscriptionListResponse = ZEnvelope(z.array(ZPushSubscription));
export const ZPushSubscriptionIdParams = z.object({ id: z.coerce.number().int().positive() });
export const ZPushKeyResponse = ZEnvelope(z.object({ publicKey: z.string() }));

/** What a push carries; the service worker shows `title` and `body` and opens `url` on a tap. */
export const ZPushPayload = z.object({ title: z.string(), body: z.string(), url: z.string() });
export type TPushPayload = z.infer<typeof ZPushPayload>;

/** A short device name from a user agent: browser and system, in Vietnamese. */
export function deviceLabel(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : undefined;
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : undefined;
  if (browser && system) return `${browser} trên ${system}`;
  return browser ?? system ?? PUSH_TEXTS.unknownDevice;
}
