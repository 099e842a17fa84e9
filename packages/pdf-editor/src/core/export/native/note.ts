// Comments as /Text annotations (sticky notes, /Name /Comment) whose pop-up shows the comment in
// every viewer. The appearance is the same folded note the flattened export draws, so the two
// modes look alike; /C keeps the annotation's own colour for readers that draw their own icon.
// Viewers keep note icons upright on rotated pages (poppler does so even without the flag), pinned
// at the /Rect's upper-left corner in unrotated user space: so that corner is the displayed
// position, the icon is drawn unrotated, and /F says NoZoom and NoRotate as Acrobat writes notes.
import { createPageSpace } from '../../geometry/pageSpace';
import type { CommentAnnotation, Rect } from '../../model/types';
import { NOTE_ICON_SIZE } from '../../geometry/noteIcon';
import type { NativeWriter } from './nativeTypes';

/** /F: Print, NoZoom, NoRotate. */
const NOTE_FLAGS = 4 | 8 | 16;

export const writeNote: NativeWriter<CommentAnnotation> = (annotation, env) => {
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
