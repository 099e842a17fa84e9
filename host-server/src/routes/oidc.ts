// /api/auth/google and /api/auth/microsoft: social sign-in through OpenID Connect, one code for every
// provider (Microsoft is Entra ID). Both ends answer with a redirect to the app's /auth/callback,
// carrying `?token=…` on success or `?error=…` otherwise (spec section 2). GET /api/auth/providers
// tells the app which providers are configured, so it offers only those.
// A provider identity joins an existing account only when the provider asserts `email_verified:
// true`. An account whose owner never verified the address goes to the identity the provider
// vouches for: whoever registered it first cannot keep the address's owner out, and loses its
// password and sessions. Starting a sign-in is rate limited per address, as each records a flow.
import type Router from '@koa/router';
import { jwtVerify, SignJWT } from 'jose';
import type { Context } from 'koa';
import type { OidcSettings } from '../config';
import type { ServerContext } from '../context';
import { describeError } from '../logger';
import { isoNow } from '../models/BaseModel';
import { claimUnverifiedAccount, createUser, sha256 } from '../services/accounts';
import { OidcClient, type OidcIdentity } from '../services/oidc';

const COOKIE = 'marginalia_oidc';
const FLOW_TTL_SECONDS = 600;
const FLOW_AUDIENCE = 'marginalia-oidc-flow';

export const SIGN_IN_PROVIDERS = ['google', 'microsoft'] as const;
export type SignInProvider = (typeof SIGN_IN_PROVIDERS)[number];

function settingsOf(server: ServerContext, provider: SignInProvider): OidcSettings | undefined {
  return provider === 'google' ? server.config.oidc : server.config.microsoftOidc;
}

/** The providers whose settings are complete, in the order the app shows them. */
export function configuredProviders(server: ServerContext): SignInProvider[] {
  return SIGN_IN_PROVIDERS.filter((provider) => settingsOf(server, provider) !== undefined);
}

/**
 * The key an identity is stored under in `users.oidc_subject`. Subjects are unique per issuer only,
 * so other providers' are prefixed; Google's stay bare, as accounts linked before stored them.
 */
export function subjectKey(provider: SignInProvider, subject: string): string {
  return provider === 'google' ? subject : `${provider}:${subject}`;
}

function redirectToApp(server: ServerContext, ctx: Context, params: Record<string, string>): void {
  ctx.redirect(`${server.config.appUrl}/auth/callback?${new URLSearchParams(params).toString()}`);
}

/** The `?error=` codes a refused sign-in sends the app, which explains each to the user. */
export const SIGN_IN_ERRORS = {
  /** The provider does not vouch for the address (`email_verified` is not the boolean true). */
  providerEmailUnverified: 'email_not_verified',
  /** Too many sign-ins started from this address lately. */
  tooManyAttempts: 'too_many_attempts',
  /** Anything else: a forged, replayed or expired flow, or a token that does not verify. */
  failed: 'sign_in_failed',
} as const;

class SignInRefused extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

async function userFor(server: ServerContext, provider: SignInProvider, identity: OidcIdentity) {
  const { User } = server.models;
  const oidcSubject = subjectKey(provider, identity.subject);
  const linked = await User.query().findOne({ oidcSubject });
  if (linked) return linked;
  // An address the provider does not vouch for could belong to someone else: it neither joins an
  // existing account nor takes the address for a new one.
  if (!identity.emailVerified) {
    throw new SignInRefused(SIGN_IN_ERRORS.providerEmailUnverified, 'OIDC account email is not verified');
  }
  const existing = await User.query().findOne({ email: identity.email });
  if (existing) {
    // Whoever registered this address without proving it may not own it; the provider says who does.
    if (!existing.emailVerifiedAt) return claimUnverifiedAccount(server, existing, { oidcSubject, name: nameOf(identity) });
    await User.query().findById(existing.id).patch({ oidcSubject });
    return existing;
  }
  return createUser(server, { name: nameOf(identity), email: identity.email, oidcSubject, emailVerified: true });
}

/** The provider's name for the user, or the address's local part, fitted to the name rules. */
function nameOf(identity: OidcIdentity): string {
  const fallbackName = identity.email.split('@')[0] ?? 'User';
  const name = (identity.name ?? fallbackName).trim().slice(0, 100) || 'User';
  return name.length >= 2 ? name : `${name} ${name}`;
}

