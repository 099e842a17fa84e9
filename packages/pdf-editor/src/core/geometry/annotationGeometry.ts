// Shape maths that every renderer of an annotation shares (the flattened export, the native
// appearance streams and the on-screen overlay), so an arrow head or a text-line mark is the same
// shape wherever it is drawn. Everything is in display coordinates.
import type { Point, Rect } from '../model/base';

/** The spec's arrow head: 15 pt long, each side 30 degrees off the shaft. */
export const ARROW_HEAD = { length: 15, angle: Math.PI / 6 } as const;

/** An arrow head at `tip`, its wings reaching back along `angle` (radians): wing, tip, wing. */
function arrowHead(tip: Point, angle: number): Point[] {
  const wing = (side: number): Point => ({
    x: tip.x + ARROW_HEAD.length * Math.cos(angle + side * ARROW_HEAD.angle),
    y: tip.y + ARROW_HEAD.length * Math.sin(angle + side * ARROW_HEAD.angle),
  });
  return [wing(-1), tip, wing(1)];
}

/** The arrow's two polylines: the shaft, then the head through the tip. */
export function arrowPath(start: Point, end: Point): [Point[], Point[]] {
  return [[start, end], arrowHead(end, Math.atan2(start.y - end.y, start.x - end.x))];
}

/**
 * The line endings (PDF's /LE names) a polyline draws; another tool's name not among them reads
 * as 'None'. Arrows are the arrow kind's head; the shapes centred on the end are a third of its
 * length in radius, and like it they do not grow with the stroke.
 */
export const LINE_ENDINGS = ['None', 'OpenArrow', 'ClosedArrow', 'ROpenArrow', 'RClosedArrow', 'Circle', 'Square', 'Diamond', 'Butt', 'Slash'] as const;
/** One of {@link LINE_ENDINGS}: what a polyline's end is drawn as. */
export type LineEnding = (typeof LINE_ENDINGS)[number];

const ENDING_RADIUS = ARROW_HEAD.length / 3;

/**
 * The path of `ending` at `tip` for a line arriving from `from`: closed (ending in 'Z', filled
 * with the interior colour when there is one) for the closed arrows, circle, square and diamond;
 * empty for 'None'. Squares and diamonds are aligned with the line, so they turn with it.
 */
export function lineEndingPath(ending: LineEnding, tip: Point, from: Point): PathCommand[] {
  const angle = Math.atan2(tip.y - from.y, tip.x - from.x);
  const r = ENDING_RADIUS;
  const q = Math.PI / 2;
  /** The points `length` from the tip at each of `turns` off the line, joined: a line, or closed. */
  const through = (turns: number[], length: number, close: boolean): PathCommand[] => [
    ...turns.map((turn, i): PathCommand => [i === 0 ? 'M' : 'L', tip.x + length * Math.cos(angle + turn), tip.y + length * Math.sin(angle + turn)]),
    ...(close ? [['Z'] as PathCommand] : []),
  ];
  switch (ending) {
    case 'None':
      return [];
    case 'Circle':
      return roundedRectPath({ x: tip.x - r, y: tip.y - r, width: 2 * r, height: 2 * r }, r);
    case 'Square':
      return through([q / 2, 3 * (q / 2), 5 * (q / 2), 7 * (q / 2)], r * Math.SQRT2, true);
    case 'Diamond':
      return through([0, q, 2 * q, 3 * q], r, true);
    case 'Butt':
      return through([-q, q], r, false);
    case 'Slash':
      // PDF's slash: 30 degrees clockwise (as seen) from the perpendicular.
      return through([-q + Math.PI / 6, q + Math.PI / 6], r, false);
    default: {
      // A reversed arrow's wings reach on beyond the tip instead of back along the line.
      const [a, b, c] = arrowHead(tip, ending.startsWith('R') ? angle : angle + Math.PI) as [Point, Point, Point];
      const head: PathCommand[] = [['M', a.x, a.y], ['L', b.x, b.y], ['L', c.x, c.y]];
      return ending.endsWith('ClosedArrow') ? [...head, ['Z']] : head;
    }
  }
}

/**
 * The endings of the line through `points`: `start` at the first point, facing away from the
 * next point apart from it, `end` at the last likewise.
 */
export function lineEndingPaths(points: readonly Point[], endings: { start: LineEnding; end: LineEnding } | undefined): PathCommand[][] {
  const first = points[0];
  const last = points[points.length - 1];
  if (!endings || !first || !last) return [];
  const apart = (tip: Point, list: readonly Point[]) => list.find((p) => p.x !== tip.x || p.y !== tip.y) ?? { x: tip.x - 1, y: tip.y };
  return [lineEndingPath(endings.start, first, apart(first, points)), lineEndingPath(endings.end, last, apart(last, [...points].reverse()))].filter(
    (path) => path.length > 0,
  );
}

