import { deviceLabel, type TPushSubscriptionRequest } from '@giot-hong/contract';
import { serviceWorkerRegistration } from '../../../lib/pwa';
import { getPushKey } from '../api/push-devices';

/*
 * Turning on push for this browser. Called from the button's click only: browsers ask the donor's
 * permission there, and a request made on page load would be refused (or resented). The service
 * worker that shows the pushes is the app's (`lib/pwa.ts`); this file only subscribes through it.
 */

export type PushSupport = 'SUPPORTED' | 'UNSUPPORTED';

export const pushSupport = (): PushSupport =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window
    ? 'SUPPORTED'
    : 'UNSUPPORTED';

/** The VAPID key (base64url) as the bytes `pushManager.subscribe` takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/**
 * Subscribes through a service worker registration and returns what the server stores. The hook
 * for the app's service worker: anything holding a registration may call it.
 */
export async function subscribeThisDevice(
  registration: ServiceWorkerRegistration,
): Promise<TPushSubscriptionRequest> {
  const { publicKey } = await getPushKey();
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    }));
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    label: deviceLabel(navigator.userAgent),
  };
}

export type EnableResult =
  { outcome: 'SUBSCRIBED'; request: TPushSubscriptionRequest } | { outcome: 'DENIED' | 'UNSUPPORTED' };

/** Asks the permission (now, after the donor's click), then subscribes this browser. */
export async function enablePushOnThisDevice(): Promise<EnableResult> {
  if (pushSupport() === 'UNSUPPORTED') return { outcome: 'UNSUPPORTED' };
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return { outcome: 'DENIED' };
  // The app's own worker (lib/pwa.ts, ADR 34): none in a development build or where refused.
  const registration = await serviceWorkerRegistration();
  if (!registration) return { outcome: 'UNSUPPORTED' };
  return { outcome: 'SUBSCRIBED', request: await subscribeThisDevice(registration) };
}
