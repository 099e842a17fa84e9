// The annotation kinds by type (KINDS, generated from KIND_NAMES in names.ts; a kind module
// lacking a part does not type-check); everything that differs between kinds is read from here,
// never switched on `type`.
import type { Annotation, AnnotationType } from '../model/types';
import { hostKind, isCustomType, UNREGISTERED_KIND } from './hostKinds';
import type { AnnotationKind } from './kind';
import { KINDS } from './kinds.generated';

export { KINDS };

/** A kind as code that handles annotations of every kind sees it. */
export type AnyKind = AnnotationKind<Annotation['type'], Annotation>;

/**
 * The kind of `type`, typed for annotations of any kind: the registry's mapped type guarantees
 * `KINDS[a.type]` fits `a`, which TypeScript cannot follow through a union, hence the one cast.
 * A host's `custom:` type finds its registered kind (hostKinds.ts), or the stand-in of a kind
 * nobody registered.
 */
export function kindOf<K extends AnnotationType>(type: K): AnnotationKind<K>;
export function kindOf(type: Annotation['type']): AnyKind;
export function kindOf(type: Annotation['type']): AnyKind {
  const kind = isCustomType(type) ? (hostKind(type)?.kind ?? UNREGISTERED_KIND) : KINDS[type];
  return kind as unknown as AnyKind;
}

/** `kindOf(annotation.type)` for an annotation whose type is only known at run time. */
export function kindFor(annotation: Annotation): AnyKind {
  return kindOf(annotation.type);
}
