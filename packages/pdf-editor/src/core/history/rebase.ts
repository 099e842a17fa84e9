// A change replayed on a state that moved on: how an undo step comes undone after a collaborator
// changed the document (as Yjs's UndoManager does), and how a collaborator's change lands on a
// state with a gesture of one's own in progress. Per annotation and per top-level field, the
// granularity of the shared document (src/collab/sharedDocument.ts): a field the change did not
// touch keeps what `current` holds, and so does a field someone else changed since `from`; an
// annotation's thread (`replies`) goes reply by reply, as the list goes annotation by annotation.
import { sameValue } from '../model/equality';
import type { Annotation } from '../model/types';
import type { FormValues } from '../forms/types';
import type { DocumentState } from './diff';

type Fields = Record<string, unknown>;
/** What the lists rebased here hold: annotations, and the entries of an annotation's thread. */
type Entry = { readonly id: string };

/**
 * `current` with the change from `from` to `to` replayed on it: each field the change set is set
 * where `current` still holds the value the change started from; annotations it removed are
 * removed, those it added are added after the one they followed in `to` (unless `current` has
 * them), those removed from `current` meanwhile stay removed; a reorder puts the annotations both
 * lists hold back in `to`'s relative order. `current` itself when nothing applies; `to` when
 * `current` is `from`.
 */
export function rebaseAnnotations(from: readonly Annotation[], to: readonly Annotation[], current: readonly Annotation[]): Annotation[] {
  return rebaseList(from, to, current);
}

function rebaseList<T extends Entry>(from: readonly T[], to: readonly T[], current: readonly T[]): T[] {
  if (current === from) return to as T[];
  const before = new Map(from.map((annotation) => [annotation.id, annotation]));
  const after = new Map(to.map((annotation) => [annotation.id, annotation]));
  let changed = false;
  const result: T[] = [];
  for (const annotation of current) {
    const was = before.get(annotation.id);
    const will = after.get(annotation.id);
    if (was && !will) {
      changed = true;
      continue;
    }
    const next = was && will && was !== will ? rebaseFields(was, will, annotation) : annotation;
    changed ||= next !== annotation;
    result.push(next);
  }
  // Annotations the change adds, each after the nearest one it followed in `to` that is there.
  const present = new Set(result.map((annotation) => annotation.id));
  let previous: string | undefined;
  for (const annotation of to) {
    if (!before.has(annotation.id) && !present.has(annotation.id)) {
      const at = previous === undefined ? 0 : result.findIndex((other) => other.id === previous) + 1;
      result.splice(at, 0, annotation);
      present.add(annotation.id);
      changed = true;
    }
    if (present.has(annotation.id)) previous = annotation.id;
  }
  changed = reorder(from, to, result) || changed;
  return changed ? result : (current as T[]);
}

/**
 * `current` with every field that changed from `was` to `will` set, where it still holds `was`'s
 * value. A thread (`replies`) is replayed entry by entry instead, as the list is: undoing one's
 * reply keeps the one a collaborator wrote meanwhile.
 */
function rebaseFields<T extends Entry>(was: T, will: T, current: T): T {
  const [from, to, fields] = [was as unknown as Fields, will as unknown as Fields, { ...current } as Fields];
  let changed = false;
  for (const key of new Set([...Object.keys(from), ...Object.keys(to)])) {
    if (sameValue(from[key], to[key])) continue;
    if (key === 'replies') {
      const list = (value: unknown) => (value ?? []) as Entry[];
      const now = list(fields[key]);
      const thread = rebaseList(list(from[key]), list(to[key]), now);
      if (thread === now) continue;
      if (thread.length === 0) delete fields[key];
      else fields[key] = thread;
      changed = true;
      continue;
    }
    if (!sameValue(fields[key], from[key])) continue;
    if (to[key] === undefined) delete fields[key];
    else fields[key] = to[key];
    changed = true;
  }
  return changed ? (fields as unknown as T) : current;
}

/**
 * When the change reordered annotations it kept, puts those of them in `list` back in `to`'s
 * relative order, in the places they hold in `list` (in place). Whether it moved any.
 */
function reorder<T extends Entry>(from: readonly T[], to: readonly T[], list: T[]): boolean {
  const rank = new Map(to.map((annotation, index) => [annotation.id, index]));
  const kept = from.filter((annotation) => rank.has(annotation.id));
  if (kept.every((annotation, index) => index === 0 || rank.get(kept[index - 1]!.id)! < rank.get(annotation.id)!)) return false;
  const wasKept = new Set(kept.map((annotation) => annotation.id));
  const places = list.flatMap((annotation, index) => (wasKept.has(annotation.id) ? [index] : []));
  const sorted = places.map((index) => list[index]!).sort((a, b) => rank.get(a.id)! - rank.get(b.id)!);
  let moved = false;
  places.forEach((place, index) => {
    moved ||= list[place] !== sorted[index];
    list[place] = sorted[index]!;
  });
  return moved;
}

/** `current` with the fields whose values changed from `from` to `to` set as `to` has them (the others as they are). */
function rebaseFormValues(from: FormValues | undefined, to: FormValues | undefined, current: FormValues | undefined): FormValues | undefined {
  if (from === to || current === to) return current;
  if (current === from) return to;
  const next: FormValues = { ...current };
  for (const name of new Set([...Object.keys(from ?? {}), ...Object.keys(to ?? {})])) {
    if (from?.[name] === to?.[name]) continue;
    if (to && name in to) next[name] = to[name]!;
    else delete next[name];
  }
  return next;
}

/** `rebaseAnnotations` for document states; the PDF follows the change where `current` has `from`'s. */
export function rebaseDocument(from: DocumentState, to: DocumentState, current: DocumentState): DocumentState {
  if (current === from) return to;
  const annotations = rebaseAnnotations(from.annotations, to.annotations, current.annotations);
  const pdf = from.pdf !== to.pdf && current.pdf === from.pdf ? to.pdf : current.pdf;
  const formValues = rebaseFormValues(from.formValues, to.formValues, current.formValues);
  if (annotations === current.annotations && pdf === current.pdf && formValues === current.formValues) return current;
  return formValues === undefined ? { pdf, annotations } : { pdf, annotations, formValues };
}
