import type { FastifyRequest } from 'fastify';

// Who is 'this machine': /dev/mail and /metrics on the main port answer such requests only.

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (`::ffff:127.0.0.1`), with or without brackets. */
export function isLoopbackAddress(address: string): boolean {
  let a = address.trim().toLowerCase().replace(/^"|"$/g, '');
  // `[::1]:4711` (Forwarded) and `127.0.0.1:80`: the address without its port.
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(a);
  if (bracketed) a = bracketed[1]!;
  else if (/^[\d.]+:\d+$/.test(a)) a = a.slice(0, a.lastIndexOf(':'));
  if (a.startsWith('::ffff:')) a = a.slice('::ffff:'.length);
  return a === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(a);
}

/** Every client address a forwarding header names (X-Forwarded-For, X-Real-IP, Forwarded's `for=`). */
function forwardedAddresses(request: FastifyRequest): string[] {
  const values = (name: string) => {
    const v = request.headers[name];
    return v === undefined ? [] : Array.isArray(v) ? v : [v];
  };
  const listed = [...values('x-forwarded-for'), ...values('x-real-ip')].flatMap((v) => v.split(','));
  const forwardedFor = values('forwarded').flatMap((v) =>
    [...v.matchAll(/for=("[^"]*"|[^;,\s]*)/gi)].map((m) => m[1]!),
  );
  return [...listed, ...forwardedFor].filter((a) => a.trim() !== '');
}

/**
 * Whether the request comes from this machine. The socket's own address decides, never
 * `request.ip`: with TRUST_PROXY a forwarding header sets that, and anyone can send one. A request
 * that arrives through a proxy on this machine (a loopback socket) names its real client in the
 * forwarding headers: every address named there must be loopback too.
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  const socketAddress = request.raw.socket?.remoteAddress;
  if (!socketAddress || !isLoopbackAddress(socketAddress)) return false;
  return forwardedAddresses(request).every(isLoopbackAddress);
}
