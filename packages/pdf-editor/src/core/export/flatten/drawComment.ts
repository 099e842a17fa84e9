// Comments become a visible sticky-note icon at their position: a flattened page has no pop-ups,
// so the mark at least shows that a note was left there.
import type { CommentAnnotation } from '../../model/types';
import { NOTE_BODY, NOTE_COLORS, NOTE_FLAP, NOTE_LINES, NOTE_STROKES } from '../../geometry/noteIcon';
import type { Canvas } from './frame';

export function drawComment(canvas: Canvas, annotation: CommentAnnotation): void {
  const { content } = canvas;
  canvas.setOpacity(annotation.opacity);
  // The icon's own coordinates start at its top-left corner.
  content.transform(1, 0, 0, 1, annotation.position.x, annotation.position.y);
  content
    .fillColor(NOTE_COLORS.fill)
    .strokeColor(NOTE_COLORS.edge)
    .lineWidth(NOTE_STROKES.edge)
    .polyline(NOTE_BODY)
    .closePath()
    .fillAndStroke();
  content.fillColor(NOTE_COLORS.edge).polyline(NOTE_FLAP).closePath().fill();
  content.strokeColor(NOTE_COLORS.ink).lineWidth(NOTE_STROKES.ink);
  for (const line of NOTE_LINES) content.polyline(line);
  content.stroke();
}
