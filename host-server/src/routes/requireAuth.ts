// Bearer-token authentication: the session the token proves (services/sessions.ts), or 401.
import type { Context, Next } from 'koa';
import type { AuthState, ServerContext } from '../context';
import type { User } from '../models';
import { unauthorized } from '../errors';
import { verifiedSession } from '../services/sessions';

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
    const session = await verifiedSession(server, match[1], (fields) => {
      let user = users.get(fields);
      if (!user) {
        user = Object.freeze(server.models.User.fromDatabaseJson(fields));
        users.set(fields, user);
      }
      return user;
    });
    if (!session) throw unauthorized(INVALID_SESSION);
    return session;
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
