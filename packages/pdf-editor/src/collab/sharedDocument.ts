// The annotations of a document as a shared Yjs document, the form collaborators and the
// collaboration server (Hocuspocus on /api/collab) exchange. Layout, version 1:
//
//   doc.getMap('annotations')  annotation id -> Y.Map of that annotation's top-level fields, each
//                              value a plain JSON value (a point list, a rect: never a Y type),
//                              but for its comment thread: `replies` is a Y.Map of reply id -> the
//                              reply (plain JSON), read back in time order, so two people replying
//                              at once both keep their reply. Per-field maps, so two collaborators
//                              changing different fields of one annotation (one moves it, one
//                              recolours it) both keep theirs.
//   doc.getArray('order')      annotation ids in drawing order. Concurrent inserts can leave an id
//                              twice, and a deletion racing an insert an id with no entry: readers
//                              keep the first place of each id and skip the ones without entry.
//   doc.getMap('meta')         'version' -> 1; a reader refuses a newer layout.
//                              'pdfRevision' -> an identifier of the PDF the annotations belong to,
//                              written by whoever stores a new one (a page operation saved by the
//                              server): collaborators load that PDF; its annotations, on their new
//                              pages, travel as any change does.
//
// Pages travel as whole PDF revisions through the host's storage, not in the document: a page
// operation rewrites the file, which a field-wise merge could not combine anyway.
import * as Y from 'yjs';
import type { Annotation, AnnotationDiff } from '../core/index';
import { AnnotationValidationError, checkAnnotation, sameValue, throwIssues } from '../core/internal';

/** The key in `doc.getMap('meta')` naming the PDF revision the annotations belong to. */
export const PDF_REVISION_KEY = 'pdfRevision';

/** The layout version `writeAnnotations` writes to `doc.getMap('meta').get('version')`. */
export const SHARED_DOCUMENT_VERSION = 1;

/** The shared types of the layout, created in `doc` when it has none yet. */
export function sharedTypes(doc: Y.Doc) {
  return {
    annotations: doc.getMap<Y.Map<unknown>>('annotations'),
    order: doc.getArray<string>('order'),
    meta: doc.getMap<unknown>('meta'),
  };
}

/**
 * The annotations `doc` holds, in drawing order (`order`, each id at its first place, ids with no
 * entry skipped, then any entry `order` misses, by id so every reader agrees), each checked
 * against the model. A server can call it on a copy of its document with an update applied, to
 * refuse an update that would make an invalid annotation.
 *
 * @throws AnnotationValidationError naming the id and field of every invalid annotation, or when
 * the document was written in a newer layout than this version reads.
 */
export function readAnnotations(doc: Y.Doc): Annotation[] {
  const { annotations, issues } = readShared(doc);
  if (issues.length > 0) throwIssues('shared annotations', issues);
  return annotations;
}

/** What changed in the document since a reader's last read (from a Yjs transaction). */
export interface SharedChanges {
  /** Ids whose entry was added, replaced, deleted or had a field changed. */
  ids: ReadonlySet<string>;
  /** Whether entries were added or deleted, or `order` changed. */
  structural: boolean;
}

/**
 * `readAnnotations` reusing what a reader read before (`previous`): without `changes`, every
 * entry is read; with them, only the changed ones, and the order only when it may have changed.
 * A changed entry that reads the same keeps its previous object, an invalid one too (or is left
 * out when new); its problems are returned in `issues`, not thrown.
 */
