// Turns raw pointer events of every page into tool gestures: mouse, pen and touch alike. Two touch
// points pinch-zoom and never draw; while a pen draws, touches (the resting palm) are ignored;
// leaving the page cancels a gesture. Pure TypeScript: events arrive already in page points.
import type { ToolMachine, ToolPointer } from '../../editor/index';

export interface RoutedPointer extends ToolPointer {
  pointerId: number;
  pointerType: string;
  /** Screen position, for the pinch distance. */
  clientX: number;
  clientY: number;
}

export interface PointerRouterOptions {
  machine(): ToolMachine;
  getZoom(): number;
  setZoom(zoom: number): void;
}

export interface PointerRouter {
  down(pointer: RoutedPointer): void;
  move(pointer: RoutedPointer): void;
  up(pointer: RoutedPointer): void;
  /** Pointer cancelled by the browser or left the page. */
  leave(pointer: RoutedPointer): void;
  readonly pinching: boolean;
}

export function createPointerRouter({ machine, getZoom, setZoom }: PointerRouterOptions): PointerRouter {
  const touches = new Map<number, RoutedPointer>();
  let drawingId: number | null = null;
  let penDown = false;
  let pinch: { distance: number; zoom: number } | null = null;

  const distance = () => {
    const [a, b] = [...touches.values()];
    return a && b ? Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY) : 0;
  };

  const cancelDrawing = () => {
    if (drawingId !== null) machine().cancel();
    drawingId = null;
  };

  return {
    get pinching() {
      return pinch !== null;
    },
    down(pointer) {
      if (pointer.pointerType === 'touch') {
        if (penDown) return;
        touches.set(pointer.pointerId, pointer);
        if (touches.size === 2) {
          cancelDrawing();
          pinch = { distance: distance(), zoom: getZoom() };
          return;
        }
        if (touches.size > 2) return;
      }
      if (pointer.pointerType === 'pen') penDown = true;
      if (drawingId !== null) return;
      drawingId = pointer.pointerId;
      machine().pointerDown(pointer);
    },
    move(pointer) {
      if (pointer.pointerType === 'touch') {
        if (penDown) return;
        if (touches.has(pointer.pointerId)) touches.set(pointer.pointerId, pointer);
        if (pinch) {
          const now = distance();
          if (pinch.distance > 0 && now > 0) setZoom(pinch.zoom * (now / pinch.distance));
          return;
        }
      }
      if (drawingId === null || drawingId === pointer.pointerId) machine().pointerMove(pointer);
    },
    up(pointer) {
      if (pointer.pointerType === 'touch') {
        touches.delete(pointer.pointerId);
        if (pinch) {
          if (touches.size < 2) pinch = null;
          return;
        }
        if (penDown) return;
      }
      if (pointer.pointerType === 'pen') penDown = false;
      if (drawingId !== pointer.pointerId) return;
      drawingId = null;
      machine().pointerUp(pointer);
    },
    leave(pointer) {
      if (pointer.pointerType === 'touch') touches.delete(pointer.pointerId);
      if (pointer.pointerType === 'pen') penDown = false;
      if (touches.size < 2) pinch = null;
      // Leaving also clears hover previews (whiteout box, eraser outline) when nothing is drawn.
      // A gesture of several clicks (a polygon's vertices) survives the pointer leaving between them.
      if (drawingId === null) {
        const current = machine();
        if (current.leave) current.leave();
        else current.cancel();
      } else if (drawingId === pointer.pointerId) {
        drawingId = null;
        machine().cancel();
      }
    },
  };
}
