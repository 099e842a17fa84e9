// Comment in PDF. Flattened, a visible sticky-note icon (core/geometry/noteIcon.ts) at its
// position: a flattened page has no pop-ups, so the mark at least shows that a note was left
// there. Native, a /Text annotation (sticky note, /Name /Comment) whose pop-up shows the comment in
// every viewer, with the same icon as its appearance, so the two modes look alike; /C keeps the
// annotation's own colour for readers that draw their own icon. Viewers keep note icons upright on
// rotated pages (poppler does so even without the flag), pinned at the /Rect's upper-left corner in
// unrotated user space: so that corner is the displayed position, the icon is drawn unrotated, and
// /F says NoZoom and NoRotate as Acrobat writes notes. /Text reads back as a comment, from that
// same corner; a /Rect of zero size is a note at that point.
import { createPageSpace } from '../../geometry/pageSpace';
import { NOTE_BODY, NOTE_COLORS, NOTE_FLAP, NOTE_ICON_SIZE, NOTE_LINES, NOTE_STROKES } from '../../geometry/noteIcon';
import type { Canvas } from '../../export/flatten/frame';
import type { NativeWriter } from '../../export/native/nativeTypes';
import { readContents, readRect } from '../../import/pdfReaders';
import { rectOrSkip, type AnnotationReader } from '../../import/readerTypes';
import { DEFAULTS } from '../../model/defaults';
import type { Rect } from '../../model/base';
import type { PdfKind } from '../pdfKind';
import type { CommentAnnotation } from './index';

function drawComment(canvas: Canvas, annotation: CommentAnnotation): void {
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

/** /F: Print, NoZoom, NoRotate. */
const NOTE_FLAGS = 4 | 8 | 16;

const writeNote: NativeWriter<CommentAnnotation> = (annotation, env) => {
  const anchor = env.space.toPdf(annotation.position);
  const s = NOTE_ICON_SIZE;
  const pdfRect: Rect = { x: anchor.x, y: anchor.y - s, width: s, height: s };
  // The icon is drawn upright: in an unrotated display space placed so that the comment's
  // position, where the drawer puts the icon's top-left corner, falls on the anchor.
  const { x, y } = annotation.position;
  const left = anchor.x - x;
  const top = anchor.y + y;
  const frame = createPageSpace({ left, top, right: left + Math.abs(x) + s, bottom: top - Math.abs(y) - s });
  return {
    subtype: 'Text',
    displayRect: env.space.rectToDisplay(pdfRect),
    pdfRect,
    frame,
    flags: NOTE_FLAGS,
    entries: { Name: 'Comment', Open: false },
    contents: annotation.content,
    color: annotation.color,
    borderWidth: 0,
  };
};

const readNote: AnnotationReader = (env) => {
  const rect = rectOrSkip(env, readRect(env.read, env.dict, { allowPoint: true }));
  if (!rect) return [];
  const anchor = env.space.toDisplay({ x: rect.x, y: rect.y + rect.height });
  const { base } = env;
  return [
    {
      ...base,
      type: 'comment',
      position: anchor,
      content: readContents(env.read, env.dict),
      color: base.color ?? DEFAULTS.color,
      opacity: base.opacity ?? DEFAULTS.opacity,
      strokeWidth: base.strokeWidth ?? DEFAULTS.strokeWidth,
    },
  ];
};

export const commentPdf: PdfKind<CommentAnnotation> = { draw: drawComment, write: writeNote, reads: { Text: readNote } };