export function readShared(doc: Y.Doc, previous: readonly Annotation[] = [], changes?: SharedChanges): { annotations: Annotation[]; issues: string[] } {
  const { annotations, order, meta } = sharedTypes(doc);
  const version = meta.get('version');
  if (typeof version === 'number' && version > SHARED_DOCUMENT_VERSION) {
    throw new AnnotationValidationError(
      `The shared document has layout version ${version}, newer than this version (${SHARED_DOCUMENT_VERSION}) understands.`,
      [`meta.version: ${version} is not supported`],
    );
  }
  const issues: string[] = [];
  const read = (id: string, had: Annotation | undefined): Annotation | undefined => {
    if (had && changes && !changes.ids.has(id)) return had;
    const at = `annotations[${JSON.stringify(id)}]`;
    const entry = annotations.get(id);
    const checked = checkAnnotation(entry instanceof Y.Map ? entryValue(entry) : entry, at);
    if (!('annotation' in checked)) issues.push(...checked.issues);
    else if (checked.annotation.id !== id) issues.push(`${at}.id: ${JSON.stringify(checked.annotation.id)} differs from its key`);
    else return had && sameValue(had, checked.annotation) ? had : checked.annotation;
    return had;
  };
  // Only fields changed: the same annotations in the same order, the changed ones read again.
  if (changes && !changes.structural) return { annotations: previous.map((had) => read(had.id, had)!), issues };
  const known = new Map(previous.map((annotation) => [annotation.id, annotation]));
  const ids = new Set(order.toArray().filter((id) => annotations.has(id)));
  for (const id of [...annotations.keys()].filter((key) => !ids.has(key)).sort()) ids.add(id);
  const result: Annotation[] = [];
  for (const id of ids) {
    const annotation = read(id, known.get(id));
    if (annotation) result.push(annotation);
  }
  return { annotations: result, issues };
}

/**
 * Makes `doc` hold `annotations`, in one transaction carrying `origin`, by writing only what
 * differs: changed fields are set, fields gone are deleted, annotations gone leave the map and
 * `order`, new ones are inserted at their place and reordered ones move. A collaborator's
 * concurrent change to anything this leaves alone survives the merge. Returns whether anything
 * changed.
 */
export function writeAnnotations(doc: Y.Doc, annotations: readonly Annotation[], origin?: unknown): boolean {
  return writeShared(doc, annotations, origin);
}

/**
 * Tells collaborators that the document's PDF is now `revision` (an identifier the host can load,
 * e.g. a stored revision's id), with `annotations` as they stand on its pages, in one transaction.
 * Their `connectCollaboration` calls `onPdfChanged(revision)`.
 */
export function writePdfRevision(doc: Y.Doc, revision: string, annotations: readonly Annotation[], origin?: unknown): void {
  doc.transact(() => {
    writeShared(doc, annotations, origin);
    sharedTypes(doc).meta.set(PDF_REVISION_KEY, revision);
  }, origin);
}

/**
 * `writeAnnotations` given what changed since the document last matched (a history diff): only
 * those annotations are compared and written, and `order` only when the diff adds, removes or
 * reorders. Without `diff`, everything is compared.
 */
export function writeShared(doc: Y.Doc, annotations: readonly Annotation[], origin?: unknown, diff?: AnnotationDiff): boolean {
  const shared = sharedTypes(doc);
  let changed = false;
  doc.transact(() => {
    if (shared.meta.get('version') !== SHARED_DOCUMENT_VERSION) {
      shared.meta.set('version', SHARED_DOCUMENT_VERSION);
      changed = true;
    }
    const ids = () => annotations.map((annotation) => annotation.id);
    const wanted = diff ? undefined : new Set(ids());
    const gone = diff ? diff.removed.map((annotation) => annotation.id) : [...shared.annotations.keys()].filter((id) => !wanted!.has(id));
    for (const id of gone) {
      if (!shared.annotations.has(id)) continue;
      shared.annotations.delete(id);
      changed = true;
    }
    for (const annotation of diff ? [...diff.added, ...diff.updated.map(([, after]) => after)] : annotations) {
      changed = writeFields(shared.annotations, annotation) || changed;
    }
    if (!diff || diff.added.length > 0 || diff.removed.length > 0 || diff.reordered) changed = writeOrder(shared.order, ids()) || changed;
  }, origin);
  return changed;
}

/** The field of an entry kept per item (a Y.Map of item id -> item), not as one value. */
const REPLIES = 'replies';

type Reply = NonNullable<Annotation['replies']>[number];

/** An entry's annotation as plain JSON: its replies a list in time order (then by id, so every reader agrees). */
function entryValue(entry: Y.Map<unknown>): unknown {
  const value = entry.toJSON() as Record<string, unknown>;
  const replies = value[REPLIES];
  if (replies && typeof replies === 'object' && !Array.isArray(replies)) {
    const list = Object.values(replies as Record<string, Reply>);
    // Every entry has the map, from its first write: an empty one is no thread.
    if (list.length === 0) delete value[REPLIES];
    else value[REPLIES] = list.sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1));
  }
  return value;
}

