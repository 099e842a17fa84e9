// The parts of a kind that is a box (`position`, `width`, `height`): bounds, moving, corner
// handles and resizing. Each box kind spreads these and adds how it turns with its page.
import type { Point, Rect } from '../../model/base';
import type { Handle } from '../kind';
import { boxOf, cornerHandles, resizeBox, shift } from './geometry';

interface Box {
  position: Point;
  width: number;
  height: number;
}

/** The patch that makes a box annotation cover `rect`. */
export function boxPatch(rect: Rect): { position: Point; width: number; height: number } {
  return { position: { x: rect.x, y: rect.y }, width: rect.width, height: rect.height };
}

export const boxParts = {
  bounds: (annotation: Box): Rect => boxOf(annotation),
  translate: (annotation: Box, dx: number, dy: number) => ({ position: shift(annotation.position, dx, dy) }),
  handles: (annotation: Box) => cornerHandles(boxOf(annotation)),
  resize: (original: Box, handle: Handle, point: Point) => boxPatch(resizeBox(boxOf(original), handle, point)),
};
