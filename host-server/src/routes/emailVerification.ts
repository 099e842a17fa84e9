// /api/auth/verify-email and /api/auth/resend-verification: following an e-mailed verification link
// (no session needed: the link may be opened on another device) and asking for a new one.
import type Router from '@koa/router';
import { verifyEmailRequest } from '@marginalia/api';
import type { ServerContext } from '../context';
import { sendVerification, verifyEmail } from '../services/emailVerification';
import { presentUser } from '../services/presenters';
import { limit } from './limit';
import { jsonBody, readBody } from './bodies';
import { authState, optionalSession, requireAuth } from './requireAuth';

export const EMAIL_VERIFIED = 'Your email address is verified.';

export function registerEmailVerificationRoutes(router: Router, server: ServerContext): void {
  const json = jsonBody(server.config.limits.jsonBytes);
  const auth = requireAuth(server);
  const session = optionalSession(server);

  router.post('/api/auth/verify-email', json, async (ctx) => {
    // Tokens are 256-bit random, so guessing is hopeless; the per-address limit keeps it that way.
    await limit(server.limiters.authPerAddress, ctx.ip);
    const { token } = readBody(ctx, verifyEmailRequest);
    // Read before the link is spent: a change of address ends the account's sessions, this one too.
    const caller = await session(ctx);
    const { user, movedAddress } = await verifyEmail(server, token);
    const answer = { message: EMAIL_VERIFIED, email: user.email };
    // The session that followed the link goes on, under a new token; the others have ended.
    ctx.body =
      movedAddress && caller?.user.id === user.id
        ? { ...answer, token: await server.tokens.issue(user), user: await presentUser(server, user) }
        : answer;
  });

  router.post('/api/auth/resend-verification', auth, async (ctx) => {
    const { user } = authState(ctx);
    await sendVerification(server, user);
    ctx.body = { message: `A verification link has been sent to ${user.email}.` };
  });
}