/** The points a path passes through or is pulled towards; they hold the whole path (a cubic stays inside its control points). */
export function pathPoints(commands: readonly PathCommand[]): Point[] {
  return commands.flatMap((command) => {
    const coordinates = command.slice(1) as number[];
    const points: Point[] = [];
    for (let i = 0; i < coordinates.length; i += 2) points.push({ x: coordinates[i] as number, y: coordinates[i + 1] as number });
    return points;
  });
}

/** The line rectangles of a markup: its `rects`, or its box when it was not snapped to text. */
export function markupRects(
  annotation: { position: Point; width: number; height: number; rects?: Rect[] | undefined },
): Rect[] {
  if (annotation.rects && annotation.rects.length > 0) return annotation.rects;
  return [
    {
      x: annotation.position.x,
      y: annotation.position.y,
      width: annotation.width,
      height: annotation.height,
    },
  ];
}

/**
 * Where a text markup marks each of its lines, as its kind states: colour over the whole line (a
 * highlight), a line through its middle (a strikethrough) or resting inside its bottom edge (an
 * underline), or a wave there (a squiggly, `squigglyWave`).
 */
export type MarkupPlacement = 'cover' | 'middle' | 'bottom' | 'wave';

/**
 * The line a line markup draws across one of its rectangles: as thick as its `strokeWidth` but at
 * most half the line's height (so a thin text line is not painted over) and at least half a point;
 * through the middle when placed 'middle', else resting inside the bottom edge. `y` is the line's
 * centre.
 */
export function markupLine(placement: MarkupPlacement | undefined, rect: Rect, strokeWidth: number): { y: number; thickness: number } {
  const thickness = Math.max(0.5, Math.min(strokeWidth, rect.height / 2));
  const y = placement === 'middle' ? rect.y + rect.height / 2 : rect.y + rect.height - thickness / 2;
  return { y, thickness };
}

/**
 * The wavy line a squiggly draws under one of its rectangles. Its height from trough to crest is a
 * sixth of the line's (at least 1 pt), each half wave as long as the wave is high, as pdf.js and
 * Acrobat draw theirs; the half waves are stretched so a whole number of them spans the line
 * exactly. Its stroke is as thick as `strokeWidth` but no thicker than the wave is high (a thicker
 * one would be a band, not a wave) and at least half a point, and it rests inside the bottom edge,
 * as an underline does. `trace` sends the wave as quadratic curves, whose crests lie half the
 * control points' offset from the middle.
 */
export function squigglyWave(rect: Rect, strokeWidth: number): { thickness: number; trace(sink: PathSink): void } {
  const height = Math.max(1, rect.height / 6);
  const thickness = Math.max(0.5, Math.min(strokeWidth, height));
  const middle = rect.y + rect.height - thickness / 2 - height / 2;
  const halves = Math.max(1, Math.round(rect.width / height));
  const step = rect.width / halves;
  return {
    thickness,
    trace(sink) {
      sink.moveTo(rect.x, middle);
      for (let i = 0; i < halves; i++) {
        const x = rect.x + i * step;
        // Crests up on even half waves, troughs down on odd ones.
        sink.quadTo(x + step / 2, middle + (i % 2 === 0 ? -height : height), x + step, middle);
      }
    },
  };
}

/** Height of one text line as a share of the font size: CSS-like line boxes of 1.2 em. */
export const TEXT_LINE_HEIGHT = 1.2;

/**
 * Average advance of a character as a share of the font size, for sizing a text box without an
 * explicit width before any font is measured (Helvetica's and Arial's mean over Latin text).
 */
export const TEXT_ADVANCE_EM = 0.55;

/** The box of a text annotation: its `width`, or the estimate for its longest line; 1.2 em per line. */
export function textBoxSize(text: { content: string; fontSize: number; width?: number | undefined }): { width: number; height: number } {
  const lines = (text.content || ' ').split('\n');
  const longest = Math.max(1, ...lines.map((line) => line.length));
  return {
    width: text.width ?? longest * text.fontSize * TEXT_ADVANCE_EM,
    height: lines.length * text.fontSize * TEXT_LINE_HEIGHT,
  };
}

