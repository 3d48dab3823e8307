import {
  createECDH,
  createPublicKey,
  createDecipheriv,
  hkdfSync,
  randomBytes,
  verify,
  type ECDH,
} from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service on this machine, speaking RFC 8030 as the browser vendors' do (theirs cannot be
 * reached from the test machines): it accepts `POST /push/{id}`, checks the VAPID authorisation
 * (RFC 8292: an ES256 JWT for this origin, signed by the key in `k`), decrypts the RFC 8291
 * aes128gcm body with the subscription's private key and auth secret — written here from the RFCs
 * with node:crypto, not with the library the server sends with — and answers 201, or what the
 * test told it (410 for a subscription that is gone).
 */
export type ReceivedPush = {
  subscriptionId: string;
  headers: IncomingMessage['headers'];
  /** The decrypted payload, parsed as JSON. */
  payload: unknown;
  /** The VAPID JWT's claims, once its signature checked out against `vapidKey`. */
  claims: { aud: string; exp: number; sub: string };
  /** The public key of the `k` parameter (base64url), the one the signature was checked with. */
  vapidKey: string;
};

export type BrowserSubscription = {
  endpoint: string;
  keys: { p256dh: string; auth: string };
};

export type PushService = {
  origin: string;
  received: ReceivedPush[];
  /** Requests refused (bad signature, bad encryption …), with the reason. */
  refused: { subscriptionId: string; reason: string }[];
  /** A browser's subscription: a fresh P-256 key pair and auth secret, an endpoint on this service. */
  subscribe(): BrowserSubscription;
  /** Answers this status to every later push for the subscription (410: gone). */
  answer(endpoint: string, status: number): void;
  close(): Promise<void>;
};

const b64u = (b: Buffer) => b.toString('base64url');

/** RFC 8291 §3.4 and RFC 8188 §2: one aes128gcm record, decrypted with the receiver's keys. */
export function decryptAes128gcm(body: Buffer, receiver: ECDH, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error('keyid is not a P-256 public key');
  if (record.length > recordSize) throw new Error('more than one record');
  const ecdhSecret = receiver.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiver.getPublicKey(), senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then any number of zero bytes of padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

/** RFC 8292 §2–3: `vapid t=<JWT>, k=<public key>`; the JWT is ES256 over the raw point of `k`. */
export function verifyVapid(authorization: string | undefined, origin: string, nowSeconds: number) {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? '');
  if (!m) throw new Error('no vapid authorization');
  const [jwt, k] = [m[1]!, m[2]!];
  const [header, claims, signature] = jwt.split('.') as [string, string, string];
  const h = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg: string; typ: string };
  if (h.alg !== 'ES256') throw new Error(`alg ${h.alg}`);
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33)) },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('bad signature');
  const c = JSON.parse(Buffer.from(claims, 'base64url').toString()) as {
    aud: string;
    exp: number;
    sub: string;
  };
  if (c.aud !== origin) throw new Error(`aud ${c.aud}`);
  // At most 24 hours ahead (RFC 8292 §2), and not expired.
  if (!(c.exp > nowSeconds && c.exp <= nowSeconds + 24 * 3600)) throw new Error('exp out of range');
  if (!/^(mailto:|https:)/.test(c.sub)) throw new Error('sub is not mailto: or https:');
  return { claims: c, vapidKey: k };
}

export async function startPushService(): Promise<PushService> {
  const subscriptions = new Map<string, { receiver: ECDH; auth: Buffer; status: number }>();
  const received: ReceivedPush[] = [];
  const refused: PushService['refused'] = [];
  let origin = '';

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1] ?? '';
      const sub = subscriptions.get(id);
      const refuse = (status: number, reason: string) => {
        refused.push({ subscriptionId: id, reason });
        res.writeHead(status).end();
      };
      if (req.method !== 'POST') return refuse(405, 'method');
      if (!sub) return refuse(404, 'unknown subscription');
      if (sub.status !== 201) return refuse(sub.status, `told to answer ${sub.status}`);
      if (req.headers['content-encoding'] !== 'aes128gcm') return refuse(400, 'content-encoding');
      if (!/^\d+$/.test(String(req.headers.ttl ?? ''))) return refuse(400, 'ttl');
      try {
        const vapid = verifyVapid(req.headers.authorization, origin, Math.floor(Date.now() / 1000));
        const plain = decryptAes128gcm(Buffer.concat(chunks), sub.receiver, sub.auth);
        received.push({
          subscriptionId: id,
          headers: req.headers,
          payload: JSON.parse(plain.toString('utf8')),
          ...vapid,
        });
        res.writeHead(201, { Location: `/message/${received.length}` }).end();
      } catch (err) {
        refuse(403, (err as Error).message);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    refused,
    subscribe() {
      const id = randomBytes(8).toString('hex');
      const receiver = createECDH('prime256v1');
      receiver.generateKeys();
      const auth = randomBytes(16);
      subscriptions.set(id, { receiver, auth, status: 201 });
      return {
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: b64u(receiver.getPublicKey()), auth: b64u(auth) },
      };
    },
    answer(endpoint, status) {
      const id = endpoint.split('/').pop()!;
      subscriptions.get(id)!.status = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
