// The contract of an annotation kind: everything the model, the editor, the screen and page
// operations need to know about one `type`, in one module per kind (kinds/<type>/index.ts), listed
// in the registries by hand (kinds/registry.ts holds KINDS). The contract is generic over the
// kind's own annotation type and knows no other kind: the union of them all is assembled above.
// Nothing outside a kind module switches on `annotation.type`; it asks the registry. The PDF half of a kind (flattened drawing, native writing, reading) lives beside it
// in kinds/<type>/pdf.ts, apart because it pulls in the PDF engine, which the viewer's bundle
// leaves out. Coordinates are page points, origin top-left of the page as displayed.
import type * as z from 'zod';
import type { MarkupPlacement } from '../geometry/annotationGeometry';
import type { BaseAnnotation, Point, Rect } from '../model/base';

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
  /**
   * How the user types its `content` in place, when they can: `in` 'box' into the annotation
   * itself, in its font (a text box: a click once it is selected, or a double-click), 'note' into a
   * note below it (a comment's, a caret's: a double-click; the note shows while it is selected).
   * `required` when the text is all it is: an edit that leaves it blank deletes the annotation.
   */
  edit?: { in: 'box' | 'note'; required: boolean };
  /** It is placed at a size picked from presets (the style's whiteout sizes), which the panel offers. */
  sizes?: boolean;
}

/** A resize handle: a corner of the box, or an end of a line. */
export type Handle = 'nw' | 'ne' | 'sw' | 'se' | 'start' | 'end';

/** Maps a display point of a page to where it shows after the page is turned. */
export type Turn = (point: Point) => Point;

/** The fields a kind fills in beyond the ones every annotation has. */
export type KindDefaults<T extends BaseAnnotation> = Omit<T, 'id' | 'page' | 'type' | 'position' | 'color' | 'opacity' | 'strokeWidth' | 'createdAt' | 'updatedAt'>;

/** Fields a change may set on an annotation `A`: everything but its identity and timestamps. */
export type KindPatch<A extends BaseAnnotation> = A extends unknown ? Partial<Omit<A, 'id' | 'type' | 'createdAt' | 'updatedAt'>> : never;

/**
 * One kind: its schema, defaults, capabilities and geometry, for its annotations `A` (e.g.
 * `AnnotationKind<ArrowAnnotation>`, or a host's `AnnotationKind<CheckmarkAnnotation>`).
 */
export interface AnnotationKind<A extends BaseAnnotation> {
  type: A['type'];
  /** Validates an annotation of this kind; every built-in kind's is an option of `annotationSchema`'s union. */
  schema: z.ZodType<A>;
  /** The spec's values for a new annotation of this kind at `position` (a click rather than a drag). */
  defaults(position: Point): KindDefaults<A>;
  /** Colour and opacity of a new annotation, when not the common black at full opacity. */
  style?: { color?: string; opacity?: number };
  capabilities: KindCapabilities;
  /** The area it covers, for selection boxes, hit testing and the eraser. */
  bounds(annotation: A): Rect;
  /** Whether `point` touches it: its stroke for lines, else its box. Default: within its bounds. */
  hits?(annotation: A, point: Point, tolerance: number): boolean;
  /** The patch that moves it by dx, dy. */
  translate(annotation: A, dx: number, dy: number): KindPatch<A>;
  /** The handles the selection shows; empty when `capabilities.resize` is 'none'. */
  handles(annotation: A): { handle: Handle; point: Point }[];
  /** The patch that makes `original` (as the drag began) follow `handle` dragged to `point`. */
  resize(original: A, handle: Handle, point: Point): KindPatch<A>;
  /** The text it draws in a font, so an export can load the fonts that text needs beforehand. */
  fontText?(annotation: A): string;
  /** A text markup's mark on each of its lines (`markupRects`), which every renderer and the import follow. */
  markup?: MarkupPlacement;
  /**
   * Versions of the kind the user picks from (a stamp's presets), the first the default: the
   * properties panel lists them, a new annotation is the version picked, and picking one while
   * some are selected turns those into it at their height. `now` dates a version showing the day.
   */
  variants?: {
    names: readonly string[];
    of(annotation: A): string;
    fields(name: string, now: Date, current?: A): KindPatch<A>;
  };
  /** The annotation where it sits after its page turned as `turn` maps points. */
  turn(annotation: A, turn: Turn): A;
}
