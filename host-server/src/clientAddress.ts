// The client's address behind reverse proxies (rate limits are keyed by it). X-Forwarded-For is a
// list every proxy appends its peer to, so only its right end can be believed: starting from the
// connection's own peer, each address that is a trusted proxy hands over to the one it reported
// (the entry to its left), and the first address that is not a trusted proxy is the client.
// Whatever a client writes itself sits left of that and is never reached. This is the rule of
// Express's `trust proxy` (proxy-addr).
import { BlockList, isIP } from 'node:net';
import type { Middleware } from 'koa';

/** Which peers may speak for the client (see README, TRUSTED_PROXIES / TRUST_PROXY_HOPS). */
export type ProxyTrust =
  | { kind: 'none' }
  /** Peers within these addresses or CIDR ranges are proxies. */
  | { kind: 'addresses'; ranges: string[] }
  /** Exactly this many proxies stand in front of the server. */
  | { kind: 'hops'; hops: number };

export const NO_PROXY: ProxyTrust = { kind: 'none' };

/** `::ffff:192.0.2.1` (an IPv4 peer of a dual-stack socket) as `192.0.2.1`; other text unchanged. */
function plain(address: string): string {
  const trimmed = address.trim();
  return /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(trimmed) ? trimmed.slice(7) : trimmed;
}

/** Parses `192.0.2.1`, `10.0.0.0/8`, `2001:db8::/32`; throws naming the entry otherwise. */
export function proxyList(ranges: string[]): BlockList {
  const list = new BlockList();
  for (const entry of ranges) {
    const [address = '', bits] = plain(entry).split('/');
    const family = isIP(address);
    const prefix = bits === undefined ? (family === 6 ? 128 : 32) : Number(bits);
    if (family === 0 || !Number.isInteger(prefix) || prefix < 0 || prefix > (family === 6 ? 128 : 32)) {
      throw new Error(`"${entry}" is not an IP address or CIDR range`);
    }
    list.addSubnet(address, prefix, family === 6 ? 'ipv6' : 'ipv4');
  }
  return list;
}

function isTrusted(list: BlockList, address: string): boolean {
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** Builds the function giving a request's client address from its peer and X-Forwarded-For. */
export function clientAddressResolver(trust: ProxyTrust): (peer: string, forwardedFor: string) => string {
  if (trust.kind === 'none') return (peer) => plain(peer);
  const trusted = trust.kind === 'addresses' ? proxyList(trust.ranges) : undefined;
  return (peer, forwardedFor) => {
    // Nearest first: the peer, then the forwarded addresses from right to left.
    const chain = [peer, ...forwardedFor.split(',').reverse()].map(plain).filter(Boolean);
    if (trust.kind === 'hops') return chain[Math.min(trust.hops, chain.length - 1)] ?? '';
    let index = 0;
    while (index < chain.length - 1 && trusted && isTrusted(trusted, chain[index] ?? '')) index += 1;
    return chain[index] ?? '';
  };
}

/**
 * Sets `ctx.ip` to the client's address; not installed at all when no proxy is trusted. Without an
 * X-Forwarded-For header the peer is the client, as Koa has it already: nothing to do, and nothing
 * done (not even a promise made) on such requests.
 */
export function clientAddressMiddleware(trust: ProxyTrust): Middleware {
  const resolve = clientAddressResolver(trust);
  return (ctx, next) => {
    const forwardedFor = ctx.req.headers['x-forwarded-for'];
    if (forwardedFor !== undefined) {
      const list = Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor;
      ctx.request.ip = resolve(ctx.req.socket.remoteAddress ?? '', list);
    }
    return next();
  };
}
