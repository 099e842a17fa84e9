// The annotations of a document as a shared Yjs document, the form collaborators and the
// collaboration server (Hocuspocus on /api/collab) exchange. Layout, version 1:
//
//   doc.getMap('annotations')  annotation id -> Y.Map of that annotation's top-level fields, each
//                              value a plain JSON value (a point list, a rect: never a Y type).
//                              Per-field maps, so two collaborators changing different fields of
//                              one annotation (one moves it, one recolours it) both keep theirs.
//   doc.getArray('order')      annotation ids in drawing order. Concurrent inserts can leave an id
//                              twice, and a deletion racing an insert an id with no entry: readers
//                              keep the first place of each id and skip the ones without entry.
//   doc.getMap('meta')         'version' -> 1; a reader refuses a newer layout.
//
// Only the annotations live here for now; page operations, presence and comment threads will get
// their own top-level types next to these.
import * as Y from 'yjs';
import type { Annotation } from '../core/index';
import { AnnotationValidationError, checkAnnotation, sameValue, throwIssues } from '../core/internal';

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

/**
 * `readAnnotations` reusing what a reader already has: an annotation of `known` stands for its
 * entry unless its id is in `changed` (every entry is read when `changed` is undefined), or when
 * its entry reads the same or is invalid. Invalid entries are reported in `issues`, not thrown.
 */
export function readShared(
  doc: Y.Doc,
  known: ReadonlyMap<string, Annotation> = new Map(),
  changed?: ReadonlySet<string>,
): { annotations: Annotation[]; issues: string[] } {
  const { annotations, order, meta } = sharedTypes(doc);
  const version = meta.get('version');
  if (typeof version === 'number' && version > SHARED_DOCUMENT_VERSION) {
    throw new AnnotationValidationError(
      `The shared document has layout version ${version}, newer than this version (${SHARED_DOCUMENT_VERSION}) understands.`,
      [`meta.version: ${version} is not supported`],
    );
  }
  const ids = new Set(order.toArray().filter((id) => annotations.has(id)));
  for (const id of [...annotations.keys()].sort()) ids.add(id);
  const issues: string[] = [];
  const result: Annotation[] = [];
  for (const id of ids) {
    const had = known.get(id);
    if (had && changed && !changed.has(id)) {
      result.push(had);
      continue;
    }
    const at = `annotations[${JSON.stringify(id)}]`;
    const entry = annotations.get(id);
    const checked = checkAnnotation(entry instanceof Y.Map ? entry.toJSON() : entry, at);
    if (!('annotation' in checked)) issues.push(...checked.issues);
    else if (checked.annotation.id !== id) issues.push(`${at}.id: ${JSON.stringify(checked.annotation.id)} differs from its key`);
    else {
      result.push(had && sameValue(had, checked.annotation) ? had : checked.annotation);
      continue;
    }
    if (had) result.push(had);
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
 * `writeAnnotations` comparing the fields of only the annotations in `touched` (all when
 * undefined): a writer that knows what it changed spares comparing the others.
 */
export function writeShared(doc: Y.Doc, annotations: readonly Annotation[], origin?: unknown, touched?: ReadonlySet<string>): boolean {
  const shared = sharedTypes(doc);
  let changed = false;
  doc.transact(() => {
    if (shared.meta.get('version') !== SHARED_DOCUMENT_VERSION) {
      shared.meta.set('version', SHARED_DOCUMENT_VERSION);
      changed = true;
    }
    const wanted = new Set(annotations.map((annotation) => annotation.id));
    for (const id of [...shared.annotations.keys()]) {
      if (wanted.has(id)) continue;
      shared.annotations.delete(id);
      changed = true;
    }
    for (const annotation of annotations) {
      if (!touched || touched.has(annotation.id)) changed = writeFields(shared.annotations, annotation) || changed;
    }
    changed = writeOrder(shared.order, [...wanted]) || changed;
  }, origin);
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
    if (fields[key] !== undefined) continue;
    entry.delete(key);
    changed = true;
  }
  for (const [key, value] of Object.entries(fields)) {
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
  for (let index = current.length - 1; index >= 0; index--) {
    if (kept.has(index)) continue;
    order.delete(index, 1);
    changed = true;
  }
  // What is left is a subsequence of `ids`: insert the others where they belong.
  const left = new Set([...kept].map((index) => current[index]));
  ids.forEach((id, index) => {
    if (left.has(id)) return;
    order.insert(index, [id]);
    changed = true;
  });
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
