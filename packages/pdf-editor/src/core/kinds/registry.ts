// The one list of annotation kinds. Adding a kind is one line here (the compiler fails until the
// model's union and this list agree, and a kind module lacking a part does not type-check);
// everything that differs between kinds is read from here, never switched on `type`.
import type { Annotation, AnnotationType } from '../model/types';
import { arrowKind } from './arrow';
import { circleKind } from './circle';
import { commentKind } from './comment';
import { ellipseKind } from './ellipse';
import { freehandKind } from './freehand';
import { highlightKind } from './highlight';
import { imageKind } from './image';
import type { AnnotationKind, KindRegistry } from './kind';
import { rectangleKind } from './rectangle';
import { signatureKind } from './signature';
import { strikethroughKind } from './strikethrough';
import { textKind } from './text';
import { underlineKind } from './underline';
import { whiteoutKind } from './whiteout';

export const KINDS: KindRegistry = {
  text: textKind,
  highlight: highlightKind,
  strikethrough: strikethroughKind,
  underline: underlineKind,
  rectangle: rectangleKind,
  circle: circleKind,
  ellipse: ellipseKind,
  arrow: arrowKind,
  freehand: freehandKind,
  image: imageKind,
  signature: signatureKind,
  whiteout: whiteoutKind,
  comment: commentKind,
};

/**
 * The kind of `type`, typed for annotations of any kind: the registry's mapped type guarantees
 * `KINDS[a.type]` fits `a`, which TypeScript cannot follow through a union, hence the one cast.
 */
export function kindOf<K extends AnnotationType>(type: K): AnnotationKind<K>;
export function kindOf(type: AnnotationType): AnnotationKind<AnnotationType>;
export function kindOf(type: AnnotationType): AnnotationKind<AnnotationType> {
  return KINDS[type] as unknown as AnnotationKind<AnnotationType>;
}

/** `kindOf(annotation.type)` for an annotation whose type is only known at run time. */
export function kindFor(annotation: Annotation): AnnotationKind<AnnotationType> {
  return kindOf(annotation.type);
}
