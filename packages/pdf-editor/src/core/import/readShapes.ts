// /Square, /Circle and /Ink back into rectangles (or whiteouts), circles (or ellipses) and
// freehand strokes; the line ends (/LE) that /Line and /PolyLine readers share.
import { PdfArray, PdfName } from '@libpdf/core';
import { strokeThrough } from '../kinds/freehand';
import { DEFAULTS } from '../model/defaults';
import type { Annotation, Rect } from '../model/types';
import { numbersOf, readColor, readInnerRect } from './pdfReaders';
import { rectOrSkip, toDisplayBox, toDisplayPoints, type AnnotationReader, type ReadEnv } from './readerTypes';

/**
 * The shape inside a /Square or /Circle /Rect: less /RD when usable, else less half the border,
 * which the specification says is drawn inside the rectangle.
 */
function shapeBox(env: ReadEnv): Rect | undefined {
  const inner = rectOrSkip(env, readInnerRect(env.read, env.dict, (env.base.strokeWidth ?? 1) / 2));
  return inner && toDisplayBox(env.space, inner);
}

const isWhite = (color: string | undefined) => color === '#FFFFFF';

export const readSquare: AnnotationReader = (env) => {
  const box = shapeBox(env);
  if (!box) return [];
  const { base } = env;
  const fill = readColor(env.read, env.dict, 'IC');
  const common = { ...base, position: { x: box.x, y: box.y }, width: box.width, height: box.height };
  // A borderless white filled square is what whiteout writes; anything else is a rectangle.
  if (isWhite(fill) && (base.strokeWidth === 0 || isWhite(base.color))) {
    return [{ ...common, type: 'whiteout', color: '#FFFFFF', opacity: base.opacity ?? 1, strokeWidth: base.strokeWidth ?? 0 }];
  }
  return [
    {
      ...common,
      type: 'rectangle',
      color: base.color ?? fill ?? DEFAULTS.color,
      opacity: base.opacity ?? DEFAULTS.opacity,
      strokeWidth: base.strokeWidth ?? 1,
      fillStyle: fill ? 'solid' : 'none',
      ...(fill ? { fillColor: fill } : {}),
    },
  ];
};

/** How far apart the width and height of a /Circle may be, in points, for it to be round. */
const ROUND_TOLERANCE = 0.5;

/**
 * A /Circle: the model's circle when it is round, else an ellipse of its own box. Neither has a
 * fill, so an interior colour (/IC) is left out with a warning that says so.
 */
export const readCircle: AnnotationReader = (env) => {
  const box = shapeBox(env);
  if (!box) return [];
  const { base } = env;
  const style = { color: base.color ?? DEFAULTS.color, opacity: base.opacity ?? DEFAULTS.opacity, strokeWidth: base.strokeWidth ?? 1 };
  const round = Math.abs(box.width - box.height) <= ROUND_TOLERANCE;
  const fill = readColor(env.read, env.dict, 'IC');
  if (fill) env.warn(`${env.label} is filled with ${fill} (/IC), which an imported ${round ? 'circle' : 'ellipse'} cannot show; imported without its fill.`);
  if (!round) return [{ ...base, ...style, type: 'ellipse', position: { x: box.x, y: box.y }, width: box.width, height: box.height }];
  const radius = (box.width + box.height) / 4;
  return [{ ...base, ...style, type: 'circle', position: { x: box.x + box.width / 2 - radius, y: box.y + box.height / 2 - radius }, radius }];
};

/** The names of /LE (start, end), 'None' where an item is missing; undefined without /LE. */
export function readLineEndings(env: ReadEnv): [string, string] | undefined {
  const endings = env.read.lookup(env.dict, 'LE');
  if (!(endings instanceof PdfArray)) return undefined;
  const name = (index: number) => {
    const item = env.read.item(endings, index);
    return item instanceof PdfName ? item.value : 'None';
  };
  return [name(0), name(1)];
}

/** One freehand annotation per /InkList path; the first keeps the id, the others get "-2", "-3"... */
export const readInk: AnnotationReader = (env) => {
  const list = env.read.lookup(env.dict, 'InkList');
  const paths: number[][] = [];
  if (list instanceof PdfArray) {
    for (let index = 0; index < list.length; index++) {
      const path = numbersOf(env.read, list.at(index));
      if (path && path.length >= 2) paths.push(path);
    }
  }
  if (paths.length === 0) {
    env.warn(`${env.label} has no usable /InkList; skipped.`);
    return [];
  }
  const { base } = env;
  return paths.map((path, index): Annotation => {
    const points = toDisplayPoints(env.space, path);
    return {
      ...base,
      id: index === 0 ? base.id : `${base.id}-${index + 1}`,
      type: 'freehand',
      // The model's rule for strokes: position is the top-left of the points' bounds.
      ...strokeThrough(points, { x: 0, y: 0 }),
      color: base.color ?? DEFAULTS.color,
      opacity: base.opacity ?? DEFAULTS.opacity,
      strokeWidth: base.strokeWidth ?? 1,
    };
  });
};
