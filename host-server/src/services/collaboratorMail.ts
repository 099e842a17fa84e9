// The mails an invitation to a document sends: to an account that can open it now, a link to the
// document; to an address with no account, a sign-up link carrying the invitation (registering that
// address through it proves the address, so the document opens right after); to an account whose
// address is not verified yet, a link to the document and what to do first.
import type { CollaboratorRole } from '@marginalia/api';
import type { Deps } from '../context';
import type { MailMessage } from '../infrastructure/mailer';

interface Invitation {
  owner: { name: string; email: string };
  document: { id: string; name: string };
  role: CollaboratorRole;
  to: string;
}

const ROLE_WORDS: Record<CollaboratorRole, string> = { editor: 'edit', viewer: 'view' };

const documentPath = (documentId: string) => `/editor/${documentId}`;

function subject(invitation: Invitation): string {
  return `${invitation.owner.name} shared "${invitation.document.name}" with you`;
}

function opening(invitation: Invitation, name?: string): string {
  return (
    `Hello${name ? ` ${name}` : ''},\n\n${invitation.owner.name} (${invitation.owner.email}) invited you to ` +
    `${ROLE_WORDS[invitation.role]} "${invitation.document.name}" on Marginalia.`
  );
}

/** To an account with a verified address: it is a collaborator already. */
export function sharedWithYouMail(server: Deps<'config'>, invitation: Invitation & { name: string }): MailMessage {
  return {
    to: invitation.to,
    subject: subject(invitation),
    text: `${opening(invitation, invitation.name)} Open it here:\n${server.config.appUrl}${documentPath(invitation.document.id)}\n`,
  };
}

/** To an address without an account: sign up with it, through the link, to open the document. */
export function signUpInvitationMail(server: Deps<'config'>, invitation: Invitation, token: string): MailMessage {
  const query = new URLSearchParams({ invite: token, email: invitation.to, next: documentPath(invitation.document.id) });
  return {
    to: invitation.to,
    subject: subject(invitation),
    text:
      `${opening(invitation)}\n\nCreate your Marginalia account with this address to open it; a free account is all you need:\n` +
      `${server.config.appUrl}/register?${query.toString()}\n\n` +
      'If you did not expect this, ignore this message.\n',
  };
}

/** To an account whose address is not verified: the document opens once it is. */
export function verifyToJoinMail(server: Deps<'config'>, invitation: Invitation & { name: string }): MailMessage {
  return {
    to: invitation.to,
    subject: subject(invitation),
    text:
      `${opening(invitation, invitation.name)}\n\nConfirm your e-mail address first (with the link we sent when you signed up, ` +
      'or a new one from your account page); then the document opens here:\n' +
      `${server.config.appUrl}${documentPath(invitation.document.id)}\n`,
  };
}
