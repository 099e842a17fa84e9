// The e-mails about an account (password reset, address verification, a notice to the owner of an
// address someone tried to take) and how they leave: after the response, so no answer waits on a
// mail server or on work that only a registered address triggers.
import type { Deps } from '../context';
import { describeError } from '../logger';
import type { MailMessage } from '../infrastructure/mailer';

export const RESET_LINK_MINUTES = 60;
export const VERIFICATION_LINK_HOURS = 24;

function appLink(server: Deps<'config'>, path: string, token: string): string {
  return `${server.config.appUrl}${path}?token=${encodeURIComponent(token)}`;
}

export function resetMail(
  server: Deps<'config'>,
  to: { name: string; email: string },
  token: string,
): MailMessage {
  return {
    to: to.email,
    subject: 'Reset your Marginalia password',
    text:
      `Hello ${to.name},\n\nOpen this link within an hour to choose a new password:\n` +
      `${appLink(server, '/reset-password', token)}\n\n` +
      'If you did not ask for this, ignore this message; your password stays the same.\n',
  };
}

export function verificationMail(
  server: Deps<'config'>,
  name: string,
  address: string,
  token: string,
): MailMessage {
  return {
    to: address,
    subject: 'Verify your Marginalia e-mail address',
    text:
      `Hello ${name},\n\nOpen this link within ${VERIFICATION_LINK_HOURS} hours to confirm that ${address} is yours:\n` +
      `${appLink(server, '/verify-email', token)}\n\n` +
      'If you did not ask for this, ignore this message; nothing changes.\n',
  };
}

/** Sent instead of a verification link when the address asked for already belongs to an account. */
export function addressTakenNotice(address: string): MailMessage {
  return {
    to: address,
    subject: 'Your Marginalia e-mail address',
    text:
      `Hello,\n\nSomeone asked to move another Marginalia account to ${address}. This address already ` +
      'belongs to your account, so nothing was changed.\n\n' +
      'If that was you, sign in with this address instead. Otherwise you can ignore this message.\n',
  };
}

const pending = new WeakMap<Deps<'logger'>, Set<Promise<unknown>>>();

/**
 * Runs `task` (lookups, token rows, sending) without the response waiting for it. Failures are
 * logged without the message, which may hold a link.
 */
export function afterResponse(server: Deps<'logger'>, what: string, task: () => Promise<unknown>): void {
  const tasks = pending.get(server) ?? new Set();
  pending.set(server, tasks);
  const run: Promise<unknown> = Promise.resolve()
    .then(task)
    .catch((error: unknown) => server.logger.error(`${what} failed`, describeError(error)))
    .finally(() => tasks.delete(run));
  tasks.add(run);
}

/** Resolves once every task `afterResponse` started for this server has ended (shutdown, tests). */
export async function afterResponseSettled(server: Deps<'logger'>): Promise<void> {
  const tasks = pending.get(server);
  while (tasks && tasks.size > 0) await Promise.all(tasks);
}
