import { describe, expect, it } from 'vitest';
import { clientAddressResolver, LOCAL_PROXIES } from './clientAddress';
import { parseEnv, proxyTrustFromEnv } from './config';

describe('client address', () => {
  const local = clientAddressResolver({ kind: 'addresses', ranges: LOCAL_PROXIES });

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
  it('reads TRUSTED_PROXIES, TRUST_PROXY_HOPS, and TRUST_PROXY=true as local proxies', () => {
    expect(proxyTrustFromEnv(parseEnv({ TRUSTED_PROXIES: '10.0.0.0/8, 2001:db8::1' }))).toEqual({
      kind: 'addresses',
      ranges: ['10.0.0.0/8', '2001:db8::1'],
    });
    expect(proxyTrustFromEnv(parseEnv({ TRUST_PROXY_HOPS: '2' }))).toEqual({ kind: 'hops', hops: 2 });
    expect(proxyTrustFromEnv(parseEnv({ TRUST_PROXY: 'true' }))).toEqual({
      kind: 'addresses',
      ranges: LOCAL_PROXIES,
    });
    expect(proxyTrustFromEnv(parseEnv({}))).toEqual({ kind: 'none' });
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
    expect(() => parseEnv({ TRUST_PROXY: 'true', TRUST_PROXY_HOPS: '1' })).toThrow(
      'TRUST_PROXY, TRUST_PROXY_HOPS: set only one of them',
    );
  });
});
