// OpenID Connect sign-in (Google or any compliant provider): authorization code flow with PKCE,
// state and nonce; the ID token is verified against the provider's published keys, issuer and
// client id. The provider's endpoints come from its discovery document.
import { createHash, randomBytes } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import * as z from 'zod';
import type { OidcSettings } from '../config';

const discoverySchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
});
type Discovery = z.infer<typeof discoverySchema>;

const tokenResponseSchema = z.object({ id_token: z.string().min(1) });

export interface OidcIdentity {
  subject: string;
  email: string;
  emailVerified: boolean;
  name?: string;
}

export interface OidcStart {
  url: string;
  state: string;
  nonce: string;
  verifier: string;
}

const FETCH_TIMEOUT_MS = 10_000;

export class OidcClient {
  private readonly settings: OidcSettings;
  private discovered?: Promise<{ discovery: Discovery; keys: JWTVerifyGetKey }>;

  constructor(settings: OidcSettings) {
    this.settings = settings;
  }

  private provider(): Promise<{ discovery: Discovery; keys: JWTVerifyGetKey }> {
    this.discovered ??= (async () => {
      const url = `${this.settings.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
      const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
      if (!response.ok) throw new Error(`OIDC discovery failed: HTTP ${response.status} from ${url}`);
      const discovery = discoverySchema.parse(await response.json());
      return { discovery, keys: createRemoteJWKSet(new URL(discovery.jwks_uri)) };
    })();
    // A failed discovery is retried on the next sign-in rather than cached forever.
    this.discovered.catch(() => (this.discovered = undefined));
    return this.discovered;
  }

  async start(): Promise<OidcStart> {
    const { discovery } = await this.provider();
    const state = randomBytes(24).toString('base64url');
    const nonce = randomBytes(24).toString('base64url');
    const verifier = randomBytes(32).toString('base64url');
    const url = new URL(discovery.authorization_endpoint);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: this.settings.clientId,
      redirect_uri: this.settings.redirectUri,
      scope: 'openid email profile',
      state,
      nonce,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    }).toString();
    return { url: url.toString(), state, nonce, verifier };
  }

  async finish(code: string, verifier: string, nonce: string): Promise<OidcIdentity> {
    const { discovery, keys } = await this.provider();
    const response = await fetch(discovery.token_endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: this.settings.redirectUri,
        client_id: this.settings.clientId,
        client_secret: this.settings.clientSecret,
        code_verifier: verifier,
      }),
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`OIDC token exchange failed: HTTP ${response.status}`);
    const { id_token: idToken } = tokenResponseSchema.parse(await response.json());
    const { payload } = await jwtVerify(idToken, keys, {
      issuer: discovery.issuer,
      audience: this.settings.clientId,
      // Provider tokens are signed with the provider's private key, never a shared secret.
      algorithms: ['RS256', 'PS256', 'ES256', 'EdDSA'],
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    if (payload.nonce !== nonce) throw new Error('OIDC ID token nonce does not match');
    if (typeof payload.email !== 'string' || !payload.sub) throw new Error('OIDC ID token carries no email');
    return {
      subject: payload.sub,
      email: payload.email.toLowerCase(),
      // Only the boolean the specification defines: a string "true" or a missing claim is no assertion.
      emailVerified: payload.email_verified === true,
      name: typeof payload.name === 'string' ? payload.name : undefined,
    };
  }
}
