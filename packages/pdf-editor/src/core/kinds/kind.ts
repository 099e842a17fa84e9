// The contract of an annotation kind: everything the model, the editor, the screen and page
// operations need to know about one `type`, in one module per kind (kinds/<type>/index.ts), listed
// once in kinds/registry.ts. Nothing outside a kind module switches on `annotation.type`; it asks the
// registry. The PDF half of a kind (flattened drawing, native writing, reading) lives beside it
// in kinds/<type>/pdf.ts, apart because it pulls in the PDF engine, which the viewer's bundle
// leaves out. Coordinates are page points, origin top-left of the page as displayed.
import type { z } from 'zod';
import type { AnnotationPatch } from '../history/annotationList';
import type { Annotation, AnnotationOfType, AnnotationType, Point, Rect } from '../model/types';

/** What a kind offers the user; the properties panel and the selection read it. */
export interface KindCapabilities {
  /** It draws a line whose width is its `strokeWidth`: the panel offers stroke widths. */
  stroke: boolean;
  /** It has a fill of its own (`fillStyle`, `fillColor`). */
  fill: boolean;
  /** It is text in a font: the panel offers family, size, alignment and emphasis. */
  text: boolean;
  /** It is drawn in the user's colour (not an image, nor a whiteout, which is always white). */
  color: boolean;
  /** It takes the user's opacity (a whiteout is always opaque). */
  opacity: boolean;
  /** How it is resized: by the four corners of its box, by its two end points, or not at all. */
  resize: 'corners' | 'ends' | 'none';
  /**
   * How it follows its page when the page is turned: its box turns with the content (width and
   * height swap), its points turn one by one, it stays upright turned about its centre, or its
   * anchor point turns (a point marker).
   */
  rotate: 'box' | 'points' | 'upright' | 'anchor';
}

/** A resize handle: a corner of the box, or an end of a line. */
export type Handle = 'nw' | 'ne' | 'sw' | 'se' | 'start' | 'end';

/** Maps a display point of a page to where it shows after the page is turned. */
export type Turn = (point: Point) => Point;

/** The fields a kind fills in beyond the ones every annotation has. */
export type KindDefaults<T extends Annotation> = Omit<T, 'id' | 'page' | 'type' | 'position' | 'color' | 'opacity' | 'strokeWidth' | 'createdAt' | 'updatedAt'>;

/** One kind: its schema, defaults, capabilities and geometry. */
export interface AnnotationKind<K extends AnnotationType> {
  type: K;
  /** Validates an annotation of this kind; `model/schema.ts` lists every kind's in its union. */
  schema: z.ZodType<AnnotationOfType<K>>;
  /** The spec's values for a new annotation of this kind at `position` (a click rather than a drag). */
  defaults(position: Point): KindDefaults<AnnotationOfType<K>>;
  /** Colour and opacity of a new annotation, when not the common black at full opacity. */
  style?: { color?: string; opacity?: number };
  capabilities: KindCapabilities;
  /** The area it covers, for selection boxes, hit testing and the eraser. */
  bounds(annotation: AnnotationOfType<K>): Rect;
  /** Whether `point` touches it: its stroke for lines, else its box. Default: within its bounds. */
  hits?(annotation: AnnotationOfType<K>, point: Point, tolerance: number): boolean;
  /** The patch that moves it by dx, dy. */
  translate(annotation: AnnotationOfType<K>, dx: number, dy: number): AnnotationPatch<K>;
  /** The handles the selection shows; empty when `capabilities.resize` is 'none'. */
  handles(annotation: AnnotationOfType<K>): { handle: Handle; point: Point }[];
  /** The patch that makes `original` (as the drag began) follow `handle` dragged to `point`. */
  resize(original: AnnotationOfType<K>, handle: Handle, point: Point): AnnotationPatch<K>;
  /** The text it draws in a font, so an export can load the fonts that text needs beforehand. */
  fontText?(annotation: AnnotationOfType<K>): string;
  /** The annotation where it sits after its page turned as `turn` maps points. */
  turn(annotation: AnnotationOfType<K>, turn: Turn): AnnotationOfType<K>;
}

/** Every kind by its type: the registry's shape, so the compiler names a type without a kind. */
export type KindRegistry = { readonly [K in AnnotationType]: AnnotationKind<K> };
