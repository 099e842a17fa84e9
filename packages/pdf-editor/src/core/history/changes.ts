// A diff as a storage receives it: what to add, the updated annotations whole, the ids to remove.
// The one definition of that format for both ends: the editor's side turns an AnnotationDiff into
// it, a server reads a request body with `parseAnnotationChanges` (annotations checked exactly as
// `parseAnnotations` checks a whole list) and writes it with `applyAnnotationChanges`.
import { AnnotationValidationError } from '../errors';
import { throwIssues } from '../model/check';
import { readAnnotationItems } from '../model/serialize';
import type { Annotation } from '../model/types';
import type { AnnotationDiff } from './diff';

/**
 * The change from one stored annotation list to the next, by id: `added` go at the end of the list
 * in this order, each of `updated` replaces the annotation of its id where it is, `removed` names
 * the ids that go. An id appears at most once in the three.
 */
export interface AnnotationChanges {
  added: Annotation[];
  updated: Annotation[];
  removed: string[];
}

/**
 * `diff` as the changes a storage writes; null when the diff moves annotations (`reordered`, e.g.
 * an undone deletion puts one back in the middle): changes cannot say where, so such a save must
 * send the whole list.
 */
export function toAnnotationChanges(diff: AnnotationDiff): AnnotationChanges | null {
  if (diff.reordered) return null;
  return {
    added: diff.added,
    updated: diff.updated.map(([, after]) => after),
    removed: diff.removed.map((annotation) => annotation.id),
  };
}

function listIn(input: Record<string, unknown>, field: keyof AnnotationChanges, issues: string[]): unknown[] {
  const value = input[field] ?? [];
  if (Array.isArray(value)) return value;
  issues.push(`${field}: expected an array`);
  return [];
}

/**
 * Reads changes from a parsed JSON body `{ added?, updated?, removed? }` (missing lists are
 * empty). Annotations are read as `parseAnnotations` reads them, except that each must carry its
 * `id`: a change names what it touches. Throws AnnotationValidationError naming every problem
 * (`added[0].page: ...`, `removed[2]: ...`), including an id that appears twice.
 */
export function parseAnnotationChanges(input: unknown): AnnotationChanges {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throwIssues('changes', ['changes: expected an object']);
  const body = input as Record<string, unknown>;
  const issues: string[] = [];
  const lists = { added: listIn(body, 'added', issues), updated: listIn(body, 'updated', issues), removed: listIn(body, 'removed', issues) };
  lists.removed.forEach((id, index) => {
    if (typeof id !== 'string' || id === '') issues.push(`removed[${index}]: expected an annotation id (a non-empty string)`);
  });
  for (const field of ['added', 'updated'] as const) {
    lists[field].forEach((item, index) => {
      const id = item && typeof item === 'object' ? (item as { id?: unknown }).id : undefined;
      if (typeof id !== 'string' || id === '') issues.push(`${field}[${index}].id: required (a change names the annotation it touches)`);
    });
  }
  const read = (field: 'added' | 'updated'): Annotation[] => {
    try {
      return readAnnotationItems(lists[field], field);
    } catch (error) {
      if (!(error instanceof AnnotationValidationError)) throw error;
      issues.push(...error.issues);
      return [];
    }
  };
  const changes: AnnotationChanges = { added: read('added'), updated: read('updated'), removed: lists.removed as string[] };
  if (issues.length > 0) throwIssues('changes', issues);
  const seen = new Set<string>();
  const ids = [...changes.added, ...changes.updated].map((annotation) => annotation.id).concat(changes.removed);
  for (const id of ids) {
    if (seen.has(id)) issues.push(`${JSON.stringify(id)}: appears more than once in added, updated and removed`);
    seen.add(id);
  }
  if (issues.length > 0) throwIssues('changes', issues);
  return changes;
}

/**
 * Changes that do not fit the list they are applied to: `unknown-id` when an updated or removed
 * id is not in it, `duplicate-id` when an added one already is. `ids` names them. The changes were
 * made against another list than this one, so none of them is applied.
 */
export class AnnotationChangesError extends Error {
  override readonly name = 'AnnotationChangesError';
  constructor(
    readonly reason: 'unknown-id' | 'duplicate-id',
    readonly ids: readonly string[],
  ) {
    const list = ids.map((id) => JSON.stringify(id)).join(', ');
    super(
      reason === 'unknown-id'
        ? `No annotation with the id ${list} to update or remove.`
        : `An annotation with the id ${list} already exists; it cannot be added again.`,
    );
  }
}

/**
 * `list` with `changes` applied: removed ones dropped, updated ones replaced in place, added ones
 * appended. All or nothing: throws AnnotationChangesError when any change does not fit `list`.
 */
export function applyAnnotationChanges(list: readonly Annotation[], changes: AnnotationChanges): Annotation[] {
  const present = new Set(list.map((annotation) => annotation.id));
  const unknown = [...changes.updated.map((annotation) => annotation.id), ...changes.removed].filter((id) => !present.has(id));
  if (unknown.length > 0) throw new AnnotationChangesError('unknown-id', unknown);
  const existing = changes.added.map((annotation) => annotation.id).filter((id) => present.has(id));
  if (existing.length > 0) throw new AnnotationChangesError('duplicate-id', existing);
  const removed = new Set(changes.removed);
  const updated = new Map(changes.updated.map((annotation) => [annotation.id, annotation]));
  const kept = list.filter((annotation) => !removed.has(annotation.id));
  return [...kept.map((annotation) => updated.get(annotation.id) ?? annotation), ...changes.added];
}
