// The gesture most drawing tools share: press, drag a box (or a line), release to create.
// A press released in place (less than CLICK_SLOP points away) means "default size here".
// While the pointer moves, the draft is a light preview: the tool's fields over the defaults made
// once per gesture, with no new id, no timestamps and no validation; the annotation is built and
// checked once, on release, as the only one the gesture adds.
import type { Annotation, AnnotationInput, Point } from '../../../core/index';
import { definedOnly, normalizeAnnotation, withDefaults } from '../../../core/internal';
import type { ToolContext, ToolMachine, ToolPointer } from '../types';

export const CLICK_SLOP = 3;

export interface DragShape {
  page: number;
  start: Point;
  end: Point;
  /** True when the pointer barely moved: the tool uses its default size. */
  click: boolean;
}

export interface DragCreateOptions {
  /**
   * The fields of the annotation the drag describes (not yet completed nor checked), or null for
   * none. Called on every move for the preview, so it only computes fields.
   */
  build(shape: DragShape, context: ToolContext): AnnotationInput | null;
  /** What to do on release; the default adds the annotation as one undo step. */
  finish?(annotation: Annotation, shape: DragShape, context: ToolContext): void;
}

export function isClick(start: Point, end: Point): boolean {
  return Math.hypot(end.x - start.x, end.y - start.y) < CLICK_SLOP;
}

export function createDragMachine(context: ToolContext, options: DragCreateOptions): ToolMachine {
  const { actions } = context.store.getState();
  let state: 'idle' | 'dragging' = 'idle';
  let page = 1;
  let start: Point = { x: 0, y: 0 };
  // The defaults under this gesture's preview, made on its first move. Kinds whose defaults depend
  // on the position (an arrow's end) take it from the start, which a drag does not move.
  let previewBase: Annotation | undefined;

  const preview = (input: AnnotationInput): Annotation => {
    previewBase ??= withDefaults({ type: input.type, page: input.page, position: input.position ?? start }) as Annotation;
    // Fields left undefined must not hide the defaults under them.
    return { ...previewBase, ...definedOnly(input) } as Annotation;
  };

  const shapeTo = (pointer: ToolPointer): DragShape => {
    const end = { x: pointer.x, y: pointer.y };
    return { page, start, end, click: isClick(start, end) };
  };

  return {
    get state() {
      return state;
    },
    pointerDown(pointer) {
      state = 'dragging';
      page = pointer.page;
      start = { x: pointer.x, y: pointer.y };
      previewBase = undefined;
      actions.setDraft(null);
    },
    pointerMove(pointer) {
      if (state !== 'dragging' || pointer.page !== page) return;
      const shape = shapeTo(pointer);
      const input = shape.click ? null : options.build(shape, context);
      actions.setDraft(input && preview(input));
    },
    pointerUp(pointer) {
      if (state !== 'dragging') return;
      state = 'idle';
      actions.setDraft(null);
      const shape = shapeTo(pointer.page === page ? pointer : { ...pointer, x: start.x, y: start.y });
      previewBase = undefined;
      const input = options.build(shape, context);
      if (!input) return;
      const annotation = normalizeAnnotation(input) as Annotation;
      if (options.finish) options.finish(annotation, shape, context);
      else actions.add(annotation);
    },
    cancel() {
      state = 'idle';
      previewBase = undefined;
      actions.setDraft(null);
    },
  };
}
