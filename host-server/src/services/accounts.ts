// Account operations behind the auth routes: creating users, checking credentials, password
// changes and single-use reset tokens. Password hashing always happens outside transactions, so a
// slow hash never holds the (SQLite) writer.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { raw, UniqueViolationError } from 'objection';
import type { Deps } from '../context';
import { ConflictError, InvalidInputError } from '../domain/errors';
import { isoNow } from '../models/BaseModel';
import type { User } from '../models';
import { afterResponse, RESET_LINK_MINUTES, resetMail } from './accountMail';
import { claimInvitations } from './invitations';
import { hashPassword, verifyAgainstNothing, verifyPassword, type HashOptions } from './passwords';

export const EMAIL_TAKEN = 'An account with this email already exists';
const RESET_TTL_MS = RESET_LINK_MINUTES * 60_000;
/** At most one reset mail per account in this time, whoever asks: the form cannot flood a mailbox. */
export const RESET_MAIL_INTERVAL_MS = 15 * 60_000;

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** A new account; one made with a proven address (`emailVerified`) joins the documents it was invited to. */
export async function createUser(
  server: Deps<'config' | 'knex' | 'models' | 'now'>,
  fields: { name: string; email: string; password?: string; oidcSubject?: string; emailVerified?: boolean },
): Promise<User> {
  const { User } = server.models;
  if (await User.query().findOne({ email: fields.email })) throw new ConflictError(EMAIL_TAKEN);
  const passwordHash = fields.password ? await hashPassword(fields.password, server.config.scrypt) : null;
  const now = isoNow(server.now());
  let user: User;
  try {
    user = await User.query().insertAndFetch({
      id: randomUUID(),
      name: fields.name,
      email: fields.email,
      passwordHash,
      plan: 'free',
      dailyUsage: 0,
      usageDay: null,
      sessionEpoch: 0,
      documentCount: 0,
      oidcSubject: fields.oidcSubject ?? null,
      emailVerifiedAt: fields.emailVerified ? now : null,
      createdAt: now,
      updatedAt: now,
    });
  } catch (error) {
    // Two registrations of one address at the same moment: the unique index decides.
    if (error instanceof UniqueViolationError) throw new ConflictError(EMAIL_TAKEN);
    throw error;
  }
  await claimInvitations(server, user);
  return user;
}

/**
 * Gives an account whose address was never verified to the sign-in identity its provider vouches
 * for: the identity is linked and the address counted as verified, and whatever the account's
 * registrant held is ended: the password (a reset by mail to the now-proven address sets a new
 * one), every session, and every pending verification or reset link (a pending change of address
 * would otherwise hand the account back). Documents stay with the account, and invitations to the
 * now-proven address become access.
 */
export async function claimUnverifiedAccount(
  server: Deps<'knex' | 'models' | 'now'>,
  user: User,
  identity: { oidcSubject: string; name: string },
): Promise<User> {
  const { User: Users, EmailVerification, PasswordReset } = server.models;
  const now = isoNow(server.now());
  await server.knex.transaction(async (trx) => {
    await Users.query(trx).findById(user.id).patch({
      name: identity.name,
      oidcSubject: identity.oidcSubject,
      emailVerifiedAt: now,
      passwordHash: null,
      sessionEpoch: raw('session_epoch + 1'),
      updatedAt: now,
    });
    await EmailVerification.query(trx).where('userId', user.id).whereNull('usedAt').patch({ usedAt: now });
    await PasswordReset.query(trx).where('userId', user.id).whereNull('usedAt').patch({ usedAt: now });
  });
  const claimed = await Users.query().findById(user.id).throwIfNotFound();
  await claimInvitations(server, claimed);
  return claimed;
}

/** The user whose e-mail and password these are, or undefined, in the same time either way. */
export async function checkCredentials(
  server: Deps<'config' | 'models'>,
  email: string,
  password: string,
  options: HashOptions = {},
): Promise<User | undefined> {
  const user = await server.models.User.query().findOne({ email });
  if (!user?.passwordHash) {
    await verifyAgainstNothing(password, server.config.scrypt, options);
    return undefined;
  }
  return (await verifyPassword(password, user.passwordHash, options)) ? user : undefined;
}

