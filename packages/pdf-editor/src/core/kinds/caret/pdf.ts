// Caret in PDF: the filled caret shape (caretPath, the one the screen draws); written as a /Caret
// whose /Rect is its box (/RD all zero: the mark fills it) with the text to insert as /Contents;
// other tools' /Caret read back the same way, their box being /Rect less /RD.
import { caretPath, tracePath } from '../../geometry/annotationGeometry';
import type { Canvas } from '../../export/flatten/frame';
import type { NativeWriter } from '../../export/native/nativeTypes';
import { readContents, readInnerRect } from '../../import/pdfReaders';
import { rectOrSkip, toDisplayBox, type AnnotationReader } from '../../import/readerTypes';
import { DEFAULTS } from '../../model/defaultValues';
import type { CaretAnnotation } from './index';
import type { PdfKind } from '../pdfKind';

function drawCaret(canvas: Canvas, annotation: CaretAnnotation): void {
  canvas.setOpacity(annotation.opacity);
  canvas.content.fillColor(canvas.color(annotation.color));
  tracePath(canvas.content, caretPath({ ...annotation.position, width: annotation.width, height: annotation.height }));
  canvas.content.fill();
}

const writeCaret: NativeWriter<CaretAnnotation> = (annotation) => ({
  subtype: 'Caret',
  displayRect: { ...annotation.position, width: annotation.width, height: annotation.height },
  // /Sy /None: a plain caret, not the paragraph symbol.
  entries: { RD: [0, 0, 0, 0], Sy: 'None' },
  ...(annotation.content === '' ? {} : { contents: annotation.content }),
  color: annotation.color,
  borderWidth: 0,
});

const readCaret: AnnotationReader = (env) => {
  const inner = rectOrSkip(env, readInnerRect(env.read, env.dict));
  if (!inner) return [];
  const box = toDisplayBox(env.space, inner);
  const { base } = env;
  return [
    {
      ...base,
      type: 'caret',
      position: { x: box.x, y: box.y },
      width: box.width,
      height: box.height,
      content: readContents(env.read, env.dict),
      color: base.color ?? DEFAULTS.color,
      opacity: base.opacity ?? DEFAULTS.opacity,
      // A caret is filled, it draws no line of the user's width: a /BS /W 0 (what other tools write
      // after an edit) must not leave it with a width of 0.
      strokeWidth: DEFAULTS.strokeWidth,
    },
  ];
};

export const caretPdf: PdfKind<CaretAnnotation> = { draw: drawCaret, write: writeCaret, reads: { Caret: readCaret } };
