// The annotation kinds by type (KINDS, kept by hand: its mapped type makes the compiler name a type
// without a kind, and a kind module lacking a part does not type-check); everything that differs
// between kinds is read from here, never switched on `type`.
import type { Annotation, AnnotationOfType, AnnotationType } from '../model/types';
import { arrowKind } from './arrow';
import { caretKind } from './caret';
import { circleKind } from './circle';
import { commentKind } from './comment';
import { ellipseKind } from './ellipse';
import { freehandKind } from './freehand';
import { highlightKind } from './highlight';
import { imageKind } from './image';
import { polygonKind } from './polygon';
import { polylineKind } from './polyline';
import { rectangleKind } from './rectangle';
import { signatureKind } from './signature';
import { squigglyKind } from './squiggly';
import { stampKind } from './stamp';
import { strikethroughKind } from './strikethrough';
import { textKind } from './text';
import { underlineKind } from './underline';
import { whiteoutKind } from './whiteout';
import { hostKind, isCustomType, UNREGISTERED_KIND } from './hostKinds';
import type { AnnotationKind } from './kind';

/** Every kind by its type: the registry's shape, so the compiler names a type without a kind. */
export type KindRegistry = { readonly [K in AnnotationType]: AnnotationKind<AnnotationOfType<K>> };

/** Every built-in kind by its type, in toolbar order. */
export const KINDS = {
  text: textKind,
  highlight: highlightKind,
  strikethrough: strikethroughKind,
  underline: underlineKind,
  squiggly: squigglyKind,
  freehand: freehandKind,
  rectangle: rectangleKind,
  circle: circleKind,
  ellipse: ellipseKind,
  arrow: arrowKind,
  polygon: polygonKind,
  polyline: polylineKind,
  comment: commentKind,
  caret: caretKind,
  signature: signatureKind,
  stamp: stampKind,
  image: imageKind,
  whiteout: whiteoutKind,
} satisfies KindRegistry;

/** A kind as code that handles annotations of every kind sees it. */
export type AnyKind = AnnotationKind<Annotation>;

/**
 * The kind of `type`, typed for annotations of any kind: the registry's mapped type guarantees
 * `KINDS[a.type]` fits `a`, which TypeScript cannot follow through a union, hence the one cast.
 * A host's `custom:` type finds its registered kind (hostKinds.ts), or the stand-in of a kind
 * nobody registered.
 */
export function kindOf<K extends AnnotationType>(type: K): AnnotationKind<AnnotationOfType<K>>;
export function kindOf(type: Annotation['type']): AnyKind;
export function kindOf(type: Annotation['type']): AnyKind {
  const kind = isCustomType(type) ? (hostKind(type)?.kind ?? UNREGISTERED_KIND) : KINDS[type];
  return kind as unknown as AnyKind;
}

/** `kindOf(annotation.type)` for an annotation whose type is only known at run time. */
export function kindFor(annotation: Annotation): AnyKind {
  return kindOf(annotation.type);
}
