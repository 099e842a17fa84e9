// People the owner invites to a document: editors change its annotations with the owner (over
// /api/collab), viewers read along. Inviting is the Team plan's collaboration ("5 members": the
// owner and four others per document); members keep their access if the owner's plan changes later,
// as Pro annotations stay. What a member may do is `documentAccess`, asked by the routes that read a
// document and by the collaboration server on every connection.
import type { DocumentMember, MemberRole } from '@marginalia/api';
import type { Deps } from '../context';
import { InvalidInputError, NotFoundError, ProFeatureRequiredError } from '../domain/errors';
import { UUID_PATTERN } from '../domain/ids';
import { isoNow } from '../models/BaseModel';
import type { Document, User } from '../models';
import { findOwnDocument } from './documents';
import { currentPlan } from './plans';

/** Invited people per document besides its owner: the Team plan's five members. */
export const MAX_MEMBERS_PER_DOCUMENT = 4;

export type DocumentAccess = 'owner' | MemberRole;

/** A member joined with their account; the database layer hands columns back in camelCase (db.ts). */
interface MemberRow {
  userId: string;
  role: MemberRole;
  createdAt: string | Date;
  name: string;
  email: string;
}

function present(row: MemberRow): DocumentMember {
  return {
    userId: row.userId,
    name: row.name,
    email: row.email,
    role: row.role,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

function memberRows(server: Deps<'knex'>, documentId: string) {
  return server
    .knex('document_members as m')
    .join('users as u', 'u.id', 'm.user_id')
    .where('m.document_id', documentId)
    .select<MemberRow[]>('m.user_id', 'm.role', 'm.created_at', 'u.name', 'u.email')
    .orderBy('m.created_at', 'asc');
}

/** The document's members, oldest invitation first; the owner's alone. */
export async function listMembers(server: Deps<'knex' | 'models'>, owner: User, documentId: string): Promise<DocumentMember[]> {
  const document = await findOwnDocument(server, owner, documentId);
  return (await memberRows(server, document.id)).map(present);
}

/**
 * Invites the account with `email` (or changes the role of someone already invited). Refused
 * without the Team plan (403), for an address no account uses (404), for the owner's own address,
 * and past `MAX_MEMBERS_PER_DOCUMENT` (400).
 */
export async function addMember(
  server: Deps<'knex' | 'models' | 'now'>,
  owner: User,
  documentId: string,
  invitation: { email: string; role: MemberRole },
): Promise<DocumentMember> {
  const document = await findOwnDocument(server, owner, documentId);
  if (currentPlan(owner, server.now()) !== 'team') throw new ProFeatureRequiredError('collaboration');
  const invitee = await server.models.User.query().findOne({ email: invitation.email });
  if (!invitee) throw new NotFoundError('No account uses this e-mail address. Ask them to sign up first.');
  if (invitee.id === owner.id) throw new InvalidInputError('You own this document already.');
  await server.knex.transaction(async (trx) => {
    const existing = await trx('document_members').where({ document_id: document.id, user_id: invitee.id }).first();
    if (existing) {
      await trx('document_members').where({ document_id: document.id, user_id: invitee.id }).update({ role: invitation.role });
      return;
    }
    const [{ count }] = (await trx('document_members').where('document_id', document.id).count({ count: '*' })) as [{ count: number | string }];
    if (Number(count) >= MAX_MEMBERS_PER_DOCUMENT) {
      throw new InvalidInputError(`A document can have at most ${MAX_MEMBERS_PER_DOCUMENT} people besides its owner.`);
    }
    await trx('document_members').insert({ document_id: document.id, user_id: invitee.id, role: invitation.role, created_at: isoNow(server.now()) });
  });
  const row = await memberRows(server, document.id).andWhere('m.user_id', invitee.id).first();
  if (!row) throw new NotFoundError('Member not found');
  return present(row);
}

/** Changes a member's role (404 for someone who is not one); allowed whatever the owner's plan now. */
export async function changeMemberRole(
  server: Deps<'knex' | 'models'>,
  owner: User,
  documentId: string,
  userId: string,
  role: MemberRole,
): Promise<DocumentMember> {
  const document = await findOwnDocument(server, owner, documentId);
  const changed = UUID_PATTERN.test(userId) ? await server.knex('document_members').where({ document_id: document.id, user_id: userId }).update({ role }) : 0;
  const row = changed === 1 ? await memberRows(server, document.id).andWhere('m.user_id', userId).first() : undefined;
  if (!row) throw new NotFoundError('Member not found');
  return present(row);
}

/** The grant a member's collaboration sockets rest on: revoking it closes them (services/collaboration.ts). */
export function memberGrant(documentId: string, userId: string): string {
  return `member:${documentId}:${userId}`;
}

/** Ends a member's access (404 for someone who has none). */
export async function removeMember(server: Deps<'knex' | 'models'>, owner: User, documentId: string, userId: string): Promise<void> {
  const document = await findOwnDocument(server, owner, documentId);
  const removed = UUID_PATTERN.test(userId) ? await server.knex('document_members').where({ document_id: document.id, user_id: userId }).delete() : 0;
  if (removed !== 1) throw new NotFoundError('Member not found');
}

/** What `user` may do with `document`: own it, or edit or view it as a member. */
async function accessTo(server: Deps<'knex'>, user: Pick<User, 'id'>, document: Pick<Document, 'id' | 'userId'>): Promise<DocumentAccess | undefined> {
  if (document.userId === user.id) return 'owner';
  const row = (await server.knex('document_members').where({ document_id: document.id, user_id: user.id }).first('role')) as { role: MemberRole } | undefined;
  return row?.role;
}

/** What `user` may do with the document: own it, edit or view it as a member; undefined for anything else. */
export async function documentAccess(server: Deps<'knex' | 'models'>, user: Pick<User, 'id'>, documentId: string): Promise<DocumentAccess | undefined> {
  if (!UUID_PATTERN.test(documentId)) return undefined;
  const document = await server.models.Document.query().findById(documentId).modify('summary');
  return document ? accessTo(server, user, document) : undefined;
}

/** The document for reading: the caller's own, or one they were invited to; 404 otherwise, as for a missing one. */
export async function findReadableDocument(
  server: Deps<'knex' | 'models'>,
  user: User,
  id: string,
  options: { withAnnotations?: boolean } = {},
): Promise<Document> {
  if (!UUID_PATTERN.test(id)) throw new NotFoundError('Document not found');
  const query = server.models.Document.query().findById(id);
  if (!options.withAnnotations) query.modify('summary');
  const document = await query;
  if (!document || !(await accessTo(server, user, document))) throw new NotFoundError('Document not found');
  return document;
}