/** Makes an entry's replies map hold `replies`, writing only the replies that differ. */
function writeReplies(entry: Y.Map<unknown>, replies: readonly Reply[]): boolean {
  let map = entry.get(REPLIES);
  let changed = false;
  if (!(map instanceof Y.Map)) {
    map = new Y.Map<unknown>();
    entry.set(REPLIES, map);
    changed = true;
  }
  const items = map as Y.Map<unknown>;
  const wanted = new Set(replies.map((reply) => reply.id));
  for (const id of [...items.keys()]) {
    if (wanted.has(id)) continue;
    items.delete(id);
    changed = true;
  }
  for (const reply of replies) {
    if (sameValue(items.get(reply.id), reply)) continue;
    items.set(reply.id, reply);
    changed = true;
  }
  return changed;
}

/** Writes the fields of `annotation` that its entry does not hold already. */
function writeFields(entries: Y.Map<Y.Map<unknown>>, annotation: Annotation): boolean {
  let entry = entries.get(annotation.id);
  let changed = false;
  if (!(entry instanceof Y.Map)) {
    entry = new Y.Map<unknown>();
    entries.set(annotation.id, entry);
    changed = true;
  }
  const fields = annotation as unknown as Record<string, unknown>;
  for (const key of [...entry.keys()]) {
    if (fields[key] !== undefined || key === REPLIES) continue;
    entry.delete(key);
    changed = true;
  }
  // The replies map is made with the entry, thread or not: two people replying first at once
  // would otherwise each make one, and one map (with its reply) would lose to the other.
  changed = writeReplies(entry, annotation.replies ?? []) || changed;
  for (const [key, value] of Object.entries(fields)) {
    if (key === REPLIES) continue;
    if (value === undefined || sameValue(entry.get(key), value)) continue;
    entry.set(key, value);
    changed = true;
  }
  return changed;
}

/**
 * Edits `order` into `ids` with few operations, so concurrent inserts elsewhere in it survive:
 * drops ids gone and repeats, keeps the longest run already in the right relative order, and
 * deletes and reinserts the rest (Y.Array has no move).
 */
function writeOrder(order: Y.Array<string>, ids: readonly string[]): boolean {
  const target = new Map(ids.map((id, index) => [id, index]));
  const current = order.toArray();
  const seen = new Set<string>();
  // Each id's place in `ids`, or -1 for an id to drop.
  const places = current.map((id) => {
    const place = seen.has(id) ? undefined : target.get(id);
    seen.add(id);
    return place ?? -1;
  });
  const kept = longestIncreasingRun(places);
  let changed = false;
  // Runs of neighbours go in one operation each: one insert per id would walk the array each time.
  for (let end = current.length; end > 0; ) {
    let start = end;
    while (start > 0 && !kept.has(start - 1)) start--;
    if (start < end) order.delete(start, end - start);
    changed ||= start < end;
    end = start - 1;
  }
  // What is left is a subsequence of `ids`: insert the others where they belong.
  const left = new Set([...kept].map((index) => current[index]));
  for (let start = 0; start < ids.length; ) {
    let end = start;
    while (end < ids.length && !left.has(ids[end]!)) end++;
    if (start < end) order.insert(start, ids.slice(start, end));
    changed ||= start < end;
    start = end + 1;
  }
  return changed;
}

/** Indexes of a longest strictly increasing run of the non-negative `values` (patience sorting). */
function longestIncreasingRun(values: readonly number[]): Set<number> {
  const tails: number[] = [];
  const previous: number[] = [];
  values.forEach((value, index) => {
    if (value < 0) return;
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (values[tails[middle]!]! < value) low = middle + 1;
      else high = middle;
    }
    previous[index] = low > 0 ? tails[low - 1]! : -1;
    tails[low] = index;
  });
  const run = new Set<number>();
  for (let index = tails.at(-1) ?? -1; index >= 0; index = previous[index]!) run.add(index);
  return run;
}
