// Comments become a visible sticky-note icon at their position: a flattened page has no pop-ups,
// so the mark at least shows that a note was left there.
import { rgb } from 'pdf-lib';
import type { CommentAnnotation } from '../../model/types';
import type { Canvas } from './frame';

/** Side of the note icon in points. */
export const NOTE_ICON_SIZE = 20;

const NOTE_FILL = rgb(1, 0.84, 0.25);
const NOTE_EDGE = rgb(0.62, 0.47, 0);
const NOTE_INK = rgb(0.45, 0.34, 0);

export function drawComment(canvas: Canvas, annotation: CommentAnnotation): void {
  const { x, y } = annotation.position;
  const s = NOTE_ICON_SIZE;
  const fold = s * 0.3;
  const frame = { x: 0, y: canvas.height };
  // The body, with its bottom-right corner folded over.
  canvas.page.drawSvgPath(
    `M ${x} ${y} L ${x + s} ${y} L ${x + s} ${y + s - fold} L ${x + s - fold} ${y + s} L ${x} ${y + s} Z`,
    { ...frame, color: NOTE_FILL, borderColor: NOTE_EDGE, borderWidth: 1, opacity: annotation.opacity, borderOpacity: annotation.opacity },
  );
  canvas.page.drawSvgPath(`M ${x + s} ${y + s - fold} L ${x + s - fold} ${y + s - fold} L ${x + s - fold} ${y + s} Z`, {
    ...frame,
    color: NOTE_EDGE,
    opacity: annotation.opacity,
  });
  const lines = [0.3, 0.5, 0.7].map((t) => {
    const lineY = y + s * t;
    const right = t === 0.7 ? x + s - fold - 2 : x + s - 4;
    return `M ${x + 4} ${lineY} L ${right} ${lineY}`;
  });
  canvas.page.drawSvgPath(lines.join(' '), {
    ...frame,
    borderColor: NOTE_INK,
    borderWidth: 1.2,
    borderOpacity: annotation.opacity,
  });
}
