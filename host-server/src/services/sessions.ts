// The session a bearer token proves, for every door an account comes in through: the API's
// requests (routes/requireAuth.ts) and collaborators' sockets (services/collaboration.ts). The
// token must verify, must not have been revoked by logout, and must belong to the account's
// current session epoch.
import type { AuthState, Deps } from '../context';
import type { User } from '../models';

/**
 * The session `token` proves, or undefined when it does not verify, was revoked or belongs to an
 * ended session epoch. `userOf` builds the account from its row (the request path keeps the
 * models it built, see requireAuth.ts).
 */
export async function verifiedSession(
  server: Deps<'tokens' | 'sessions' | 'models'>,
  token: string,
  userOf: (fields: Record<string, unknown>) => User = (fields) => server.models.User.fromDatabaseJson(fields),
): Promise<AuthState | undefined> {
  const claims = await server.tokens.verify(token).catch(() => undefined);
  if (!claims) return undefined;
  const session = await server.sessions.find(claims.userId, claims.tokenId);
  if (!session || session.revoked) return undefined;
  const user = userOf(session.fields);
  return user.sessionEpoch === claims.sessionEpoch ? { user, token: claims } : undefined;
}
