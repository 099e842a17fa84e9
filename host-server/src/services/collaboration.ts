// Documents edited together (issue 26): who may join a document's session, what it starts from,
// which changes are kept, and how the merged result is stored. The transport is
// infrastructure/collaborationServer.ts; the layout of the shared document is the SDK's
// (`@marginalia/pdf-editor/collab`), so the server reads and writes annotations exactly as every
// collaborator does.
//
// One list of annotations: the merged state is written to `documents.annotations` (version + 1)
// whenever it differs from what is stored there, so the REST API, exports and revisions read what
// collaborators see; a save over HTTP is written into the shared document (routes/annotations.ts),
// so collaborators see it. The Yjs snapshot beside it (`collab_states`) only keeps identities,
// which is what lets edits made offline merge field by field on reconnect.
import { diffAnnotations, rebaseAnnotations, serializeAnnotations, type Annotation } from '@marginalia/pdf-editor/core';
import { readAnnotations, writeAnnotations, writePdfRevision } from '@marginalia/pdf-editor/collab';
import { applyUpdate, encodeStateAsUpdate, type Doc } from 'yjs';
import type { Deps } from '../context';
import type { CollaboratorAccess } from '../infrastructure/collaborationServer';
import { AnnotationsTooLargeError, NotFoundError } from '../domain/errors';
import { isoNow } from '../models/BaseModel';
import type { User } from '../models';
import { sha256 } from './accounts';
import { storedAnnotations } from './annotations';
import { documentAccess, memberGrant } from './collaborators';
import { checkProAnnotations } from './proFeatures';
import { verifiedSession } from './sessions';

/** The origin of the server's own writes into a shared document (a correction, a save over HTTP). */
export const SERVER_ORIGIN = 'marginalia-server';

/** How long a connection's grant, once checked, is taken as still valid (revocations close sockets at once on the instance that made them). */
const ACCESS_RECHECK_MS = 1000;

/** A share link's token, as a collaborator's credential: `share:<token>`. */
const SHARE_CREDENTIAL = /^share:([A-Za-z0-9_-]{20,100})$/;

export class CollaborationRefusedError extends Error {
  override readonly name = 'CollaborationRefusedError';
}

type AccessDeps = Deps<'tokens' | 'sessions' | 'knex' | 'models' | 'now'>;

/** Re-runs `check` at most once a second; a false answer is final. */
function recheckEvery(check: () => Promise<boolean>): () => Promise<boolean> {
  let checkedAt = 0;
  let allowed = true;
  return async () => {
    if (!allowed) return false;
    const now = Date.now();
    if (now - checkedAt < ACCESS_RECHECK_MS) return true;
    checkedAt = now;
    allowed = await check().catch(() => false);
    return allowed;
  };
}

/**
 * The access a credential gives to a document: the session token of its owner or of an editor it
 * was shared with writes, a viewer's reads; a share link's token (`share:<token>`) reads. Anything else, or a document the credential does not reach, is
 * refused with the same message, so a refusal tells nothing about which documents exist.
 */
export async function collaboratorAccess(server: AccessDeps, credential: string, documentId: string): Promise<CollaboratorAccess> {
  const refused = new CollaborationRefusedError('This document cannot be opened with these credentials.');
  const share = SHARE_CREDENTIAL.exec(credential);
  if (share?.[1]) {
    const tokenHash = sha256(share[1]);
    const validShare = async () => {
      const row = await server.models.Share.query().findOne({ tokenHash, documentId });
      return row && (!row.expiresAt || row.expiresAt > isoNow(server.now())) ? row : undefined;
    };
    const row = await validShare();
    if (!row) throw refused;
    return { readOnly: true, grants: [`share:${row.id}`], stillAllowed: recheckEvery(async () => Boolean(await validShare())) };
  }
  const session = await verifiedSession(server, credential);
  if (!session) throw refused;
  const { user } = session;
  const access = await documentAccess(server, user, documentId);
  if (!access) throw refused;
  return {
    readOnly: access === 'viewer',
    grants: [`user:${user.id}`, memberGrant(documentId, user.id)],
    // Still signed in, and still with the same access (a member lowered to viewer reconnects read-only).
    stillAllowed: recheckEvery(
      async () => (await verifiedSession(server, credential))?.user.id === user.id && (await documentAccess(server, user, documentId)) === access,
    ),
  };
}

interface OpenDocument {
  owner: User;
  /** The last list that passed the checks: what a refused change is put back to. */
  kept: Annotation[];
}

/** What the server keeps per document open on this instance. */
export interface SharedDocuments {
  open: Map<string, OpenDocument>;
}

export function sharedDocuments(): SharedDocuments {
  return { open: new Map() };
}

type DocumentDeps = Deps<'knex' | 'client' | 'models' | 'now' | 'config'>;

/**
 * Fills a document being opened: the stored snapshot (if it was edited together before), then the
 * stored list over it, which is authoritative (a save over HTTP while nobody had it open).
 */
export async function loadSharedDocument(server: DocumentDeps, shared: SharedDocuments, documentId: string, doc: Doc): Promise<void> {
  const document = await server.models.Document.query().findById(documentId);
  if (!document) throw new NotFoundError('Document not found');
  const owner = await server.models.User.query().findById(document.userId);
  if (!owner) throw new NotFoundError('Document not found');
  const stored = () => server.knex('collab_states').where('document_id', documentId).first() as Promise<{ state: Uint8Array } | undefined>;
  const row = await stored();
  if (row) applyUpdate(doc, new Uint8Array(row.state), SERVER_ORIGIN);
  const annotations = storedAnnotations(document);
  writeAnnotations(doc, annotations, SERVER_ORIGIN);
  if (!row) {
    // Kept at once, not only after a change: a collaborator who opened it holds these identities,
    // and an edit they make offline must find them when the document is loaded again (rebuilt
    // from the list, it would get new ones, and the edit would land on a copy). Another instance
    // that stored first is merged in, as a store does.
    const state = Buffer.from(encodeStateAsUpdate(doc));
    await server.knex('collab_states').insert({ document_id: documentId, state, updated_at: isoNow(server.now()) }).onConflict('document_id').ignore();
    const first = await stored();
    if (first && !Buffer.from(first.state).equals(state)) applyUpdate(doc, new Uint8Array(first.state), SERVER_ORIGIN);
  }
  shared.open.set(documentId, { owner, kept: annotations });
}