/** Forgets a started flow; true only for the first callback of a flow that has not expired. */
async function spendFlow(server: ServerContext, state: string): Promise<boolean> {
  const deleted = await server.models.OidcFlow.query()
    .where('stateHash', sha256(state))
    .where('expiresAt', '>', isoNow(server.now()))
    .delete();
  return deleted === 1;
}

export function registerOidcRoutes(router: Router, server: ServerContext): void {
  const providers = configuredProviders(server);
  router.get('/api/auth/providers', (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { providers };
  });
  for (const provider of SIGN_IN_PROVIDERS) registerProviderRoutes(router, server, provider);
}

function registerProviderRoutes(router: Router, server: ServerContext, provider: SignInProvider): void {
  const settings = settingsOf(server, provider);
  const client = settings ? new OidcClient(settings) : undefined;
  const secret = server.config.jwtSecret;
  const path = `/api/auth/${provider}`;
  const notConfigured = `${provider}_sign_in_not_configured`;
  // A flow started with one provider cannot be finished at another's callback.
  const audience = provider === 'google' ? FLOW_AUDIENCE : `${FLOW_AUDIENCE}:${provider}`;

  router.get(path, async (ctx) => {
    if (!client) {
      redirectToApp(server, ctx, { error: notConfigured });
      return;
    }
    // Each start writes a flow: an anonymous client may not write as many as it likes.
    if (!(await server.limiters.signInStartsPerAddress.consume(ctx.ip)).allowed) {
      redirectToApp(server, ctx, { error: SIGN_IN_ERRORS.tooManyAttempts });
      return;
    }
    try {
      const flow = await client.start();
      const { OidcFlow } = server.models;
      await OidcFlow.query().where('expiresAt', '<=', isoNow(server.now())).delete();
      await OidcFlow.query().insert({
        stateHash: sha256(flow.state),
        expiresAt: isoNow(new Date(server.now().getTime() + FLOW_TTL_SECONDS * 1000)),
      });
      // The flow's secrets travel in a signed, short-lived, HttpOnly cookie scoped to the callback.
      const cookie = await new SignJWT({ state: flow.state, nonce: flow.nonce, verifier: flow.verifier })
        .setProtectedHeader({ alg: 'HS256' })
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime(`${FLOW_TTL_SECONDS}s`)
        .sign(secret);
      ctx.cookies.set(COOKIE, cookie, {
        httpOnly: true,
        sameSite: 'lax',
        path,
        secure: ctx.secure,
        maxAge: FLOW_TTL_SECONDS * 1000,
      });
      ctx.redirect(flow.url);
    } catch (error) {
      server.logger.error('OIDC sign-in could not start', describeError(error));
      redirectToApp(server, ctx, { error: 'provider_unavailable' });
    }
  });

  router.get(`${path}/callback`, async (ctx) => {
    if (!client) {
      redirectToApp(server, ctx, { error: notConfigured });
      return;
    }
    const cookie = ctx.cookies.get(COOKIE);
    ctx.cookies.set(COOKIE, null, { path });
    const { code, state, error } = ctx.query;
    if (typeof error === 'string') {
      redirectToApp(server, ctx, { error: error === 'access_denied' ? 'access_denied' : 'provider_error' });
      return;
    }
    try {
      if (!cookie || typeof code !== 'string' || typeof state !== 'string') throw new Error('OIDC callback without a flow');
      const { payload } = await jwtVerify(cookie, secret, { algorithms: ['HS256'], audience });
      if (payload.state !== state || typeof payload.nonce !== 'string' || typeof payload.verifier !== 'string') {
        throw new Error('OIDC state does not match');
      }
      if (!(await spendFlow(server, state))) throw new Error('OIDC flow already used or expired');
      const identity = await client.finish(code, payload.verifier, payload.nonce);
      const user = await userFor(server, provider, identity);
      redirectToApp(server, ctx, { token: await server.tokens.issue(user) });
    } catch (failure) {
      server.logger.warn('OIDC sign-in failed', describeError(failure));
      redirectToApp(server, ctx, { error: failure instanceof SignInRefused ? failure.code : SIGN_IN_ERRORS.failed });
    }
  });
}
