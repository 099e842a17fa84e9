// People the owner invites to a document: editors change its annotations with the owner (over
// /api/collab), viewers read along. Inviting is the Team plan's collaboration ("5 members": the
// owner and four others per document); collaborators need only a free account, and keep their
// access if the owner's plan changes later, as Pro annotations stay. What a collaborator may do is
// `documentAccess`, asked by the routes that read a document and by the collaboration server on
// every connection.
//
// An invited address with a verified account becomes a member at once; any other address (no
// account yet, or one that never proved the address) waits as an invitation (services/invitations.ts
// says when it turns into membership). Members and invitations count alike towards the limit.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { CollaboratorRole, DocumentAccess, DocumentCollaborator } from '@marginalia/api';
import type { Deps } from '../context';
import { InvalidInputError, NotFoundError, ProFeatureRequiredError } from '../domain/errors';
import { UUID_PATTERN } from '../domain/ids';
import type { MailMessage } from '../infrastructure/mailer';
import { isoNow } from '../models/BaseModel';
import { SUMMARY_COLUMNS, type Document, type User } from '../models';
import { sha256 } from './accounts';
import { afterResponse } from './accountMail';
import { sharedWithYouMail, signUpInvitationMail, verifyToJoinMail } from './collaboratorMail';
import { findOwnDocument, lockDocument } from './documents';
import { currentPlan } from './plans';
import { ownDocument, type DocumentSharing, type DocumentSummary } from './presenters';

/** Invited people per document besides its owner: the Team plan's five members. */
export const MAX_COLLABORATORS_PER_DOCUMENT = 4;
const COLLABORATOR_NOT_FOUND = 'Collaborator not found';
const TOO_MANY_COLLABORATORS = `A document can have at most ${MAX_COLLABORATORS_PER_DOCUMENT} people besides its owner.`;

/** A member joined with their account; the database layer hands columns back in camelCase (db.ts). */
interface MemberRow {
  userId: string;
  role: CollaboratorRole;
  createdAt: string | Date;
  name: string;
  email: string;
}

interface InvitationRow {
  id: string;
  email: string;
  role: CollaboratorRole;
  createdAt: string | Date;
}

const iso = (value: string | Date) => new Date(value).toISOString();

function presentMember(row: MemberRow): DocumentCollaborator {
  return { id: row.userId, userId: row.userId, name: row.name, email: row.email, role: row.role, status: 'active', createdAt: iso(row.createdAt) };
}

function presentInvitation(row: InvitationRow): DocumentCollaborator {
  return { id: row.id, userId: null, name: null, email: row.email, role: row.role, status: 'invited', createdAt: iso(row.createdAt) };
}

function memberRows(db: Knex, documentId: string) {
  return db('document_members as m')
    .join('users as u', 'u.id', 'm.user_id')
    .where('m.document_id', documentId)
    .select<MemberRow[]>('m.user_id', 'm.role', 'm.created_at', 'u.name', 'u.email');
}

function invitationRows(db: Knex, documentId: string) {
  return db('document_invitations').where('document_id', documentId).select<InvitationRow[]>('id', 'email', 'role', 'created_at');
}

