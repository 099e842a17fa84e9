// Bearer-token authentication: the token must verify (see services/tokens.ts), must not have been
// revoked by logout, and must belong to the account's current session epoch.
import type { Context, Next } from 'koa';
import type { AuthState, ServerContext } from '../context';
import type { User } from '../models';
import { unauthorized } from '../errors';

const BEARER = /^Bearer\s+([A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*)$/i;
const INVALID_SESSION = 'Session expired or invalid. Please sign in again.';

/**
 * The session a request's bearer token proves, or undefined without one; a token that does not
 * verify, was revoked or belongs to an ended session epoch answers 401.
 */
function sessionReader(server: ServerContext) {
  // Models already built from the same row: the SQLite session reader hands out one row object per
  // remembered session, so most requests skip building the model again. Frozen, as it is shared.
  const users = new WeakMap<object, User>();
  return async (ctx: Context): Promise<AuthState | undefined> => {
    const header = ctx.headers.authorization;
    if (header === undefined) return undefined;
    const match = BEARER.exec(header);
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
    return { user, token: claims };
  };
}

export function requireAuth(server: ServerContext) {
  const read = sessionReader(server);
  return async (ctx: Context, next: Next): Promise<void> => {
    const state = await read(ctx);
    if (!state) throw unauthorized();
    Object.assign(ctx.state, state);
    await next();
  };
}

/**
 * For routes open to everyone that do more for a signed-in caller: the session of a request that
 * sends a valid bearer token, undefined for one that sends none or an invalid one.
 */
export function optionalSession(server: ServerContext) {
  const read = sessionReader(server);
  return async (ctx: Context): Promise<AuthState | undefined> => {
    try {
      return await read(ctx);
    } catch {
      return undefined;
    }
  };
}

/** The signed-in user of a request that passed `requireAuth`. */
export function authState(ctx: Context): AuthState {
  const state = ctx.state as Partial<AuthState>;
  if (!state.user || !state.token) throw unauthorized();
  return { user: state.user, token: state.token };
}
