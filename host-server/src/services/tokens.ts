// Session tokens: JWTs signed with jose (HS256). Verification pins the algorithm, issuer and
// audience and requires an expiry, so unsigned (`alg: none`), re-signed or stale tokens fail.
// Each token has an id (jti) so logout can revoke it, and carries the user's session epoch so a
// password change or reset ends every older session.
//
// Verifying HS256 through WebCrypto was about a fifth of the CPU of a document list request, so a
// token that verified is remembered (by its exact bytes) until its expiry. Only the signature and
// claim checks are skipped: revocation and the session epoch are still checked on every request
// (routes/requireAuth.ts), so logout and password changes end a session at once.
import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

const ALGORITHM = 'HS256';

export interface TokenClaims {
  userId: string;
  tokenId: string;
  sessionEpoch: number;
  expiresAt: Date;
}

export interface TokenService {
  issue(user: { id: string; sessionEpoch: number }): Promise<string>;
  /** Throws when the token is not one this server issued and still valid. */
  verify(token: string): Promise<TokenClaims>;
}

export interface TokenSettings {
  secret: Uint8Array;
  issuer: string;
  audience: string;
  ttlSeconds: number;
  now?: () => Date;
  /** Verified tokens remembered at most (oldest forgotten first). */
  cacheSize?: number;
}

const DEFAULT_CACHE_SIZE = 10_000;

export function createTokenService(settings: TokenSettings): TokenService {
  const now = settings.now ?? (() => new Date());
  const cacheSize = settings.cacheSize ?? DEFAULT_CACHE_SIZE;
  const verified = new Map<string, TokenClaims>();

  async function verifySignature(token: string): Promise<TokenClaims> {
    const { payload } = await jwtVerify(token, settings.secret, {
      algorithms: [ALGORITHM],
      issuer: settings.issuer,
      audience: settings.audience,
      requiredClaims: ['sub', 'jti', 'exp', 'iat'],
      currentDate: now(),
    });
    if (typeof payload.sv !== 'number' || !payload.sub || !payload.jti || !payload.exp) {
      throw new Error('Token is missing claims');
    }
    return {
      userId: payload.sub,
      tokenId: payload.jti,
      sessionEpoch: payload.sv,
      expiresAt: new Date(payload.exp * 1000),
    };
  }

  return {
    async issue(user) {
      const issuedAt = Math.floor(now().getTime() / 1000);
      return new SignJWT({ sv: user.sessionEpoch })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(user.id)
        .setJti(randomUUID())
        .setIssuer(settings.issuer)
        .setAudience(settings.audience)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + settings.ttlSeconds)
        .sign(settings.secret);
    },
    async verify(token) {
      const cached = verified.get(token);
      // The same rule as jose's: a token is expired from its `exp` second on.
      if (cached && now().getTime() < cached.expiresAt.getTime()) return cached;
      verified.delete(token);
      const claims = await verifySignature(token);
      if (verified.size >= cacheSize) verified.delete(verified.keys().next().value as string);
      verified.set(token, Object.freeze(claims));
      return claims;
    },
  };
}