/** The document's collaborators, members and invitations, oldest first; the owner's alone. */
export async function listCollaborators(server: Deps<'knex' | 'models'>, owner: User, documentId: string): Promise<DocumentCollaborator[]> {
  const document = await findOwnDocument(server, owner, documentId);
  const [members, invitations] = await Promise.all([memberRows(server.knex, document.id), invitationRows(server.knex, document.id)]);
  return [...members.map(presentMember), ...invitations.map(presentInvitation)].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** Members and invitations of each document (absent ids have none). */
export async function collaboratorCounts(server: Deps<'knex'>, documentIds: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (documentIds.length === 0) return counts;
  for (const table of ['document_members', 'document_invitations']) {
    const rows = (await server.knex(table).whereIn('document_id', documentIds).groupBy('document_id').select('document_id').count({ count: '*' })) as Array<{
      documentId: string;
      count: number | string;
    }>;
    for (const row of rows) counts.set(row.documentId, (counts.get(row.documentId) ?? 0) + Number(row.count));
  }
  return counts;
}

async function refuseWhenFull(trx: Knex.Transaction, documentId: string): Promise<void> {
  let taken = 0;
  for (const table of ['document_members', 'document_invitations']) {
    const [{ count }] = (await trx(table).where('document_id', documentId).count({ count: '*' })) as [{ count: number | string }];
    taken += Number(count);
  }
  if (taken >= MAX_COLLABORATORS_PER_DOCUMENT) throw new InvalidInputError(TOO_MANY_COLLABORATORS);
}

/**
 * A change to who may open the owner's documents changes the owner's document lists (their
 * `collaborators` counts), which are cached per `documentsVersion` (infrastructure/listCache.ts).
 */
async function touchOwnerLists(trx: Knex | Knex.Transaction, ownerId: string): Promise<void> {
  await trx('users').where('id', ownerId).increment('documentsVersion', 1);
}

/**
 * Invites `email` to the document (or gives someone already invited another role), and mails them
 * once, after the response: a verified account becomes a member and gets a link to the document;
 * any other address gets an invitation (see the module comment). Refused without the Team plan
 * (403), for the owner's own address, and past `MAX_COLLABORATORS_PER_DOCUMENT` (400).
 */
export async function inviteCollaborator(
  server: Deps<'config' | 'knex' | 'client' | 'models' | 'mailer' | 'logger' | 'now'>,
  owner: User,
  documentId: string,
  invitation: { email: string; role: CollaboratorRole },
): Promise<DocumentCollaborator> {
  const document = await findOwnDocument(server, owner, documentId);
  if (currentPlan(owner, server.now()) !== 'team') throw new ProFeatureRequiredError('collaboration');
  if (invitation.email === owner.email) throw new InvalidInputError('You own this document already.');
  const invitee = await server.models.User.query().findOne({ email: invitation.email });
  const about = { owner, document, role: invitation.role, to: invitation.email };
  const now = isoNow(server.now());
  const { collaborator, mail } = await server.knex.transaction(async (trx): Promise<{ collaborator: DocumentCollaborator; mail?: MailMessage }> => {
    // Invitations to one document take turns, so two at once cannot both take its last place.
    await lockDocument(server, trx, document);
    if (invitee?.emailVerifiedAt) {
      const existing = memberRows(trx, document.id).andWhere('m.user_id', invitee.id);
      if (await existing.clone().first()) {
        await trx('document_members').where({ document_id: document.id, user_id: invitee.id }).update({ role: invitation.role });
        return { collaborator: presentMember((await existing.first()) as MemberRow) };
      }
      // An invitation to the address from before it was proven gives way to the membership.
      await trx('document_invitations').where({ document_id: document.id, email: invitation.email }).delete();
      await refuseWhenFull(trx, document.id);
      await trx('document_members').insert({ document_id: document.id, user_id: invitee.id, role: invitation.role, created_at: now });
      await touchOwnerLists(trx, owner.id);
      return {
        collaborator: presentMember((await existing.first()) as MemberRow),
        mail: sharedWithYouMail(server, { ...about, name: invitee.name }),
      };
    }
    const existing = invitationRows(trx, document.id).andWhere('email', invitation.email);
    if (await existing.clone().first()) {
      await trx('document_invitations').where({ document_id: document.id, email: invitation.email }).update({ role: invitation.role });
      return { collaborator: presentInvitation((await existing.first()) as InvitationRow) };
    }
    await refuseWhenFull(trx, document.id);
    const token = randomBytes(32).toString('base64url');
    await trx('document_invitations').insert({
      id: randomUUID(),
      document_id: document.id,
      email: invitation.email,
      role: invitation.role,
      token_hash: sha256(token),
      created_at: now,
    });
    await touchOwnerLists(trx, owner.id);
    return {
      collaborator: presentInvitation((await existing.first()) as InvitationRow),
      mail: invitee ? verifyToJoinMail(server, { ...about, name: invitee.name }) : signUpInvitationMail(server, about, token),
    };
  });
  if (mail) afterResponse(server, 'invitation mail', () => server.mailer.send(mail));
  return collaborator;
}

/** The address an invitation's mailed token was sent to, or undefined for a token that is no invitation's (any more). */
export async function invitedAddress(server: Deps<'knex'>, token: string): Promise<string | undefined> {
  const row = (await server.knex('document_invitations').where('token_hash', sha256(token)).first('email')) as { email: string } | undefined;
  return row?.email;
}

/** Changes a collaborator's role, by account id or invitation id (404 for anything else); allowed whatever the owner's plan now. */
export async function changeCollaboratorRole(
  server: Deps<'knex' | 'models'>,
  owner: User,
  documentId: string,
  collaboratorId: string,
  role: CollaboratorRole,
): Promise<DocumentCollaborator> {
  const document = await findOwnDocument(server, owner, documentId);
  if (UUID_PATTERN.test(collaboratorId)) {
    if ((await server.knex('document_members').where({ document_id: document.id, user_id: collaboratorId }).update({ role })) === 1) {
      const row = await memberRows(server.knex, document.id).andWhere('m.user_id', collaboratorId).first();
      if (row) return presentMember(row);
    }
    if ((await server.knex('document_invitations').where({ document_id: document.id, id: collaboratorId }).update({ role })) === 1) {
      const row = await invitationRows(server.knex, document.id).andWhere('id', collaboratorId).first();
      if (row) return presentInvitation(row);
    }
  }
  throw new NotFoundError(COLLABORATOR_NOT_FOUND);
}

/** The grant a member's collaboration sockets rest on: revoking it closes them (services/collaboration.ts). */
export function memberGrant(documentId: string, userId: string): string {
  return `member:${documentId}:${userId}`;
}

/** Ends a member's access or revokes an invitation (404 for anything else). */
export async function removeCollaborator(server: Deps<'knex' | 'models'>, owner: User, documentId: string, collaboratorId: string): Promise<void> {
  const document = await findOwnDocument(server, owner, documentId);
  const removed = UUID_PATTERN.test(collaboratorId)
    ? await server.knex.transaction(async (trx) => {
        const gone =
          (await trx('document_members').where({ document_id: document.id, user_id: collaboratorId }).delete()) +
          (await trx('document_invitations').where({ document_id: document.id, id: collaboratorId }).delete());
        if (gone > 0) await touchOwnerLists(trx, owner.id);
        return gone;
      })
    : 0;
  if (removed !== 1) throw new NotFoundError(COLLABORATOR_NOT_FOUND);
}

/** What `user` may do with `document`: own it, or edit or view it as a member. */
async function accessTo(server: Deps<'knex'>, user: Pick<User, 'id'>, document: Pick<Document, 'id' | 'userId'>): Promise<DocumentAccess | undefined> {
  if (document.userId === user.id) return 'owner';
  const row = (await server.knex('document_members').where({ document_id: document.id, user_id: user.id }).first('role')) as { role: CollaboratorRole } | undefined;
  return row?.role;
}

/** What `user` may do with the document: own it, edit or view it as a member; undefined for anything else. */
export async function documentAccess(server: Deps<'knex' | 'models'>, user: Pick<User, 'id'>, documentId: string): Promise<DocumentAccess | undefined> {
  if (!UUID_PATTERN.test(documentId)) return undefined;
  const document = await server.models.Document.query().findById(documentId).modify('summary');
  return document ? accessTo(server, user, document) : undefined;
}

/** The document for reading and what the caller may do with it: their own, or one shared with them; 404 otherwise, as for a missing one. */
export async function findReadableDocument(
  server: Deps<'knex' | 'models'>,
  user: User,
  id: string,
  options: { withAnnotations?: boolean } = {},
): Promise<{ document: Document; access: DocumentAccess }> {
  if (!UUID_PATTERN.test(id)) throw new NotFoundError('Document not found');
  const query = server.models.Document.query().findById(id);
  if (!options.withAnnotations) query.modify('summary');
  const document = await query;
  const access = document && (await accessTo(server, user, document));
  if (!document || !access) throw new NotFoundError('Document not found');
  return { document, access };
}

/**
 * The document for saving its pages and its owner (whose storage and plan the save counts
 * against): the caller's own, or one they were invited to edit. A viewer, or anyone else, gets
 * 404, as for a missing one.
 */
export async function findWritableDocument(server: Deps<'knex' | 'models'>, user: User, id: string): Promise<{ document: Document; owner: User }> {
  const { document, access } = await findReadableDocument(server, user, id);
  if (access === 'viewer') throw new NotFoundError('Document not found');
  const owner = access === 'owner' ? user : await server.models.User.query().findById(document.userId);
  if (!owner) throw new NotFoundError('Document not found');
  return { document, owner };
}

/** What `user`, with `access`, is told about the document's sharing (presenters.ts `presentDocument`). */
export async function sharingOf(server: Deps<'knex' | 'models'>, document: Pick<Document, 'id' | 'userId'>, access: DocumentAccess): Promise<DocumentSharing> {
  if (access === 'owner') return ownDocument((await collaboratorCounts(server, [document.id])).get(document.id) ?? 0);
  const owner = await server.models.User.query().findById(document.userId).select('name', 'email');
  return { access, collaborators: 0, ...(owner ? { owner: { name: owner.name, email: owner.email } } : {}) };
}

/** A document shared with someone, with their role and its owner. */
export interface SharedDocument {
  document: DocumentSummary;
  sharing: DocumentSharing;
}

/** A page of the documents others shared with `user`, the most recently shared first. */
export async function listSharedDocuments(
  server: Deps<'knex'>,
  user: Pick<User, 'id'>,
  options: { page: number; limit: number },
): Promise<{ documents: SharedDocument[]; total: number }> {
  const shared = server.knex('document_members as m').join('documents', 'documents.id', 'm.document_id').where('m.user_id', user.id);
  const [rows, counted] = await Promise.all([
    shared
      .clone()
      .join('users as o', 'o.id', 'documents.user_id')
      .select([...SUMMARY_COLUMNS.map((column) => `documents.${column}`), 'm.role', 'o.name as owner_name', 'o.email as owner_email'])
      .orderBy([
        { column: 'm.created_at', order: 'desc' },
        { column: 'documents.id', order: 'desc' },
      ])
      .limit(options.limit)
      .offset((options.page - 1) * options.limit) as Promise<Array<DocumentSummary & { role: CollaboratorRole; ownerName: string; ownerEmail: string }>>,
    shared.clone().count({ count: '*' }).first() as Promise<{ count: number | string } | undefined>,
  ]);
  return {
    documents: rows.map(({ role, ownerName, ownerEmail, ...document }) => ({
      document,
      sharing: { access: role, collaborators: 0, owner: { name: ownerName, email: ownerEmail } },
    })),
    total: Number(counted?.count ?? 0),
  };
}
