// The PDF half the text markups share (highlight, strikethrough, underline, squiggly). Written as
// the subtype its kind names (/Highlight, /StrikeOut, /Underline, /Squiggly) with one quadrilateral
// per text line; /QuadPoints follow the order Acrobat, pdf.js and poppler read: upper-left,
// upper-right, lower-left, lower-right, "upper" meaning as displayed, so the marks keep their
// orientation on rotated pages. Read back with one line rectangle per quadrilateral of /QuadPoints
// (their display bounding boxes, whatever corner order the writer used), the box being their union;
// /Rect stands in when there are no quadrilaterals. Strikethrough and underline also share their
// drawing: a line across each line rectangle, where their kind's `markup` places it.
import { boundsOfPoints, markupLine, markupRects, unionOfRects } from '../../geometry/annotationGeometry';
import type { Canvas } from '../../export/flatten/frame';
import { boundsOf, type NativeParts, type NativeSubtype, type NativeWriter, type WriterEnv } from '../../export/native/nativeTypes';
import { readNumbers, readRect } from '../../import/pdfReaders';
import { toDisplayBox, toDisplayPoints, type ReadEnv } from '../../import/readerTypes';
import { DEFAULTS } from '../../model/defaults';
import type { Annotation, MarkupAnnotation, Rect, StrikethroughAnnotation, UnderlineAnnotation } from '../../model/types';
import { kindOf } from '../registry';

/** Strikethrough's and underline's drawing: a line across each line rectangle, or else the box. */
export function drawLineAcross(canvas: Canvas, annotation: StrikethroughAnnotation | UnderlineAnnotation): void {
  canvas.setOpacity(annotation.opacity);
  const { content } = canvas;
  content.strokeColor(canvas.color(annotation.color));
  const { markup } = kindOf(annotation.type);
  for (const rect of markupRects(annotation)) {
    const { y, thickness } = markupLine(markup, rect, annotation.strokeWidth);
    content.lineWidth(thickness).moveTo(rect.x, y).lineTo(rect.x + rect.width, y).stroke();
  }
}

function quadPoints(env: WriterEnv, rects: readonly Rect[]): number[] {
  return rects.flatMap((r) =>
    [
      { x: r.x, y: r.y },
      { x: r.x + r.width, y: r.y },
      { x: r.x, y: r.y + r.height },
      { x: r.x + r.width, y: r.y + r.height },
    ].flatMap((corner) => {
      const pdf = env.space.toPdf(corner);
      return [pdf.x, pdf.y];
    }),
  );
}

/** The writer of a text markup kind whose native annotations are of `subtype`. */
export const writeMarkup =
  (subtype: NativeSubtype): NativeWriter<MarkupAnnotation> =>
  (annotation, env) => {
    const rects = markupRects(annotation);
    const box: Rect = {
      x: annotation.position.x,
      y: annotation.position.y,
      width: annotation.width,
      height: annotation.height,
    };
    const corners = [box, ...rects].flatMap((r) => [
      { x: r.x, y: r.y },
      { x: r.x + r.width, y: r.y + r.height },
    ]);
    const parts: NativeParts = {
      subtype,
      displayRect: boundsOf(corners),
      entries: { QuadPoints: quadPoints(env, rects) },
      color: annotation.color,
      borderWidth: annotation.strokeWidth,
    };
    return parts;
  };

function quadRects(env: ReadEnv): Rect[] {
  const values = readNumbers(env.read, env.dict, 'QuadPoints') ?? [];
  const rects: Rect[] = [];
  for (let index = 0; index + 8 <= values.length; index += 8) {
    const corners = toDisplayPoints(env.space, values.slice(index, index + 8));
    const rect = boundsOfPoints(corners, { x: 0, y: 0 });
    if (rect.width > 0 && rect.height > 0) rects.push(rect);
  }
  return rects;
}

/** The reader of a text markup subtype into the kind `type`. */
export function readMarkup(type: MarkupAnnotation['type']) {
  return (env: ReadEnv): Annotation[] => {
    const rects = quadRects(env);
    const pdfRect = readRect(env.read, env.dict);
    if (rects.length === 0 && !pdfRect) {
      env.warn(`${env.label} has neither /QuadPoints nor a usable /Rect; skipped.`);
      return [];
    }
    const box = rects.length > 0 ? unionOfRects(rects) : toDisplayBox(env.space, pdfRect as Rect);
    const { base } = env;
    const kind = kindOf(type);
    // Other viewers draw marks over the text (highlights) multiply-blended, so they are usually
    // opaque (/CA 1); drawn with plain opacity that would hide the text, so those take the kind's
    // own opacity.
    const opacity =
      kind.markup === 'cover' && (base.opacity === undefined || base.opacity >= 1) ? (kind.style?.opacity ?? 1) : (base.opacity ?? 1);
    return [
      {
        ...base,
        type,
        position: { x: box.x, y: box.y },
        width: box.width,
        height: box.height,
        ...(rects.length > 1 ? { rects } : {}),
        color: base.color ?? kind.style?.color ?? DEFAULTS.color,
        opacity,
        strokeWidth: base.strokeWidth ?? 1,
      },
    ];
  };
}
