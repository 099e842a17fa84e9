// The sticky-note icon a comment is drawn as, on screen and in both export modes (a flattened
// page has no pop-ups, and a native note's appearance should look the same): one shape for all
// three. Coordinates are relative to the icon's top-left corner, y down, in points.
import type { RgbComponents } from '../pdf/color';
import type { Point } from '../model/base';

/** Side of the note icon in points. */
export const NOTE_ICON_SIZE = 20;

const FOLD = NOTE_ICON_SIZE * 0.3;

export const NOTE_COLORS: { fill: RgbComponents; edge: RgbComponents; ink: RgbComponents } = {
  fill: { r: 1, g: 0.84, b: 0.25 },
  edge: { r: 0.62, g: 0.47, b: 0 },
  ink: { r: 0.45, g: 0.34, b: 0 },
};

/** Stroke widths of the body's outline and of the text lines on it. */
export const NOTE_STROKES = { edge: 1, ink: 1.2 } as const;

/** The body, its bottom-right corner folded over: a closed polygon, filled and outlined. */
export const NOTE_BODY: readonly Point[] = [
  { x: 0, y: 0 },
  { x: NOTE_ICON_SIZE, y: 0 },
  { x: NOTE_ICON_SIZE, y: NOTE_ICON_SIZE - FOLD },
  { x: NOTE_ICON_SIZE - FOLD, y: NOTE_ICON_SIZE },
  { x: 0, y: NOTE_ICON_SIZE },
];

/** The folded-over flap: a closed triangle filled in the edge colour. */
export const NOTE_FLAP: readonly Point[] = [
  { x: NOTE_ICON_SIZE, y: NOTE_ICON_SIZE - FOLD },
  { x: NOTE_ICON_SIZE - FOLD, y: NOTE_ICON_SIZE - FOLD },
  { x: NOTE_ICON_SIZE - FOLD, y: NOTE_ICON_SIZE },
];

/** Three "text" lines across the note; the last stops short of the fold. */
export const NOTE_LINES: readonly (readonly [Point, Point])[] = [0.3, 0.5, 0.7].map((t) => {
  const y = NOTE_ICON_SIZE * t;
  const right = t === 0.7 ? NOTE_ICON_SIZE - FOLD - 2 : NOTE_ICON_SIZE - 4;
  return [{ x: 4, y }, { x: right, y }] as const;
});