/**
 * Refuses (400, naming `field`) a change of e-mail or password unless `password` is the account's
 * current one. 400 rather than 401: a mistyped password must not end the session in the app.
 */
export async function requireCurrentPassword(user: User, password: string | undefined, field: string): Promise<void> {
  if (!password) throw new InvalidInputError(`${field}: Current password is required`);
  if (!user.passwordHash) {
    throw new InvalidInputError(`${field}: This account signs in with Google and has no password. Set one with "Forgot password?" first.`);
  }
  if (!(await verifyPassword(password, user.passwordHash))) throw new InvalidInputError(`${field}: Current password is incorrect`);
}

/** Sets a new password and ends every existing session of the account. */
export async function setPassword(server: Deps<'config' | 'models' | 'now'>, user: User, password: string): Promise<User> {
  const passwordHash = await hashPassword(password, server.config.scrypt);
  await server.models.User.query()
    .findById(user.id)
    .patch({ passwordHash, sessionEpoch: raw('session_epoch + 1'), updatedAt: isoNow(server.now()) });
  return server.models.User.query().findById(user.id).throwIfNotFound();
}

/**
 * Creates a reset token for the account and returns it (only its hash is stored), or undefined when
 * the account was sent one less than 15 minutes ago. The check and the insert share a transaction
 * with the account's row locked on PostgreSQL (SQLite's single writer serializes them already).
 */
export async function createPasswordReset(server: Deps<'knex' | 'client' | 'models' | 'now'>, user: User): Promise<string | undefined> {
  const token = randomBytes(32).toString('base64url');
  const now = server.now();
  return server.knex.transaction(async (trx) => {
    const lock = server.models.User.query(trx).findById(user.id);
    if (server.client === 'postgres') lock.forUpdate();
    await lock;
    const recent = await server.models.PasswordReset.query(trx)
      .where('userId', user.id)
      .where('createdAt', '>', isoNow(new Date(now.getTime() - RESET_MAIL_INTERVAL_MS)))
      .first();
    if (recent) return undefined;
    await server.models.PasswordReset.query(trx).insert({
      id: randomUUID(),
      userId: user.id,
      tokenHash: sha256(token),
      expiresAt: isoNow(new Date(now.getTime() + RESET_TTL_MS)),
      usedAt: null,
      createdAt: isoNow(now),
    });
    return token;
  });
}

/**
 * Mails a reset link to the account with this address, if there is one, after the response: the
 * caller's answer and its timing are the same for registered and unknown addresses.
 */
export function sendPasswordReset(server: Deps<'config' | 'knex' | 'client' | 'models' | 'mailer' | 'logger' | 'now'>, email: string): void {
  afterResponse(server, 'password reset mail', async () => {
    const user = await server.models.User.query().findOne({ email });
    const token = user && (await createPasswordReset(server, user));
    if (user && token) await server.mailer.send(resetMail(server, user, token));
  });
}

export const INVALID_RESET = 'This password reset link is invalid or has expired.';

/**
 * Spends a reset token: valid, unexpired and unused, it is marked used (by one conditional update,
 * so two simultaneous requests cannot both use it) and the password changes.
 */
export async function resetPassword(server: Deps<'config' | 'models' | 'now'>, token: string, password: string): Promise<void> {
  const { PasswordReset, User } = server.models;
  const now = isoNow(server.now());
  const reset = await PasswordReset.query()
    .findOne({ tokenHash: sha256(token) })
    .whereNull('usedAt')
    .where('expiresAt', '>', now);
  if (!reset) throw new InvalidInputError(INVALID_RESET);
  const claimed = await PasswordReset.query().findById(reset.id).whereNull('usedAt').patch({ usedAt: now });
  if (claimed !== 1) throw new InvalidInputError(INVALID_RESET);
  const user = await User.query().findById(reset.userId);
  if (!user) throw new InvalidInputError(INVALID_RESET);
  await setPassword(server, user, password);
  // Any other link sent to this account stops working too.
  await PasswordReset.query().where('userId', user.id).whereNull('usedAt').patch({ usedAt: now });
}
