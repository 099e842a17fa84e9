// /api/auth/verify-email and /api/auth/resend-verification: following an e-mailed verification link
// (no session needed: the link may be opened on another device) and asking for a new one.
import type Router from '@koa/router';
import type { ServerContext } from '../context';
import { sendVerification, verifyEmail } from '../services/emailVerification';
import { limit } from './auth';
import { jsonBody, readBody } from './bodies';
import { authState, requireAuth } from './requireAuth';
import { verifyEmailSchema } from './validation';

export const EMAIL_VERIFIED = 'Your email address is verified.';

export function registerEmailVerificationRoutes(router: Router, server: ServerContext): void {
  const json = jsonBody(server.config.limits.jsonBytes);
  const auth = requireAuth(server);

  router.post('/api/auth/verify-email', json, async (ctx) => {
    // Tokens are 256-bit random, so guessing is hopeless; the per-address limit keeps it that way.
    await limit(server.limiters.authPerAddress, ctx.ip);
    const { token } = readBody(ctx, verifyEmailSchema);
    const user = await verifyEmail(server, token);
    ctx.body = { message: EMAIL_VERIFIED, email: user.email };
  });

  router.post('/api/auth/resend-verification', auth, async (ctx) => {
    const { user } = authState(ctx);
    await sendVerification(server, user);
    ctx.body = { message: `A verification link has been sent to ${user.email}.` };
  });
}
