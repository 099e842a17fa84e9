// The gesture most drawing tools share: press, drag a box (or a line), release to create.
// A press released in place (less than CLICK_SLOP points away) means "default size here".
import type { Annotation, Point } from '../../../core/index';
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
  /** The annotation the drag describes (shown while dragging), or null for none. */
  build(shape: DragShape, context: ToolContext): Annotation | null;
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
      actions.setDraft(null);
    },
    pointerMove(pointer) {
      if (state !== 'dragging' || pointer.page !== page) return;
      const shape = shapeTo(pointer);
      actions.setDraft(shape.click ? null : options.build(shape, context));
    },
    pointerUp(pointer) {
      if (state !== 'dragging') return;
      state = 'idle';
      actions.setDraft(null);
      const shape = shapeTo(pointer.page === page ? pointer : { ...pointer, x: start.x, y: start.y });
      const annotation = options.build(shape, context);
      if (!annotation) return;
      if (options.finish) options.finish(annotation, shape, context);
      else actions.add(annotation);
    },
    cancel() {
      state = 'idle';
      actions.setDraft(null);
    },
  };
}
