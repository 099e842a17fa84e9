// The one list of annotation kinds. Adding a kind is one line here (the compiler fails until the
// model's union and this list agree, and a kind module lacking a part does not type-check);
// everything that differs between kinds is read from here, never switched on `type`.
import type { Annotation, AnnotationType } from '../model/types';
import { arrowKind } from './arrow';
import { caretKind } from './caret';
import { circleKind } from './circle';
import { commentKind } from './comment';
import { ellipseKind } from './ellipse';
import { freehandKind } from './freehand';
import { highlightKind } from './highlight';
import { imageKind } from './image';
import { hostKind, isCustomType, UNREGISTERED_KIND } from './hostKinds';
import type { AnnotationKind, KindRegistry } from './kind';
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

export const KINDS: KindRegistry = {
  text: textKind,
  highlight: highlightKind,
  strikethrough: strikethroughKind,
  underline: underlineKind,
  squiggly: squigglyKind,
  rectangle: rectangleKind,
  circle: circleKind,
  ellipse: ellipseKind,
  arrow: arrowKind,
  freehand: freehandKind,
  polygon: polygonKind,
  polyline: polylineKind,
  image: imageKind,
  signature: signatureKind,
  stamp: stampKind,
  whiteout: whiteoutKind,
  comment: commentKind,
  caret: caretKind,
};

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
