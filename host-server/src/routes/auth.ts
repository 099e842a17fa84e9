// /api/auth: register, login, the current user, profile and password changes, password reset by
// e-mail, and logout (which revokes the token it is called with).
import type Router from '@koa/router';
import { UniqueViolationError } from 'objection';
import type { ServerContext } from '../context';
import { badRequest, HttpError, tooManyRequests, unauthorized } from '../errors';
import { isoNow } from '../models/BaseModel';
import type { User } from '../models';
import {
  checkCredentials,
  createPasswordReset,
  createUser,
  EMAIL_TAKEN,
  resetPassword,
  setPassword,
} from '../services/accounts';
import { verifyPassword } from '../services/passwords';
import { presentUser } from '../services/presenters';
import type { SlidingWindowLimiter } from '../services/rateLimit';
import { jsonBody, readBody } from './bodies';
import { authState, requireAuth } from './requireAuth';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  profileSchema,
  registerSchema,
  resetPasswordSchema,
} from './validation';

const TOO_MANY_ATTEMPTS = 'Too many attempts. Please try again later.';
const FORGOT_ANSWER = 'If an account exists for that email, a password reset link has been sent.';

function limit(limiter: SlidingWindowLimiter, key: string): void {
  const verdict = limiter.hit(key);
  if (!verdict.allowed) throw tooManyRequests(TOO_MANY_ATTEMPTS, verdict.retryAfterMs);
}

async function session(server: ServerContext, user: User) {
  return { token: await server.tokens.issue(user), user: await presentUser(server, user) };
}

export function registerAuthRoutes(router: Router, server: ServerContext): void {
  const json = jsonBody(server.config.limits.jsonBytes);
  const auth = requireAuth(server);
  const { limiters } = server;

  router.post('/api/auth/register', json, async (ctx) => {
    limit(limiters.authPerAddress, ctx.ip);
    const body = readBody(ctx, registerSchema);
    const user = await createUser(server, body);
    ctx.status = 201;
    ctx.body = await session(server, user);
  });

  router.post('/api/auth/login', json, async (ctx) => {
    const { email, password } = readBody(ctx, loginSchema);
    // Per address: every attempt counts. Per account: failures count, so guessing one account's
    // password from many addresses is slowed too, and a success clears them.
    limit(limiters.loginPerAddress, ctx.ip);
    const account = limiters.loginPerAccount.check(email);
    if (!account.allowed) throw tooManyRequests(TOO_MANY_ATTEMPTS, account.retryAfterMs);
    const user = await checkCredentials(server, email, password);
    if (!user) {
      limiters.loginPerAccount.hit(email);
      throw unauthorized('Invalid email or password');
    }
    limiters.loginPerAccount.reset(email);
    ctx.body = await session(server, user);
  });

  router.get('/api/auth/me', auth, async (ctx) => {
    ctx.body = { user: await presentUser(server, authState(ctx).user) };
  });

  router.patch('/api/auth/profile', auth, json, async (ctx) => {
    const { user } = authState(ctx);
    const changes = readBody(ctx, profileSchema);
    const { User } = server.models;
    if (changes.email && changes.email !== user.email && (await User.query().findOne({ email: changes.email }))) {
      throw new HttpError(409, EMAIL_TAKEN);
    }
    try {
      await User.query()
        .findById(user.id)
        .patch({ ...changes, updatedAt: isoNow(server.now()) });
    } catch (error) {
      if (error instanceof UniqueViolationError) throw new HttpError(409, EMAIL_TAKEN);
      throw error;
    }
    ctx.body = { user: await presentUser(server, await User.query().findById(user.id).throwIfNotFound()) };
  });

  router.post('/api/auth/change-password', auth, json, async (ctx) => {
    const { user } = authState(ctx);
    const { oldPassword, newPassword } = readBody(ctx, changePasswordSchema);
    limit(limiters.loginPerAccount, user.email);
    if (!user.passwordHash) throw badRequest('oldPassword: this account signs in with Google and has no password');
    // 400 rather than 401: a wrong current password must not end the session in the app.
    if (!(await verifyPassword(oldPassword, user.passwordHash))) throw badRequest('oldPassword: Current password is incorrect');
    limiters.loginPerAccount.reset(user.email);
    const updated = await setPassword(server, user, newPassword);
    ctx.body = { message: 'Password changed', ...(await session(server, updated)) };
  });

  router.post('/api/auth/forgot-password', json, async (ctx) => {
    limit(limiters.authPerAddress, ctx.ip);
    const { email } = readBody(ctx, forgotPasswordSchema);
    // One mail per account per window, whoever asks: the form cannot be used to flood a mailbox.
    const perAccount = limiters.loginPerAccount.hit(`reset:${email}`);
    const user = perAccount.allowed ? await server.models.User.query().findOne({ email }) : undefined;
    if (user) {
      const token = await createPasswordReset(server, user);
      const link = `${server.config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
      await server.mailer.send({
        to: user.email,
        subject: 'Reset your Marginalia password',
        text: `Hello ${user.name},\n\nOpen this link within an hour to choose a new password:\n${link}\n\nIf you did not ask for this, ignore this message; your password stays the same.\n`,
      });
    }
    // The same answer whether or not the address is registered.
    ctx.body = { message: FORGOT_ANSWER };
  });

  router.post('/api/auth/reset-password', json, async (ctx) => {
    limit(limiters.authPerAddress, ctx.ip);
    const { token, newPassword } = readBody(ctx, resetPasswordSchema);
    await resetPassword(server, token, newPassword);
    ctx.body = { message: 'Your password has been reset. You can now sign in.' };
  });

  router.post('/api/auth/logout', auth, async (ctx) => {
    const { token } = authState(ctx);
    const { RevokedToken } = server.models;
    const now = isoNow(server.now());
    await RevokedToken.query()
      .insert({ jti: token.tokenId, expiresAt: isoNow(token.expiresAt) })
      .onConflict('jti')
      .ignore();
    // Revocations outlive their token only until it would have expired anyway.
    await RevokedToken.query().where('expiresAt', '<', now).delete();
    ctx.body = { message: 'Signed out' };
  });
}
