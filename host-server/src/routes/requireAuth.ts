// Bearer-token authentication: the token must verify (see services/tokens.ts), must not have been
// revoked by logout, and must belong to the account's current session epoch.
import type { Context, Next } from 'koa';
import type { AuthState, ServerContext } from '../context';
import type { User } from '../models';
import { unauthorized } from '../errors';

const BEARER = /^Bearer\s+([A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*)$/i;
const INVALID_SESSION = 'Session expired or invalid. Please sign in again.';

export function requireAuth(server: ServerContext) {
  // Models already built from the same row: the SQLite session reader hands out one row object per
  // remembered session, so most requests skip building the model again. Frozen, as it is shared.
  const users = new WeakMap<object, User>();
  return async (ctx: Context, next: Next): Promise<void> => {
    const match = BEARER.exec(ctx.headers.authorization ?? '');
    if (!match?.[1]) throw unauthorized();
    let claims;
    try {
      claims = await server.tokens.verify(match[1]);
    } catch {
      throw unauthorized(INVALID_SESSION);
    }
    const session = await server.sessions.find(claims.userId, claims.tokenId);
    if (!session || session.revoked) throw unauthorized(INVALID_SESSION);
    let user = users.get(session.fields);
    if (!user) {
      user = Object.freeze(server.models.User.fromDatabaseJson(session.fields));
      users.set(session.fields, user);
    }
    if (user.sessionEpoch !== claims.sessionEpoch) throw unauthorized(INVALID_SESSION);
    const state: AuthState = { user, token: claims };
    Object.assign(ctx.state, state);
    await next();
  };
}

/** The signed-in user of a request that passed `requireAuth`. */
export function authState(ctx: Context): AuthState {
  const state = ctx.state as Partial<AuthState>;
  if (!state.user || !state.token) throw unauthorized();
  return { user: state.user, token: state.token };
}
