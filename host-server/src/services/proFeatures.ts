// What the server holds back from accounts without Pro. Spec section 4 lists the Comment and
// Signature tools as Pro (section 6: "Comment and Sign tools"); a running trial counts as Pro, guests
// never have it. The browser asks first (host-app `features/guest/gate.ts`, same message); this is
// the rule that holds when a request comes from anywhere else.
//
// Nothing already stored is ever taken away: an account that lost Pro keeps, opens, exports and may
// move or delete its Pro annotations, and may restore versions that hold them; what it cannot do is
// save a Pro annotation that is not already stored under the same id and kind.
import type { Annotation } from '@marginalia/pdf-editor/core';
import { ProFeatureRequiredError } from '../domain/errors';
import { currentPlan, type PlanFields } from './plans';

/** Annotation kinds only Pro accounts (paid plans and trials) may add. */
export const PRO_ANNOTATION_TYPES: ReadonlySet<Annotation['type']> = new Set<Annotation['type']>(['comment', 'signature']);

/** Whether the account has Pro at `now`: a paid plan, or a free account whose trial runs. */
export function hasPro(user: PlanFields, now: Date): boolean {
  return currentPlan(user, now) !== 'free';
}

/**
 * The first Pro annotation of `next` that `stored` does not already hold under the same id and kind,
 * or undefined. `next` is the list about to be stored, `stored` the one it replaces.
 */
export function findNewProAnnotation(next: readonly Annotation[], stored: readonly Annotation[]): Annotation | undefined {
  const kept = new Map(stored.filter((annotation) => PRO_ANNOTATION_TYPES.has(annotation.type)).map((annotation) => [annotation.id, annotation.type]));
  return next.find((annotation) => PRO_ANNOTATION_TYPES.has(annotation.type) && kept.get(annotation.id) !== annotation.type);
}

export function hasProAnnotations(annotations: readonly Annotation[]): boolean {
  return annotations.some((annotation) => PRO_ANNOTATION_TYPES.has(annotation.type));
}

/** Refuses (403) a save by an account without Pro that would add a Pro annotation to `stored`. */
export function checkProAnnotations(
  user: PlanFields | null,
  now: Date,
  next: readonly Annotation[],
  stored: () => readonly Annotation[],
): void {
  if (user && hasPro(user, now)) return;
  if (!hasProAnnotations(next)) return;
  const added = findNewProAnnotation(next, stored());
  if (added) throw new ProFeatureRequiredError(`${added.type} annotations`);
}
