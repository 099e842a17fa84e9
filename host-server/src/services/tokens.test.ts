import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTokenService } from './tokens';

function service(clock: { at: number }, secret = randomBytes(32)) {
  return createTokenService({ secret, issuer: 'marginalia', audience: 'marginalia-app', ttlSeconds: 60, now: () => new Date(clock.at), cacheSize: 2 });
}

describe('session tokens', () => {
  it('keep verifying a remembered token until its expiry second, then refuse it', async () => {
    const clock = { at: Date.parse('2030-01-01T00:00:00Z') };
    const tokens = service(clock);
    const token = await tokens.issue({ id: 'user-1', sessionEpoch: 3 });
    expect(await tokens.verify(token)).toMatchObject({ userId: 'user-1', sessionEpoch: 3 });
    clock.at += 59_999;
    expect((await tokens.verify(token)).userId).toBe('user-1');
    clock.at += 1;
    await expect(tokens.verify(token)).rejects.toThrow();
  });

  it('refuse a token with one byte of its signature changed, even after verifying the original', async () => {
    const clock = { at: Date.now() };
    const tokens = service(clock);
    const token = await tokens.issue({ id: 'user-1', sessionEpoch: 0 });
    await tokens.verify(token);
    const last = token.at(-2) === 'A' ? 'B' : 'A';
    await expect(tokens.verify(`${token.slice(0, -2)}${last}${token.slice(-1)}`)).rejects.toThrow();
    await expect(tokens.verify(await service(clock).issue({ id: 'user-1', sessionEpoch: 0 }))).rejects.toThrow();
  });

  it('still verify tokens after more have been seen than are remembered', async () => {
    const clock = { at: Date.now() };
    const tokens = service(clock);
    const issued = await Promise.all(['a', 'b', 'c', 'd'].map((id) => tokens.issue({ id, sessionEpoch: 0 })));
    for (const token of [...issued, ...issued]) await tokens.verify(token);
    expect((await Promise.all(issued.map((token) => tokens.verify(token)))).map((claims) => claims.userId)).toEqual(['a', 'b', 'c', 'd']);
  });
});
