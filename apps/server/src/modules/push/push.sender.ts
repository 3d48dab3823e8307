import type { TPushPayload } from '@giot-hong/contract';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type webpush from 'web-push';
import { addressAllowed, checkPushEndpoint, EndpointRefused, type EndpointPolicy } from './push-endpoint.ts';

export type PushTarget = { endpoint: string; p256dh: string; auth: string };

/**
 * What a push service said: SENT (201 and other 2xx), GONE (404/410: the subscription is over, RFC
 * 8030 §7.3), or FAILED with a code for the log (never the endpoint: it identifies a device).
 */
export type PushOutcome = { outcome: 'SENT' } | { outcome: 'GONE' } | { outcome: 'FAILED'; code: string };

/** How long a push service keeps a message for an offline device: a day, then it is stale news. */
export const PUSH_TTL_SECONDS = 24 * 3600;
const TIMEOUT_MS = 10_000;

/**
 * Sends Web Push messages: `web-push` encrypts the payload (RFC 8291, aes128gcm) and signs the
 * VAPID header (RFC 8292); the request itself is ours, so that the connection goes only to the
 * addresses the endpoint guard allows — checked again when the socket resolves the name, which
 * closes the gap a name re-pointed between the check and the call (DNS rebinding) would open.
 */
export function createPushSender(opts: {
  vapid: { subject: string; publicKey: string; privateKey: string };
  policy: EndpointPolicy;
}) {
  const guardedLookup: LookupFunction = (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 4);
      if (addresses.length === 0 || !addresses.every((a) => addressAllowed(a.address, opts.policy)))
        return callback(new EndpointRefused('NOT_PUBLIC'), '', 4);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };

  function post(url: URL, headers: Record<string, string | number>, body: Buffer): Promise<number> {
    const request = url.protocol === 'https:' ? https.request : http.request;
    return new Promise((resolve, reject) => {
      const req = request(
        url,
        { method: 'POST', headers, lookup: guardedLookup, timeout: TIMEOUT_MS },
        (res) => {
          // The body says nothing we act on; drain it so the socket is freed.
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error('push timeout')));
      req.on('error', reject);
      req.end(body);
    });
  }

  return {
    publicKey: opts.vapid.publicKey,

    async send(
      target: PushTarget,
      payload: TPushPayload,
      urgency: webpush.Urgency = 'normal',
    ): Promise<PushOutcome> {
      let url: URL;
      try {
        url = await checkPushEndpoint(target.endpoint, opts.policy);
      } catch (err) {
        return { outcome: 'FAILED', code: err instanceof EndpointRefused ? err.reason : 'NOT_URL' };
      }
      // Loaded with the first notification pushed, not at start (ADR 37).
      const { default: webPush } = await import('web-push');
      const details = webPush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: opts.vapid,
          TTL: PUSH_TTL_SECONDS,
          urgency,
          contentEncoding: 'aes128gcm',
        },
      );
      try {
        const status = await post(url, details.headers as Record<string, string | number>, details.body);
        if (status >= 200 && status < 300) return { outcome: 'SENT' };
        if (status === 404 || status === 410) return { outcome: 'GONE' };
        return { outcome: 'FAILED', code: `HTTP_${status}` };
      } catch (err) {
        if (err instanceof EndpointRefused) return { outcome: 'FAILED', code: err.reason };
        const code = (err as { code?: unknown }).code;
        return { outcome: 'FAILED', code: typeof code === 'string' ? code : 'NETWORK' };
      }
    },
  };
}
export type PushSender = ReturnType<typeof createPushSender>;