/** The smallest rectangle holding every point; a zero box at `fallback` when there are none. */
export function boundsOfPoints(points: readonly Point[], fallback: Point): Rect {
  if (points.length === 0) return { x: fallback.x, y: fallback.y, width: 0, height: 0 };
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const p of points) {
    minX = Math.min(minX, p.x);
    minY = Math.min(minY, p.y);
    maxX = Math.max(maxX, p.x);
    maxY = Math.max(maxY, p.y);
  }
  return { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
}

/**
 * The smallest rectangle holding every one of `rects`, each taken through `map` (a change of
 * coordinates that turns by quarter turns keeps a rectangle a rectangle: its opposite corners
 * stay opposite). A zero box at the origin when there are none.
 */
export function unionOfRects(rects: readonly Rect[], map = (point: Point) => point): Rect {
  // A loop rather than `flatMap`, whose array per rectangle was a tenth of reading a rectangle back.
  const corners: Point[] = [];
  for (const rect of rects) corners.push(map(rect), map({ x: rect.x + rect.width, y: rect.y + rect.height }));
  return boundsOfPoints(corners, { x: 0, y: 0 });
}

/** Receives straight segments, in the coordinates of the points they were traced from. */
export interface LineSink {
  moveTo(x: number, y: number): unknown;
  lineTo(x: number, y: number): unknown;
  closePath(): unknown;
}

/**
 * Traces a polygon's or polyline's outline: straight segments through its vertices, back to the
 * first when `closed`. Both exports and the screen draw it with round joins and caps.
 */
export function traceVertices(points: readonly Point[], closed: boolean, sink: LineSink): void {
  points.forEach((p, i) => (i === 0 ? sink.moveTo(p.x, p.y) : sink.lineTo(p.x, p.y)));
  if (closed && points.length > 0) sink.closePath();
}

/** Receives a path segment by segment, in the coordinates of the points it was traced from. */
export interface PathSink {
  moveTo(x: number, y: number): void;
  quadTo(controlX: number, controlY: number, x: number, y: number): void;
  lineTo(x: number, y: number): void;
}

/**
 * Traces a freehand stroke smoothed with quadratic curves through the midpoints between samples,
 * which removes the jaggedness of pointer sampling without moving the stroke off its points;
 * nothing for fewer than two points.
 */
export function smoothPath(points: readonly Point[], sink: PathSink): void {
  if (points.length < 2) return;
  const first = points[0] as Point;
  sink.moveTo(first.x, first.y);
  for (let i = 1; i < points.length - 1; i++) {
    const control = points[i] as Point;
    const next = points[i + 1] as Point;
    sink.quadTo(control.x, control.y, (control.x + next.x) / 2, (control.y + next.y) / 2);
  }
  const last = points[points.length - 1] as Point;
  sink.lineTo(last.x, last.y);
}

/** A path target with cubic curves only, as PDF content streams are. */
export interface CubicPathTarget {
  moveTo(x: number, y: number): unknown;
  curveTo(x1: number, y1: number, x2: number, y2: number, x3: number, y3: number): unknown;
  lineTo(x: number, y: number): unknown;
}

/**
 * A PathSink that raises each quadratic to the cubic tracing the same curve. A class, so the
 * current point lives in fields rather than in boxed closure slots (it runs per freehand sample).
 */
export class CubicPathWriter implements PathSink {
  private x = 0;
  private y = 0;

  constructor(private readonly target: CubicPathTarget) {}

  moveTo(x: number, y: number): void {
    this.target.moveTo((this.x = x), (this.y = y));
  }

  quadTo(controlX: number, controlY: number, x: number, y: number): void {
    const k = 2 / 3;
    const c1x = this.x + k * (controlX - this.x);
    const c1y = this.y + k * (controlY - this.y);
    this.target.curveTo(c1x, c1y, x + k * (controlX - x), y + k * (controlY - y), (this.x = x), (this.y = y));
  }

  lineTo(x: number, y: number): void {
    this.target.lineTo((this.x = x), (this.y = y));
  }
}

/**
 * A path as SVG writes it, in display coordinates: moves, lines, cubic curves and closes. The screen
 * joins it into a `d` attribute and the exports trace it with `tracePath`, so both draw one shape.
 */
export type PathCommand = ['M', number, number] | ['L', number, number] | ['C', number, number, number, number, number, number] | ['Z'];

/** The SVG `d` attribute of `commands`. */
export function svgPathData(commands: readonly PathCommand[]): string {
  return commands.map((command) => command.join(' ')).join(' ');
}

/** Traces `commands` on a PDF path target (a content builder). */
export function tracePath(target: CubicPathTarget & { closePath(): unknown }, commands: readonly PathCommand[]): void {
  for (const command of commands) {
    if (command[0] === 'M') target.moveTo(command[1], command[2]);
    else if (command[0] === 'L') target.lineTo(command[1], command[2]);
    else if (command[0] === 'C') target.curveTo(command[1], command[2], command[3], command[4], command[5], command[6]);
    else target.closePath();
  }
}