/**
 * Checks the shared document after a change: every annotation valid, the list within the size
 * limit, and no Pro annotation added for an owner without Pro. A change that fails is undone by
 * writing the last list that passed back over it, and the error is thrown.
 */
export function checkSharedDocument(server: Deps<'now' | 'config'>, shared: SharedDocuments, documentId: string, doc: Doc): void {
  const open = shared.open.get(documentId);
  if (!open) return;
  try {
    const next = readAnnotations(doc);
    const bytes = Buffer.byteLength(serializeAnnotations(next));
    if (bytes > server.config.limits.annotationsJsonBytes) throw new AnnotationsTooLargeError(server.config.limits.annotationsJsonBytes);
    checkProAnnotations(open.owner, server.now(), next, () => open.kept);
    open.kept = next;
  } catch (error) {
    writeAnnotations(doc, open.kept, SERVER_ORIGIN);
    throw error;
  }
}

/**
 * Stores the merged state: the snapshot, and the annotation list with a new version when it
 * differs from the stored one (so a save over HTTP that collaborators merely received does not
 * make the saver's version stale). The stored snapshot is merged in first: another instance may
 * have stored changes this one never received (no Redis between them), and they stay.
 */
export async function storeSharedDocument(server: DocumentDeps, shared: SharedDocuments, documentId: string, doc: Doc): Promise<void> {
  const now = isoNow(server.now());
  await server.knex.transaction(async (trx) => {
    const query = server.models.Document.query(trx).findById(documentId);
    // Instances storing the same document at once take turns (PostgreSQL; SQLite has one writer).
    if (server.client === 'postgres') query.forUpdate();
    const document = await query;
    if (!document) return; // deleted while open: nothing to keep
    const stored = (await trx('collab_states').where('document_id', documentId).first('state')) as { state: Uint8Array } | undefined;
    // Checked like any change (the changed hook runs), and sent on to this instance's collaborators.
    if (stored) applyUpdate(doc, new Uint8Array(stored.state), SERVER_ORIGIN);
    const annotations = shared.open.get(documentId)?.kept ?? readAnnotations(doc);
    const serialized = serializeAnnotations(annotations);
    const state = Buffer.from(encodeStateAsUpdate(doc));
    await trx('collab_states')
      .insert({ document_id: documentId, state, updated_at: now })
      .onConflict('document_id')
      .merge({ state, updated_at: now });
    if (document.annotations === serialized) return;
    await server.models.Document.query(trx)
      .findById(documentId)
      .patch({ annotations: serialized, annotationsVersion: document.annotationsVersion + 1, updatedAt: now });
  });
}

/** Forgets a document no one has open on this instance any more. */
export function closeSharedDocument(shared: SharedDocuments, documentId: string): void {
  shared.open.delete(documentId);
}

/** Whether the document is open here or was ever edited together: a save over HTTP must then reach the shared state. */
async function isShared(server: Deps<'knex' | 'collaboration'>, documentId: string): Promise<boolean> {
  if (server.collaboration.isOpen(documentId)) return true;
  return Boolean(await server.knex('collab_states').where('document_id', documentId).first('document_id'));
}

/**
 * The stored list, when the document is shared: what a save over HTTP is compared with, so only
 * what it changed reaches the shared document. Undefined otherwise.
 */
export async function listBeforeSharedSave(
  server: Deps<'knex' | 'models' | 'collaboration'>,
  documentId: string,
): Promise<Annotation[] | undefined> {
  if (!(await isShared(server, documentId))) return undefined;
  const document = await server.models.Document.query().findById(documentId);
  return document ? storedAnnotations(document) : undefined;
}

/**
 * A save over HTTP (from `before` to `after`) replayed on the shared document as a collaborator's
 * change lands in an editor (`rebaseAnnotations`): per annotation and field, so what collaborators
 * changed since, and the save did not, stays.
 */
export async function shareSavedChange(
  server: Deps<'collaboration'>,
  documentId: string,
  before: readonly Annotation[],
  after: readonly Annotation[],
): Promise<void> {
  const diff = diffAnnotations(before, after);
  if (diff.added.length + diff.updated.length + diff.removed.length === 0 && !diff.reordered) return;
  await server.collaboration.changeDocument(documentId, (doc) => {
    writeAnnotations(doc, rebaseAnnotations(before, after, readAnnotations(doc)), SERVER_ORIGIN);
  });
}

/**
 * A restored revision or a page save: its list replaces the shared one (that is what restoring
 * means), and collaborators are told to load the PDF it goes with, named by the version the save
 * was answered with (so the page that saved knows the change for its own).
 */
export async function shareReplacedContent(
  server: Deps<'knex' | 'collaboration'>,
  document: { id: string; annotationsVersion: number },
  annotations: readonly Annotation[],
): Promise<void> {
  if (!(await isShared(server, document.id))) return;
  const revision = String(document.annotationsVersion);
  await server.collaboration.changeDocument(document.id, (doc) => writePdfRevision(doc, revision, annotations, SERVER_ORIGIN));
}
