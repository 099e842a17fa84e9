import { describe, expect, it } from 'vitest';
import { clientAddressResolver } from './clientAddress';
import { parseEnv, proxyTrustFromEnv } from './config';

describe('client address', () => {
  const local = clientAddressResolver({
    kind: 'addresses',
    ranges: ['127.0.0.0/8', '::1', '10.0.0.0/8', '192.168.0.0/16'],
  });

  it('walks X-Forwarded-For from the right past trusted proxies only', () => {
    expect(local('::ffff:127.0.0.1', '1.1.1.1, 203.0.113.7')).toBe('203.0.113.7');
    expect(local('10.0.0.2', '1.1.1.1, 203.0.113.7, 192.168.1.4')).toBe('203.0.113.7');
    expect(local('::1', 'spoofed, 2001:db8::7')).toBe('2001:db8::7');
  });

  it('believes no header from a peer that is not a trusted proxy', () => {
    expect(local('198.51.100.9', '203.0.113.7')).toBe('198.51.100.9');
  });

  it('takes the leftmost address when every hop is a trusted proxy, and the peer without a header', () => {
    expect(local('127.0.0.1', '10.1.2.3, 192.168.0.5')).toBe('10.1.2.3');
    expect(local('127.0.0.1', '')).toBe('127.0.0.1');
  });

  it('matches configured addresses and CIDR ranges of both families', () => {
    const resolve = clientAddressResolver({ kind: 'addresses', ranges: ['203.0.113.0/24', '2001:db8::1'] });
    expect(resolve('203.0.113.50', 'x, 198.51.100.1')).toBe('198.51.100.1');
    expect(resolve('2001:db8::1', '198.51.100.1')).toBe('198.51.100.1');
    expect(resolve('2001:db8::2', '198.51.100.1')).toBe('2001:db8::2');
  });

  it('skips a fixed number of hops, never past the leftmost entry', () => {
    const resolve = clientAddressResolver({ kind: 'hops', hops: 1 });
    expect(resolve('10.0.0.1', 'spoofed, 203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressResolver({ kind: 'hops', hops: 5 })('10.0.0.1', '203.0.113.7')).toBe('203.0.113.7');
  });

  it('is the peer itself when no proxy is trusted', () => {
    expect(clientAddressResolver({ kind: 'none' })('::ffff:127.0.0.1', '203.0.113.7')).toBe('127.0.0.1');
  });
});

describe('proxy configuration', () => {
  it('reads TRUSTED_PROXIES and TRUST_PROXY_HOPS', () => {
    expect(proxyTrustFromEnv(parseEnv({ TRUSTED_PROXIES: '10.0.0.0/8, 2001:db8::1' }))).toEqual({
      kind: 'addresses',
      ranges: ['10.0.0.0/8', '2001:db8::1'],
    });
    expect(proxyTrustFromEnv(parseEnv({ TRUST_PROXY_HOPS: '2' }))).toEqual({ kind: 'hops', hops: 2 });
    expect(proxyTrustFromEnv(parseEnv({}))).toEqual({ kind: 'none' });
    expect(proxyTrustFromEnv(parseEnv({ TRUST_PROXY: 'false' }))).toEqual({ kind: 'none' });
  });

  // It trusted every private address: a client on the office network, not a proxy, could send
  // X-Forwarded-For and be counted as anyone it liked.
  it.each(['true', '1'])('refuses TRUST_PROXY=%s, asking for the proxies by name or number', (value) => {
    expect(() => parseEnv({ TRUST_PROXY: value })).toThrow(
      'TRUST_PROXY: is no longer read as true: name your proxies in TRUSTED_PROXIES (e.g. 127.0.0.1 for one on this machine) or give their number in TRUST_PROXY_HOPS',
    );
  });

  it('refuses bad entries and more than one way of saying it', () => {
    expect(() => parseEnv({ TRUSTED_PROXIES: '10.0.0.0/33' })).toThrow(
      '"10.0.0.0/33" is not an IP address or CIDR range',
    );
    expect(() => parseEnv({ TRUSTED_PROXIES: 'proxy.local' })).toThrow(
      'TRUSTED_PROXIES: "proxy.local" is not an IP address',
    );
    expect(() => parseEnv({ TRUST_PROXY_HOPS: '0' })).toThrow(
      'TRUST_PROXY_HOPS: must be a whole number of proxies',
    );
    expect(() => parseEnv({ TRUSTED_PROXIES: '127.0.0.1', TRUST_PROXY_HOPS: '1' })).toThrow(
      'TRUSTED_PROXIES, TRUST_PROXY_HOPS: set only one of them',
    );
  });
});
