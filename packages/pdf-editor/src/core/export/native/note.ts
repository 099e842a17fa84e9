// Comments as /Text annotations (sticky notes, /Name /Comment) whose pop-up shows the comment in
// every viewer. The appearance is the same folded note the flattened export draws, so the two
// modes look alike; /C keeps the annotation's own colour for readers that draw their own icon.
// Viewers keep note icons upright on rotated pages (poppler does so even without the flag), pinned
// at the /Rect's upper-left corner in unrotated user space: so that corner is the displayed
// position, the icon is drawn unrotated, and /F says NoZoom and NoRotate as Acrobat writes notes.
import { PDFBool, PDFName } from 'pdf-lib';
import { createPageSpace } from '../../geometry/pageSpace';
import type { CommentAnnotation, Rect } from '../../model/types';
import { NOTE_ICON_SIZE } from '../flatten/drawComment';
import { polylinePath } from './appearance';
import type { NativeWriter } from './nativeTypes';
import { num } from './pdfValues';

const NOTE_FILL = '1 0.84 0.25';
const NOTE_EDGE = '0.62 0.47 0';
const NOTE_INK = '0.45 0.34 0';

/** /F: Print, NoZoom, NoRotate. */
const NOTE_FLAGS = 4 | 8 | 16;

export const writeNote: NativeWriter<CommentAnnotation> = async (annotation, env) => {
  const anchor = env.space.toPdf(annotation.position);
  const s = NOTE_ICON_SIZE;
  const pdfRect: Rect = { x: anchor.x, y: anchor.y - s, width: s, height: s };
  // The icon's own frame: origin at its top-left, y downwards, unrotated.
  env.appearance.useFrame(createPageSpace({ left: anchor.x, bottom: anchor.y - s, right: anchor.x + s, top: anchor.y }));
  const fold = s * 0.3;
  const { appearance } = env;
  appearance.setOpacity(annotation.opacity);
  const body = [
    { x: 0, y: 0 },
    { x: s, y: 0 },
    { x: s, y: s - fold },
    { x: s - fold, y: s },
    { x: 0, y: s },
  ];
  appearance.push(`${NOTE_FILL} rg`, `${NOTE_EDGE} RG`, '1 w', '1 j', polylinePath(body), 'h B');
  const flap = [
    { x: s, y: s - fold },
    { x: s - fold, y: s - fold },
    { x: s - fold, y: s },
  ];
  appearance.push(`${NOTE_EDGE} rg`, polylinePath(flap), 'h f');
  appearance.push(`${NOTE_INK} RG`, `${num(1.2)} w`);
  for (const t of [0.3, 0.5, 0.7]) {
    const right = t === 0.7 ? s - fold - 2 : s - 4;
    appearance.push(polylinePath([{ x: 4, y: s * t }, { x: right, y: s * t }]), 'S');
  }
  return {
    subtype: 'Text',
    displayRect: env.space.rectToDisplay(pdfRect),
    pdfRect,
    flags: NOTE_FLAGS,
    entries: { Name: PDFName.of('Comment'), Open: PDFBool.False },
    contents: annotation.content,
    color: annotation.color,
    borderWidth: 0,
  };
};
