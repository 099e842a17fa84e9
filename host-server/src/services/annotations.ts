// Saving a document's annotations with optimistic concurrency: a save names the version it is based
// on and applies only while that version is stored, so of two saves from the same version one always
// hears of the other (StaleVersionError with the version stored now). A PATCH applies only to the
// version stored now: the server keeps no record of what each version changed, and a client told
// "saved as version N" must hold version N, not a merge it never saw. These commands take what they
// need (the bound model, knex for the transaction, the ids, the version), not the ServerContext.
import {
  applyAnnotationChanges,
  parseAnnotations,
  serializeAnnotations,
  type Annotation,
  type AnnotationChanges,
} from '@marginalia/pdf-editor/core';
import type { Knex } from 'knex';
import { AnnotationsTooLargeError, NotFoundError, StaleVersionError } from '../domain/errors';
import { isoNow } from '../models/BaseModel';
import type { Document, Models, User } from '../models';
import { checkProAnnotations, hasPro, hasProAnnotations } from './proFeatures';

/** The values of a PDF's form fields, by full field name, as the editor saves them. */
export type FormValues = Record<string, string | boolean | string[] | null>;

/** The stored form values, or undefined when none were saved. */
export function storedFormValues(document: Pick<Document, 'formValues'>): FormValues | undefined {
  return document.formValues ? (JSON.parse(document.formValues) as FormValues) : undefined;
}

/** The stored annotations, validated again on the way out (the format may have moved on). */
export function storedAnnotations(document: Pick<Document, 'annotations'>): Annotation[] {
  return document.annotations ? parseAnnotations(document.annotations) : [];
}

export interface AnnotationSave {
  Document: Models['Document'];
  documentId: string;
  /** The owner: only their document is changed, and their plan decides which annotations it may hold. */
  user: User;
  /** The version the client's change is based on. */
  version: number;
  now: Date;
  /** The form values saved with the annotations, under the same version; undefined keeps the stored ones. */
  formValues?: FormValues;
}

/** The form values' column for a save: only when it gives them, so a client that never sends them keeps what is stored. */
const formColumn = (save: AnnotationSave) => (save.formValues === undefined ? {} : { formValues: JSON.stringify(save.formValues) });

async function ownDocument(save: AnnotationSave, withAnnotations: boolean): Promise<Document> {
  const query = save.Document.query().findById(save.documentId).where('userId', save.user.id);
  if (!withAnnotations) query.modify('summary');
  const document = await query;
  if (!document) throw new NotFoundError('Document not found');
  return document;
}

/** Replaces the whole list (PUT); answers the new version. */
export async function replaceAnnotations(save: AnnotationSave, annotations: Annotation[]): Promise<number> {
  const { user, version, now } = save;
  if (!hasPro(user, now) && hasProAnnotations(annotations)) {
    // Compared with the list stored at the version the save is based on; the update below only
    // applies at that version, so the list compared is the one replaced.
    const stored = await ownDocument(save, true);
    if (stored.annotationsVersion !== version) throw new StaleVersionError(stored.annotationsVersion);
    checkProAnnotations(user, now, annotations, () => storedAnnotations(stored));
  }
  const changed = await save.Document.query()
    .findById(save.documentId)
    .where('userId', user.id)
    .where('annotationsVersion', version)
    .patch({ annotations: serializeAnnotations(annotations), ...formColumn(save), annotationsVersion: version + 1, updatedAt: isoNow(now) });
  if (changed !== 1) throw new StaleVersionError((await ownDocument(save, false)).annotationsVersion);
  return version + 1;
}

/**
 * Applies a PATCH's changes to the list stored at `version`, under a lock on the document's row
 * (`lockRow`: PostgreSQL's `FOR UPDATE`; SQLite's single writer needs none); answers the new version.
 */
export async function patchAnnotations(
  save: AnnotationSave & { knex: Knex; lockRow: boolean; maxBytes: number },
  changes: AnnotationChanges,
): Promise<number> {
  const { Document, documentId, user, version, now } = save;
  await save.knex.transaction(async (trx) => {
    const query = Document.query(trx).findById(documentId).where('userId', user.id);
    if (save.lockRow) query.forUpdate();
    const locked = await query;
    if (!locked) throw new NotFoundError('Document not found');
    if (locked.annotationsVersion !== version) throw new StaleVersionError(locked.annotationsVersion);
    const current = storedAnnotations(locked);
    const next = applyAnnotationChanges(current, changes);
    checkProAnnotations(user, now, next, () => current);
    const serialized = serializeAnnotations(next);
    if (Buffer.byteLength(serialized) > save.maxBytes) throw new AnnotationsTooLargeError(save.maxBytes);
    const changed = await Document.query(trx)
      .findById(locked.id)
      .where('annotationsVersion', version)
      .patch({ annotations: serialized, ...formColumn(save), annotationsVersion: version + 1, updatedAt: isoNow(now) });
    if (changed !== 1) throw new StaleVersionError(locked.annotationsVersion);
  });
  return version + 1;
}
