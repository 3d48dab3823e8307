import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where the server may POST a push: the endpoint is handed over by a browser, so without a check
 * anyone logged in could make the server call its own network (SSRF). Allowed: `https:` URLs whose
 * host resolves only to public addresses. `allowLocal` (PUSH_ALLOW_LOCAL_ENDPOINTS, never in
 * production) also lets `http://127.0.0.1`/`localhost` through, for a push service in tests.
 */
const NOT_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b::', 96], // NAT64 of any IPv4, private ones included
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const)
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv6');

// NOTE: a BlockList rule for ::ffff:0:0/96 matches every IPv4 address too: mapped addresses are
// taken apart and checked as IPv4 instead.
const MAPPED = new BlockList();
MAPPED.addSubnet('::ffff:0:0', 96, 'ipv6');

/** The IPv4 address inside an IPv4-mapped IPv6 one ('::ffff:7f00:1' → '127.0.0.1'). */
function mappedIpv4(address: string): string | undefined {
  if (isIP(address) !== 6 || !MAPPED.check(address, 'ipv6')) return undefined;
  const groups = new URL(`http://[${address}]`).hostname.slice(1, -1).split(':');
  const [hi, lo] = groups.slice(-2).map((g) => parseInt(g, 16)) as [number, number];
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Whether an address (v4 or v6) is public: not loopback, private, link-local, unique-local, CGNAT … */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  const mapped = mappedIpv4(address);
  if (mapped) return isPublicAddress(mapped);
  return !NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

const isLoopback = (address: string) => {
  const family = isIP(address);
  return family !== 0 && LOOPBACK.check(address, family === 4 ? 'ipv4' : 'ipv6');
};

export type EndpointPolicy = { allowLocal: boolean };

/** Why an endpoint is refused (a code for logs and tests; the donor sees one message). */
export type EndpointRefusal = 'NOT_URL' | 'NOT_HTTPS' | 'CREDENTIALS' | 'UNRESOLVED' | 'NOT_PUBLIC';

export class EndpointRefused extends Error {
  constructor(readonly reason: EndpointRefusal) {
    super(`push endpoint refused: ${reason}`);
  }
}

const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** Whether a resolved address may be called under the policy. */
export function addressAllowed(address: string, policy: EndpointPolicy): boolean {
  return isPublicAddress(address) || (policy.allowLocal && isLoopback(address));
}

/**
 * Checks an endpoint's form, then resolves its host: every address must be allowed (a name
 * answering one public and one private address is refused). Throws EndpointRefused.
 */
export async function checkPushEndpoint(endpoint: string, policy: EndpointPolicy): Promise<URL> {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new EndpointRefused('NOT_URL');
  }
  if (url.username || url.password) throw new EndpointRefused('CREDENTIALS');
  const host = hostOf(url);
  const local = policy.allowLocal && (host === 'localhost' || isLoopback(host));
  if (url.protocol !== 'https:' && !(local && url.protocol === 'http:'))
    throw new EndpointRefused('NOT_HTTPS');
  const addresses = isIP(host)
    ? [host]
    : await lookup(host, { all: true, verbatim: true }).then(
        (r) => r.map((a) => a.address),
        () => [] as string[],
      );
  if (addresses.length === 0) throw new EndpointRefused('UNRESOLVED');
  if (!addresses.every((a) => addressAllowed(a, policy))) throw new EndpointRefused('NOT_PUBLIC');
  return url;
}
