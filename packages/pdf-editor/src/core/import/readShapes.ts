// /Square, /Circle, /Line and /Ink back into rectangles (or whiteouts), circles (or ellipses),
// arrows and freehand strokes.
import { PdfArray, PdfName } from '@libpdf/core';
import { strokeThrough } from '../kinds/freehand';
import { DEFAULTS } from '../model/defaults';
import type { Annotation, Point, Rect } from '../model/types';
import { numbersOf, readColor, readInnerRect, readNumbers } from './pdfReaders';
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

/** A /Circle: the model's circle when it is round, else an ellipse of its own box. */
export const readCircle: AnnotationReader = (env) => {
  const box = shapeBox(env);
  if (!box) return [];
  const { base } = env;
  const style = { color: base.color ?? DEFAULTS.color, opacity: base.opacity ?? DEFAULTS.opacity, strokeWidth: base.strokeWidth ?? 1 };
  if (Math.abs(box.width - box.height) > ROUND_TOLERANCE) {
    return [{ ...base, ...style, type: 'ellipse', position: { x: box.x, y: box.y }, width: box.width, height: box.height }];
  }
  const radius = (box.width + box.height) / 4;
  return [{ ...base, ...style, type: 'circle', position: { x: box.x + box.width / 2 - radius, y: box.y + box.height / 2 - radius }, radius }];
};

const ARROWHEADS = new Set(['OpenArrow', 'ClosedArrow', 'ROpenArrow', 'RClosedArrow']);

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

export const readLine: AnnotationReader = (env) => {
  const line = readNumbers(env.read, env.dict, 'L');
  if (!line || line.length !== 4) {
    env.warn(`${env.label} has no usable /L; skipped.`);
    return [];
  }
  const [first, second] = toDisplayPoints(env.space, line) as [Point, Point];
  // The model draws its head at the end point: a line whose only arrowhead is at its start
  // (another tool flipped its line ends) points the other way.
  const [startEnding, endEnding] = readLineEndings(env) ?? ['None', 'None'];
  const reversed = ARROWHEADS.has(startEnding) && !ARROWHEADS.has(endEnding);
  const [start, end] = reversed ? [second, first] : [first, second];
  const { base } = env;
  return [
    {
      ...base,
      type: 'arrow',
      position: start,
      endPoint: end,
      color: base.color ?? DEFAULTS.color,
      opacity: base.opacity ?? DEFAULTS.opacity,
      strokeWidth: base.strokeWidth ?? 1,
    },
  ];
};

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
