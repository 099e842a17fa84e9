// Pending invitations turned into access. An invitation names an address, not an account: it
// becomes membership only once an account has proved that address (its verification link, a
// sign-in provider vouching for it, or registering through the invitation's own mailed link).
// Registering an address proves nothing, so an account made with someone else's address cannot
// take the documents they were invited to.
import type { Deps } from '../context';
import type { User } from '../models';

interface PendingInvitation {
  id: string;
  documentId: string;
  role: string;
  createdAt: string | Date;
  ownerId: string;
}

/**
 * Makes every invitation to the account's address a membership (keeping the invitation's time, so
 * the owner's list keeps its order), when that address is verified; does nothing otherwise.
 */
export async function claimInvitations(server: Deps<'knex'>, user: Pick<User, 'id' | 'email' | 'emailVerifiedAt'>): Promise<void> {
  if (!user.emailVerifiedAt) return;
  await server.knex.transaction(async (trx) => {
    const pending = (await trx('document_invitations as i')
      .join('documents as d', 'd.id', 'i.document_id')
      .where('i.email', user.email)
      .select('i.id', 'i.document_id', 'i.role', 'i.created_at', 'd.user_id as owner_id')) as PendingInvitation[];
    if (pending.length === 0) return;
    const joining = pending.filter((invitation) => invitation.ownerId !== user.id);
    if (joining.length > 0) {
      await trx('document_members')
        .insert(joining.map((invitation) => ({ document_id: invitation.documentId, user_id: user.id, role: invitation.role, created_at: invitation.createdAt })))
        .onConflict(['document_id', 'user_id'])
        .ignore();
    }
    await trx('document_invitations').whereIn('id', pending.map((invitation) => invitation.id)).delete();
  });
}
