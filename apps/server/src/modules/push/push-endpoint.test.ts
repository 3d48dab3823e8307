import { describe, expect, it } from 'vitest';
import { checkPushEndpoint, EndpointRefused, isPublicAddress } from './push-endpoint.ts';

const refusal = (endpoint: string, allowLocal = false) =>
  checkPushEndpoint(endpoint, { allowLocal }).then(
    () => 'ALLOWED',
    (err: unknown) => (err instanceof EndpointRefused ? err.reason : String(err)),
  );

describe('the push endpoint guard', () => {
  it('refuses loopback, private, link-local, unique-local and CGNAT addresses, and plain http', async () => {
    expect(await refusal('https://127.0.0.1/push/1')).toBe('NOT_PUBLIC');
    expect(await refusal('http://example.com/push/1')).toBe('NOT_HTTPS');
    expect(await refusal('https://10.0.0.1/push/1')).toBe('NOT_PUBLIC');
    // A name that resolves to loopback (the hosts file here, any resolver elsewhere).
    expect(await refusal('https://localhost/push/1')).toBe('NOT_PUBLIC');
    for (const address of [
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fd12::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '::ffff:7f00:1',
    ])
      expect([address, isPublicAddress(address)]).toEqual([address, false]);
    for (const address of ['8.8.8.8', '142.250.190.78', '2606:4700:4700::1111'])
      expect([address, isPublicAddress(address)]).toEqual([address, true]);
    expect(await refusal('https://user:pw@8.8.8.8/push')).toBe('CREDENTIALS');
    expect(await refusal('not a url')).toBe('NOT_URL');
    expect(await refusal('https://8.8.8.8/push/1')).toBe('ALLOWED');
  });

  it('with PUSH_ALLOW_LOCAL_ENDPOINTS, a push service on this machine only', async () => {
    expect(await refusal('http://127.0.0.1:8080/push/1', true)).toBe('ALLOWED');
    expect(await refusal('http://localhost:8080/push/1', true)).toBe('ALLOWED');
    expect(await refusal('https://10.0.0.1/push/1', true)).toBe('NOT_PUBLIC');
    expect(await refusal('http://8.8.8.8/push/1', true)).toBe('NOT_HTTPS');
  });
});
