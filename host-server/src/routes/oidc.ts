// /api/auth/google: social sign-in through OpenID Connect. Both ends answer with a redirect to the
// app's /auth/callback, carrying `?token=…` on success or `?error=…` otherwise (spec section 2).
import type Router from '@koa/router';
import { jwtVerify, SignJWT } from 'jose';
import type { Context } from 'koa';
import type { ServerContext } from '../context';
import { describeError } from '../logger';
import { createUser } from '../services/accounts';
import { OidcClient, type OidcIdentity } from '../services/oidc';

const COOKIE = 'marginalia_oidc';
const COOKIE_PATH = '/api/auth/google';
const FLOW_TTL_SECONDS = 600;
const FLOW_AUDIENCE = 'marginalia-oidc-flow';

function redirectToApp(server: ServerContext, ctx: Context, params: Record<string, string>): void {
  ctx.redirect(`${server.config.appUrl}/auth/callback?${new URLSearchParams(params).toString()}`);
}

async function userFor(server: ServerContext, identity: OidcIdentity) {
  const { User } = server.models;
  const linked = await User.query().findOne({ oidcSubject: identity.subject });
  if (linked) return linked;
  // An unverified address could belong to someone else: never attach it to an existing account.
  if (!identity.emailVerified) throw new Error('OIDC account email is not verified');
  const existing = await User.query().findOne({ email: identity.email });
  if (existing) {
    await User.query().findById(existing.id).patch({ oidcSubject: identity.subject });
    return existing;
  }
  const fallbackName = identity.email.split('@')[0] ?? 'User';
  const name = (identity.name ?? fallbackName).trim().slice(0, 100) || 'User';
  return createUser(server, { name: name.length >= 2 ? name : `${name} ${name}`, email: identity.email, oidcSubject: identity.subject });
}

export function registerOidcRoutes(router: Router, server: ServerContext): void {
  const settings = server.config.oidc;
  const client = settings ? new OidcClient(settings) : undefined;
  const secret = server.config.jwtSecret;

  router.get('/api/auth/google', async (ctx) => {
    if (!client) {
      redirectToApp(server, ctx, { error: 'google_sign_in_not_configured' });
      return;
    }
    try {
      const flow = await client.start();
      // The flow's secrets travel in a signed, short-lived, HttpOnly cookie scoped to the callback.
      const cookie = await new SignJWT({ state: flow.state, nonce: flow.nonce, verifier: flow.verifier })
        .setProtectedHeader({ alg: 'HS256' })
        .setAudience(FLOW_AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${FLOW_TTL_SECONDS}s`)
        .sign(secret);
      ctx.cookies.set(COOKIE, cookie, {
        httpOnly: true,
        sameSite: 'lax',
        path: COOKIE_PATH,
        secure: ctx.secure,
        maxAge: FLOW_TTL_SECONDS * 1000,
      });
      ctx.redirect(flow.url);
    } catch (error) {
      server.logger.error('OIDC sign-in could not start', describeError(error));
      redirectToApp(server, ctx, { error: 'provider_unavailable' });
    }
  });

  router.get('/api/auth/google/callback', async (ctx) => {
    if (!client) {
      redirectToApp(server, ctx, { error: 'google_sign_in_not_configured' });
      return;
    }
    const cookie = ctx.cookies.get(COOKIE);
    ctx.cookies.set(COOKIE, null, { path: COOKIE_PATH });
    const { code, state, error } = ctx.query;
    if (typeof error === 'string') {
      redirectToApp(server, ctx, { error: error === 'access_denied' ? 'access_denied' : 'provider_error' });
      return;
    }
    try {
      if (!cookie || typeof code !== 'string' || typeof state !== 'string') throw new Error('OIDC callback without a flow');
      const { payload } = await jwtVerify(cookie, secret, { algorithms: ['HS256'], audience: FLOW_AUDIENCE });
      if (payload.state !== state || typeof payload.nonce !== 'string' || typeof payload.verifier !== 'string') {
        throw new Error('OIDC state does not match');
      }
      const identity = await client.finish(code, payload.verifier, payload.nonce);
      const user = await userFor(server, identity);
      redirectToApp(server, ctx, { token: await server.tokens.issue(user) });
    } catch (failure) {
      server.logger.warn('OIDC sign-in failed', describeError(failure));
      redirectToApp(server, ctx, { error: 'sign_in_failed' });
    }
  });
}
