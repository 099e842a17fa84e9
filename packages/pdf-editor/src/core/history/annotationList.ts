// Pure updates of an annotation list, each usable as one history step:
// `history.apply(addAnnotation(a), 'Add rectangle')`. They never mutate their input, keep every
// annotation they do not change (same object), and return the very same list when nothing changes,
// so a no-op makes no undo step.
import { InvalidInputError } from '../errors';
import { checkInteger, checkObject, invalid } from '../input';
import { requireKind } from '../kinds/hostKinds';
import { checkAnnotation, throwIssues } from '../model/check';
import type { Annotation, AnnotationOfType, AnnotationType } from '../model/types';

/** An update of an annotation list, as `History.apply` takes it. */
export type AnnotationListUpdate = (list: readonly Annotation[]) => Annotation[];

/** Fields an update may change: everything but the identity and the timestamps. */
export type AnnotationPatch<K extends AnnotationType = AnnotationType> = {
  [P in K]: Partial<Omit<AnnotationOfType<P>, 'id' | 'type' | 'createdAt' | 'updatedAt'>>;
}[K];

// A no-op update hands back its input; the cast only drops `readonly` from the type.
const unchanged = (list: readonly Annotation[]): Annotation[] => list as Annotation[];

function checkId(value: unknown, field: string): asserts value is string {
  if (typeof value !== 'string') invalid(field, 'an annotation id (a string)', value);
}

/**
 * Appends `annotation` (drawn on top). Throws AnnotationValidationError naming the field when it
 * does not fit the model, and an Error when its id is already in the list.
 */
export function addAnnotation(annotation: Annotation): AnnotationListUpdate {
  const checked = checkAnnotation(annotation, 'annotation');
  if (!('annotation' in checked)) throwIssues('annotation', checked.issues);
  requireKind(annotation.type, 'annotation');
  return (list) => {
    if (list.some((existing) => existing.id === annotation.id)) {
      throw new Error(`An annotation with id "${annotation.id}" is already in the list.`);
    }
    return [...list, annotation];
  };
}

/**
 * Changes the fields in `patch` of the annotation with this id and stamps its `updatedAt`.
 * An unknown id, or a patch whose values are all already set, changes nothing (spec: editing an
 * annotation that cannot be found is not an error).
 */
export function updateAnnotation<K extends AnnotationType = AnnotationType>(
  id: string,
  patch: AnnotationPatch<K>,
): AnnotationListUpdate {
  checkId(id, 'id');
  checkObject(patch, 'patch');
  return (list) => {
    const index = list.findIndex((annotation) => annotation.id === id);
    const current = list[index];
    if (!current) return unchanged(list);
    const changes = Object.entries(patch).filter(
      ([key, value]) => value !== undefined && !Object.is((current as Record<string, unknown>)[key], value),
    );
    if (changes.length === 0) return unchanged(list);
    const updated = {
      ...current,
      ...Object.fromEntries(changes),
      updatedAt: new Date().toISOString(),
    } as Annotation;
    const next = list.slice();
    next[index] = updated;
    return next;
  };
}

/** Removes the annotations with these ids; unknown ids are ignored. */
export function removeAnnotations(ids: Iterable<string>): AnnotationListUpdate {
  // A string is iterable too, but its characters are not ids.
  const iterable = typeof ids === 'object' && ids !== null && Symbol.iterator in ids;
  if (!iterable) throw new InvalidInputError('ids', 'expected a list of annotation ids');
  const doomed = new Set(ids);
  [...doomed].forEach((id, index) => checkId(id, `ids[${index}]`));
  return (list) => {
    const next = list.filter((annotation) => !doomed.has(annotation.id));
    return next.length === list.length ? unchanged(list) : next;
  };
}

/** Removes the annotation with this id; an unknown id changes nothing. */
export function removeAnnotation(id: string): AnnotationListUpdate {
  checkId(id, 'id');
  return (list) => {
    const index = list.findIndex((annotation) => annotation.id === id);
    if (index === -1) return unchanged(list);
    const next = list.slice();
    next.splice(index, 1);
    return next;
  };
}

/** Removes every annotation, or those of one page (1-based) when `page` is given. */
export function clearAnnotations(page?: number): AnnotationListUpdate {
  if (page !== undefined) checkInteger(page, 'page', 1);
  return (list) => {
    const next = page === undefined ? [] : list.filter((annotation) => annotation.page !== page);
    return next.length === list.length ? unchanged(list) : next;
  };
}
