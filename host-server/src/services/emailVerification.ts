// E-mail verification: single-use links (stored as SHA-256, valid 24 hours) that prove an address,
// sent at registration, on request and for every change of address. A change of address takes
// effect only when its link is followed, so the answer to a change is the same whether the address
// is free or taken: a taken address gets a notice for its owner instead of a link.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { raw, UniqueViolationError } from 'objection';
import type { Deps } from '../context';
import { ConflictError, InvalidInputError, RateLimitedError } from '../domain/errors';
import { isoNow } from '../models/BaseModel';
import type { User, VerificationPurpose } from '../models';
import { EMAIL_TAKEN, sha256 } from './accounts';
import { addressTakenNotice, afterResponse, VERIFICATION_LINK_HOURS, verificationMail } from './accountMail';
import { claimInvitations } from './invitations';

const VERIFICATION_TTL_MS = VERIFICATION_LINK_HOURS * 60 * 60_000;

/** Verification mails per account, and changes towards one address, allowed in a sliding hour. */
export const VERIFICATION_THROTTLE = { perAccount: 5, perAddress: 3, windowMs: 60 * 60_000 } as const;

export const INVALID_VERIFICATION = 'This verification link is invalid or has expired.';
export const ALREADY_VERIFIED = 'Your email address is already verified.';
const TOO_MANY_MAILS = 'Too many verification emails. Please try again later.';

/**
 * Refuses with 429 when the account (or, for changes, the address asked for) has had its share of
 * links this hour. Runs in the transaction that records the new link, with the account's row locked
 * on PostgreSQL (SQLite's single writer already serializes), so parallel requests cannot overshoot.
 */
async function throttle(
  server: Deps<'client' | 'models' | 'now'>,
  trx: Knex.Transaction,
  user: User,
  email: string,
  purpose: VerificationPurpose,
) {
  const { EmailVerification, User: Users } = server.models;
  const lock = Users.query(trx).findById(user.id);
  if (server.client === 'postgres') lock.forUpdate();
  await lock;
  const since = isoNow(new Date(server.now().getTime() - VERIFICATION_THROTTLE.windowMs));
  const windows = [EmailVerification.query(trx).where('userId', user.id).where('createdAt', '>', since)];
  // Per address only changes count: a registration of that address must not make it look taken.
  if (purpose === 'change') {
    windows.push(EmailVerification.query(trx).where({ email, purpose }).where('createdAt', '>', since));
  }
  const limits = [VERIFICATION_THROTTLE.perAccount, VERIFICATION_THROTTLE.perAddress];
  for (const [index, recent] of windows.entries()) {
    const rows = await recent.orderBy('createdAt', 'asc').select('createdAt');
    if (rows.length < (limits[index] ?? 0)) continue;
    const oldest = new Date(rows[0]?.createdAt ?? server.now()).getTime();
    throw new RateLimitedError(TOO_MANY_MAILS, oldest + VERIFICATION_THROTTLE.windowMs - server.now().getTime());
  }
}

/** Records a link for `email` (throttled) and returns its token; only the hash is stored. */
async function createVerification(
  server: Deps<'knex' | 'client' | 'models' | 'now'>,
  user: User,
  email: string,
  purpose: VerificationPurpose,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = server.now();
  await server.knex.transaction(async (trx) => {
    await throttle(server, trx, user, email, purpose);
    await server.models.EmailVerification.query(trx).insert({
      id: randomUUID(),
      userId: user.id,
      email,
      purpose,
      tokenHash: sha256(token),
      expiresAt: isoNow(new Date(now.getTime() + VERIFICATION_TTL_MS)),
      usedAt: null,
      createdAt: isoNow(now),
    });
  });
  return token;
}

/** Sends the account a link that verifies its current address (after registration, or on request). */
export async function sendVerification(server: Deps<'config' | 'knex' | 'client' | 'models' | 'mailer' | 'logger' | 'now'>, user: User): Promise<void> {
  if (user.emailVerifiedAt) throw new InvalidInputError(ALREADY_VERIFIED);
  const token = await createVerification(server, user, user.email, 'confirm');
  afterResponse(server, 'verification mail', () =>
    server.mailer.send(verificationMail(server, user.name, user.email, token)),
  );
}

/**
 * Asks to move the account to `email`. Nothing changes yet: the link goes to the new address, or,
 * when that address already has an account, its owner is told instead. The caller sees the same
 * either way, and the same work is done up to the response.
 */
export async function requestEmailChange(server: Deps<'config' | 'knex' | 'client' | 'models' | 'mailer' | 'logger' | 'now'>, user: User, email: string): Promise<void> {
  const token = await createVerification(server, user, email, 'change');
  afterResponse(server, 'email change mail', async () => {
    const owner = await server.models.User.query().findOne({ email });
    await server.mailer.send(
      owner ? addressTakenNotice(email) : verificationMail(server, user.name, email, token),
    );
  });
}

/**
 * Spends a verification link: valid, unexpired and unused, it is marked used (one conditional
 * update, so it works once) and the address it proves becomes the account's verified address.
 * Every other pending link of the account stops working. A change of address also ends every
 * session of the account, as a password change does (`movedAddress` tells the caller, which may
 * issue its own caller a new one). Invitations to the proven address become access.
 */
export async function verifyEmail(server: Deps<'knex' | 'models' | 'now'>, token: string): Promise<{ user: User; movedAddress: boolean }> {
  const { EmailVerification, User: Users } = server.models;
  const now = isoNow(server.now());
  const link = await EmailVerification.query()
    .findOne({ tokenHash: sha256(token) })
    .whereNull('usedAt')
    .where('expiresAt', '>', now);
  if (!link) throw new InvalidInputError(INVALID_VERIFICATION);
  const user = await Users.query().findById(link.userId);
  // A link for an address the account has since left proves nothing about the current one.
  if (!user || (link.purpose === 'confirm' && link.email !== user.email))
    throw new InvalidInputError(INVALID_VERIFICATION);
  if (link.purpose === 'change') {
    const owner = await Users.query().findOne({ email: link.email });
    if (owner && owner.id !== user.id) throw new ConflictError(EMAIL_TAKEN);
  }
  const claimed = await EmailVerification.query()
    .findById(link.id)
    .whereNull('usedAt')
    .patch({ usedAt: now });
  if (claimed !== 1) throw new InvalidInputError(INVALID_VERIFICATION);
  try {
    await Users.query()
      .findById(user.id)
      .patch({
        email: link.email,
        emailVerifiedAt: now,
        updatedAt: now,
        ...(link.purpose === 'change' ? { sessionEpoch: raw('session_epoch + 1') } : {}),
      });
  } catch (error) {
    // Registered by someone else between the check and the change: the unique index decides.
    if (error instanceof UniqueViolationError) throw new ConflictError(EMAIL_TAKEN);
    throw error;
  }
  await EmailVerification.query().where('userId', user.id).whereNull('usedAt').patch({ usedAt: now });
  const verified = await Users.query().findById(user.id).throwIfNotFound();
  await claimInvitations(server, verified);
  return { user: verified, movedAddress: link.purpose === 'change' };
}