/**
 * The proofreader's caret filling `box`, to be filled: a chevron whose point is the top middle
 * (the insertion point) and whose two legs stand on the bottom corners, a fifth of the width wide.
 */
export function caretPath(box: Rect): PathCommand[] {
  const { x, y, width: w, height: h } = box;
  const middle = x + w / 2;
  const bottom = y + h;
  const leg = w * 0.2;
  return [
    ['M', x, bottom],
    ['L', middle, y],
    ['L', x + w, bottom],
    ['L', x + w - leg, bottom],
    ['L', middle, y + h * 0.4],
    ['L', x + leg, bottom],
    ['Z'],
  ];
}

/** A rectangle with corners rounded to `radius` (at most half its shorter side), clockwise on screen. */
export function roundedRectPath(rect: Rect, radius: number): PathCommand[] {
  const r = Math.max(0, Math.min(radius, rect.width / 2, rect.height / 2));
  // How far a cubic's control points sit along the tangents to draw a quarter circle.
  const k = r * (1 - 0.5523);
  const { x, y } = rect;
  const right = x + rect.width;
  const bottom = y + rect.height;
  return [
    ['M', x + r, y],
    ['L', right - r, y],
    ['C', right - k, y, right, y + k, right, y + r],
    ['L', right, bottom - r],
    ['C', right, bottom - k, right - k, bottom, right - r, bottom],
    ['L', x + r, bottom],
    ['C', x + k, bottom, x, bottom - k, x, bottom - r],
    ['L', x, y + r],
    ['C', x, y + k, x + k, y, x + r, y],
    ['Z'],
  ];
}

/** The font a stamp's label is drawn in, on screen and in both exports. */
export const STAMP_FONT = { fontFamily: 'Helvetica', bold: true, italic: false } as const;

/**
 * Helvetica-Bold's advance widths (its AFM, thousandths of an em) for ASCII 32-126, so the screen
 * sizes a label exactly as the export's standard font measures it without loading the PDF engine.
 */
const HELVETICA_BOLD_WIDTHS = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556, 556, 556,
  333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667,
  611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889,
  611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
];

/** Helvetica-Bold's cap height in ems: the label is centred on its capitals. */
const CAP_HEIGHT = 0.718;

/** The width of `label` in the stamp font, in ems; a character beyond ASCII counts as a wide capital. */
export function stampLabelWidth(label: string): number {
  let total = 0;
  for (let i = 0; i < label.length; i++) total += HELVETICA_BOLD_WIDTHS[label.charCodeAt(i) - 32] ?? 778;
  return total / 1000;
}

/** A stamp's proportions, as shares of its height: label size, border width, corner radius, side margin. */
const STAMP_SHAPE = { fontSize: 0.5, border: 0.07, radius: 0.2, margin: 0.3 } as const;

/** How a stamp of `label` fills `box`: its rounded frame and its label's size and place. */
export interface StampLayout {
  /** The frame's outline, stroked `border` wide with its outer edge on the box. */
  frame: PathCommand[];
  border: number;
  fontSize: number;
  /** Where the label's first baseline starts; the label is `labelWidth` points long. */
  x: number;
  baseline: number;
  labelWidth: number;
}

/** The layout of a stamp: the label centred, at half the height or smaller so it fits between the margins. */
export function stampLayout(box: Rect, label: string): StampLayout {
  const border = box.height * STAMP_SHAPE.border;
  const inner = { x: box.x + border / 2, y: box.y + border / 2, width: Math.max(0, box.width - border), height: Math.max(0, box.height - border) };
  const em = stampLabelWidth(label);
  const room = Math.max(0, box.width - 2 * box.height * STAMP_SHAPE.margin);
  const fontSize = em === 0 ? 0 : Math.min(box.height * STAMP_SHAPE.fontSize, room / em);
  const labelWidth = em * fontSize;
  return {
    frame: roundedRectPath(inner, box.height * STAMP_SHAPE.radius),
    border,
    fontSize,
    x: box.x + (box.width - labelWidth) / 2,
    baseline: box.y + box.height / 2 + (CAP_HEIGHT * fontSize) / 2,
    labelWidth,
  };
}

/** The size of a stamp `height` high whose `label` is at its full size. */
export function stampSize(label: string, height: number): { width: number; height: number } {
  return { width: stampLabelWidth(label) * height * STAMP_SHAPE.fontSize + 2 * height * STAMP_SHAPE.margin, height };
}
