// /api/auth: register, login, the current user, profile and password changes, password reset by
// e-mail, and logout (which revokes the token it is called with).
import type Router from '@koa/router';
import {
  changePasswordRequest,
  forgotPasswordRequest,
  loginRequest,
  profileRequest,
  registerRequest,
  resetPasswordRequest,
} from '@marginalia/api';
import type { ServerContext } from '../context';
import { unauthorized } from '../errors';
import { isoNow } from '../models/BaseModel';
import type { User } from '../models';
import {
  checkCredentials,
  createUser,
  requireCurrentPassword,
  resetPassword,
  sendPasswordReset,
  setPassword,
} from '../services/accounts';
import { invitedAddress } from '../services/collaborators';
import { requestEmailChange, sendVerification } from '../services/emailVerification';
import { presentUser } from '../services/presenters';
import { jsonBody, readBody } from './bodies';
import { limit } from './limit';
import { requestSignal } from './requestSignal';
import { authState, requireAuth } from './requireAuth';

const FORGOT_ANSWER = 'If an account exists for that email, a password reset link has been sent.';
const emailChangeSent = (email: string) =>
  `A verification link has been sent to ${email}. Your email address changes when you open it.`;

async function session(server: ServerContext, user: User) {
  return { token: await server.tokens.issue(user), user: await presentUser(server, user) };
}

export function registerAuthRoutes(router: Router, server: ServerContext): void {
  const json = jsonBody(server.config.limits.jsonBytes);
  const auth = requireAuth(server);
  const { limiters } = server;

  router.post('/api/auth/register', json, async (ctx) => {
    await limit(limiters.authPerAddress, ctx.ip);
    const { invite, ...body } = readBody(ctx, registerRequest);
    // Registering through an invitation's mailed link proves the address the link went to, as a
    // verification link would: the account starts verified and joins what the address was invited to.
    const proven = invite !== undefined && (await invitedAddress(server, invite)) === body.email;
    const user = await createUser(server, { ...body, emailVerified: proven });
    if (!proven) await sendVerification(server, user);
    ctx.status = 201;
    ctx.body = await session(server, user);
  });

  router.post('/api/auth/login', json, async (ctx) => {
    const { email, password } = readBody(ctx, loginRequest);
    // Per address: every attempt counts. Per account: failures count, so guessing one account's
    // password from many addresses is slowed too, and a success clears them. Both points are taken
    // before the password is checked, so parallel guesses cannot all be evaluated; an attempt that
    // was never checked (hashing busy, client gone) gives them back.
    await limit(limiters.loginPerAddress, ctx.ip);
    await limit(limiters.loginPerAccount, email);
    let user: User | undefined;
    try {
      user = await checkCredentials(server, email, password, { signal: requestSignal(ctx) });
    } catch (error) {
      await Promise.all([limiters.loginPerAddress.refund(ctx.ip), limiters.loginPerAccount.refund(email)]);
      throw error;
    }
    if (!user) throw unauthorized('Invalid email or password');
    await limiters.loginPerAccount.reset(email);
    ctx.body = await session(server, user);
  });

  router.get('/api/auth/me', auth, async (ctx) => {
    ctx.body = { user: await presentUser(server, authState(ctx).user) };
  });

  router.patch('/api/auth/profile', auth, json, async (ctx) => {
    const { user } = authState(ctx);
    const { name, email, currentPassword } = readBody(ctx, profileRequest);
    const { User } = server.models;
    const movesAddress = email !== undefined && email !== user.email;
    if (movesAddress) {
      await limit(limiters.loginPerAccount, user.email);
      await requireCurrentPassword(user, currentPassword, 'currentPassword');
      await limiters.loginPerAccount.reset(user.email);
    }
    if (name !== undefined) await User.query().findById(user.id).patch({ name, updatedAt: isoNow(server.now()) });
    // The address changes only when the link sent to it is followed; the answer is the same whether
    // or not another account has it, so this form tells nobody which addresses are registered.
    if (movesAddress) await requestEmailChange(server, user, email);
    ctx.body = {
      user: await presentUser(server, await User.query().findById(user.id).throwIfNotFound()),
      ...(movesAddress ? { message: emailChangeSent(email) } : {}),
    };
  });

  router.post('/api/auth/change-password', auth, json, async (ctx) => {
    const { user } = authState(ctx);
    const { oldPassword, newPassword } = readBody(ctx, changePasswordRequest);
    await limit(limiters.loginPerAccount, user.email);
    await requireCurrentPassword(user, oldPassword, 'oldPassword');
    await limiters.loginPerAccount.reset(user.email);
    const updated = await setPassword(server, user, newPassword);
    ctx.body = { message: 'Password changed', ...(await session(server, updated)) };
  });

  router.post('/api/auth/forgot-password', json, async (ctx) => {
    await limit(limiters.authPerAddress, ctx.ip);
    const { email } = readBody(ctx, forgotPasswordRequest);
    // Looked up, throttled (one mail per account per 15 minutes) and mailed after the response.
    sendPasswordReset(server, email);
    // The same answer whether or not the address is registered.
    ctx.body = { message: FORGOT_ANSWER };
  });

  router.post('/api/auth/reset-password', json, async (ctx) => {
    await limit(limiters.authPerAddress, ctx.ip);
    const { token, newPassword } = readBody(ctx, resetPasswordRequest);
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
