// Session tokens: JWTs signed with jose (HS256). Verification pins the algorithm, issuer and
// audience and requires an expiry, so unsigned (`alg: none`), re-signed or stale tokens fail.
// Each token has an id (jti) so logout can revoke it, and carries the user's session epoch so a
// password change or reset ends every older session.
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
}

export function createTokenService(settings: TokenSettings): TokenService {
  const now = settings.now ?? (() => new Date());
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
    },
  };
}
