// /Highlight, /StrikeOut, /Underline and /Squiggly back into markups: one line rectangle per
// quadrilateral of /QuadPoints (their display bounding boxes, whatever corner order the writer
// used), the box being their union; /Rect stands in when there are no quadrilaterals.
import { boundsOfPoints, unionOfRects } from '../geometry/annotationGeometry';
import { kindOf } from '../kinds/registry';
import { DEFAULTS } from '../model/defaults';
import type { Annotation, MarkupAnnotation, Rect } from '../model/types';
import { readNumbers, readRect } from './pdfReaders';
import { toDisplayBox, toDisplayPoints, type ReadEnv } from './readerTypes';

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
