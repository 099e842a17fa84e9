// Comments as /Text annotations (sticky notes, /Name /Comment) whose pop-up shows the comment in
// every viewer. The appearance is the same folded note the flattened export draws, so the two
// modes look alike; /C keeps the annotation's own colour for readers that draw their own icon.
// Viewers keep note icons upright on rotated pages (poppler does so even without the flag), pinned
// at the /Rect's upper-left corner in unrotated user space: so that corner is the displayed
// position, the icon is drawn unrotated, and /F says NoZoom and NoRotate as Acrobat writes notes.
import { PdfBool, PdfName } from '@libpdf/core';
import { createPageSpace } from '../../geometry/pageSpace';
import type { CommentAnnotation, Rect } from '../../model/types';
import type { RgbComponents } from '../../pdf/color';
import { NOTE_BODY, NOTE_COLORS, NOTE_FLAP, NOTE_ICON_SIZE, NOTE_LINES, NOTE_STROKES } from '../noteIcon';
import { polylinePath } from './appearance';
import type { NativeWriter } from './nativeTypes';
import { num } from './pdfValues';

const components = ({ r, g, b }: RgbComponents) => `${num(r)} ${num(g)} ${num(b)}`;

/** /F: Print, NoZoom, NoRotate. */
const NOTE_FLAGS = 4 | 8 | 16;

export const writeNote: NativeWriter<CommentAnnotation> = async (annotation, env) => {
  const anchor = env.space.toPdf(annotation.position);
  const s = NOTE_ICON_SIZE;
  const pdfRect: Rect = { x: anchor.x, y: anchor.y - s, width: s, height: s };
  // The icon's own frame: origin at its top-left, y downwards, unrotated.
  env.appearance.useFrame(createPageSpace({ left: anchor.x, bottom: anchor.y - s, right: anchor.x + s, top: anchor.y }));
  const { appearance } = env;
  appearance.setOpacity(annotation.opacity);
  appearance.push(`${components(NOTE_COLORS.fill)} rg`, `${components(NOTE_COLORS.edge)} RG`);
  appearance.push(`${num(NOTE_STROKES.edge)} w`, '1 j', polylinePath(NOTE_BODY), 'h B');
  appearance.push(`${components(NOTE_COLORS.edge)} rg`, polylinePath(NOTE_FLAP), 'h f');
  appearance.push(`${components(NOTE_COLORS.ink)} RG`, `${num(NOTE_STROKES.ink)} w`);
  for (const line of NOTE_LINES) appearance.push(polylinePath(line), 'S');
  return {
    subtype: 'Text',
    displayRect: env.space.rectToDisplay(pdfRect),
    pdfRect,
    flags: NOTE_FLAGS,
    entries: { Name: PdfName.of('Comment'), Open: PdfBool.FALSE },
    contents: annotation.content,
    color: annotation.color,
    borderWidth: 0,
  };
};
