// Bearer-token authentication: the token must verify (see services/tokens.ts), must not have been
// revoked by logout, and must belong to the account's current session epoch.
import type { Context, Next } from 'koa';
import type { AuthState, ServerContext } from '../context';
import { unauthorized } from '../errors';

const BEARER = /^Bearer\s+([A-Za-z0-9_-]+\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*)$/i;
const INVALID_SESSION = 'Session expired or invalid. Please sign in again.';

export function requireAuth(server: ServerContext) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const match = BEARER.exec(ctx.get('Authorization'));
    if (!match?.[1]) throw unauthorized();
    let claims;
    try {
      claims = await server.tokens.verify(match[1]);
    } catch {
      throw unauthorized(INVALID_SESSION);
    }
    // One round trip for the account and the revocation check: this runs on every request.
    const { reader } = server;
    const row = (await reader('users')
      .select('users.*', reader('revokedTokens').count('*').where('jti', claims.tokenId).as('revoked'))
      .where('users.id', claims.userId)
      .first()) as (Record<string, unknown> & { revoked: number | string }) | undefined;
    if (!row || Number(row.revoked) > 0) throw unauthorized(INVALID_SESSION);
    const { revoked: _revoked, ...fields } = row;
    const user = server.models.User.fromDatabaseJson(fields);
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
