// A set of annotations of every type laid out in a 520 x 75 pt strip, each in its own colour, with
// "probes": small display-space rectangles where that colour must show after export. Tests render
// the exported page and look for each probe's colour, so misplaced, mirrored or rotated marks fail.
import { STAMP_PRESETS } from '../core/kinds/stamp';
import { normalizeAnnotation } from '../core/model/defaults';
import type { Annotation, Point, Rect } from '../core/model/types';
import { pngDataUrl, solidPng } from './images';
import type { Rgb } from './pdfTools';

export interface Probe {
  label: string;
  /** Display-space rectangle (points, origin top-left of the displayed page). */
  rect: Rect;
  color: Rgb;
  tolerance?: number;
}

export const COLORS = {
  green: { r: 0, g: 192, b: 0 },
  magenta: { r: 255, g: 0, b: 255 },
  blue: { r: 0, g: 0, b: 255 },
  highlight: { r: 255, g: 255, b: 178 },
  red: { r: 255, g: 0, b: 0 },
  purple: { r: 128, g: 0, b: 255 },
  cyan: { r: 0, g: 255, b: 255 },
  brown: { r: 128, g: 64, b: 0 },
  note: { r: 255, g: 214, b: 64 },
  orange: { r: 255, g: 128, b: 0 },
  black: { r: 0, g: 0, b: 0 },
  white: { r: 255, g: 255, b: 255 },
  teal: { r: 0, g: 160, b: 160 },
  olive: { r: 128, g: 128, b: 0 },
  pink: { r: 255, g: 0, b: 128 },
  lime: { r: 128, g: 255, b: 0 },
  navy: { r: 0, g: 0, b: 128 },
  sky: { r: 0, g: 192, b: 255 },
} as const;

const hex = ({ r, g, b }: Rgb) => `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
const rgb = (color: string): Rgb => ({ r: parseInt(color.slice(1, 3), 16), g: parseInt(color.slice(3, 5), 16), b: parseInt(color.slice(5, 7), 16) });

const spot = (x: number, y: number, size = 3): Rect => ({ x: x - size / 2, y: y - size / 2, width: size, height: size });

export interface AnnotationSet {
  annotations: Annotation[];
  probes: Probe[];
}

/** Every annotation type on `page`, the strip's top-left corner at `origin` (display points). */
export function everyTypeAt(page: number, origin: Point): AnnotationSet {
  const at = (x: number, y: number): Point => ({ x: origin.x + x, y: origin.y + y });
  const annotations: Annotation[] = [
    normalizeAnnotation({ type: 'rectangle', page, position: at(0, 0), width: 50, height: 40, color: hex(COLORS.blue), fillStyle: 'solid', fillColor: hex(COLORS.green) }),
    normalizeAnnotation({ type: 'circle', page, position: at(60, 0), radius: 20, color: hex(COLORS.magenta), strokeWidth: 4 }),
    normalizeAnnotation({ type: 'arrow', page, position: at(110, 0), endPoint: at(160, 40), color: hex(COLORS.blue), strokeWidth: 4 }),
    normalizeAnnotation({ type: 'highlight', page, position: at(170, 0), width: 50, height: 20 }),
    normalizeAnnotation({ type: 'strikethrough', page, position: at(230, 0), width: 50, height: 20, color: hex(COLORS.red), strokeWidth: 4 }),
    normalizeAnnotation({ type: 'underline', page, position: at(290, 0), width: 50, height: 20, color: hex(COLORS.purple), strokeWidth: 4 }),
    normalizeAnnotation({ type: 'image', page, position: at(350, 0), width: 40, height: 40, imageData: pngDataUrl(solidPng(8, 8, COLORS.cyan)) }),
    normalizeAnnotation({ type: 'signature', page, position: at(400, 0), width: 40, height: 20, imageData: pngDataUrl(solidPng(10, 5, COLORS.brown)) }),
    normalizeAnnotation({ type: 'comment', page, position: at(450, 0), content: 'Check this' }),
    normalizeAnnotation({ type: 'freehand', page, position: at(0, 55), points: [at(0, 55), at(20, 57), at(40, 53), at(60, 55)], color: hex(COLORS.orange), strokeWidth: 5 }),
    normalizeAnnotation({ type: 'text', page, position: at(80, 47), content: 'MMMMMM', fontSize: 20, fontWeight: 'bold', color: hex(COLORS.red) }),
    normalizeAnnotation({ type: 'rectangle', page, position: at(200, 47), width: 60, height: 26, color: '#000000', fillStyle: 'solid' }),
    normalizeAnnotation({ type: 'whiteout', page, position: at(215, 52), width: 20, height: 16 }),
    // The newer kinds: under the 20 pt high marks of the first row, and at the right of the second.
    normalizeAnnotation({ type: 'squiggly', page, position: at(170, 22), width: 50, height: 18, color: hex(COLORS.teal), strokeWidth: 3 }),
    normalizeAnnotation({ type: 'stamp', page, position: at(230, 22), width: 50, height: 18, preset: 'draft', color: STAMP_PRESETS.draft.color }),
    normalizeAnnotation({ type: 'caret', page, position: at(290, 22), width: 14, height: 18, color: hex(COLORS.olive), content: '' }),
    normalizeAnnotation({ type: 'polygon', page, position: at(275, 48), points: [at(275, 73), at(295, 48), at(315, 73), at(295, 66)], color: hex(COLORS.navy), strokeWidth: 2, fillStyle: 'solid', fillColor: hex(COLORS.lime) }),
    normalizeAnnotation({ type: 'polyline', page, position: at(325, 50), points: [at(325, 72), at(340, 50), at(355, 72), at(370, 50)], color: hex(COLORS.sky), strokeWidth: 4 }),
    normalizeAnnotation({ type: 'ellipse', page, position: at(385, 48), width: 50, height: 26, color: hex(COLORS.pink), strokeWidth: 4 }),
  ];
  const probe = (label: string, x: number, y: number, color: Rgb, size?: number): Probe => ({
    label,
    rect: spot(origin.x + x, origin.y + y, size),
    color,
  });
  const probes: Probe[] = [
    probe('rectangle fill', 25, 20, COLORS.green),
    probe('rectangle stroke', 0, 20, COLORS.blue),
    probe('circle right edge', 100, 20, COLORS.magenta),
    probe('circle top edge', 80, 0, COLORS.magenta),
    probe('arrow shaft', 135, 20, COLORS.blue),
    { ...probe('highlight', 195, 10, COLORS.highlight), tolerance: 25 },
    probe('strikethrough', 255, 10, COLORS.red),
    probe('underline', 315, 18.5, COLORS.purple),
    probe('image', 370, 20, COLORS.cyan),
    probe('signature', 420, 10, COLORS.brown),
    { ...probe('comment icon', 456, 3, COLORS.note), tolerance: 50 },
    probe('freehand', 30, 55, COLORS.orange),
    // Far along the line: only upright text reaches it; text turned by the page rotation would not.
    { label: 'text', rect: { x: origin.x + 150, y: origin.y + 51, width: 20, height: 14 }, color: COLORS.red },
    probe('rectangle under whiteout', 205, 60, COLORS.black),
    probe('whiteout', 225, 60, COLORS.white),
    // The wave rests inside the bottom of its line (y 34 to 40), like an underline.
    { label: 'squiggly', rect: { x: origin.x + 172, y: origin.y + 35, width: 46, height: 4 }, color: COLORS.teal },
    probe('stamp frame', 230.6, 31, rgb(STAMP_PRESETS.draft.color), 1),
    { label: 'stamp word', rect: { x: origin.x + 240, y: origin.y + 27, width: 30, height: 8 }, color: rgb(STAMP_PRESETS.draft.color), tolerance: 60 },
    // Solid only at the tip of a caret that points up.
    probe('caret tip', 297, 27, COLORS.olive, 2),
    // Peaks and tips up: a shape mirrored top to bottom has none there.
    probe('polygon fill', 295, 58, COLORS.lime),
    probe('polygon tip', 295, 52, COLORS.lime, 2),
    probe('polygon edge', 285, 60.5, COLORS.navy),
    probe('polyline', 332.5, 61, COLORS.sky),
    probe('polyline peak', 340, 52, COLORS.sky, 2),
    probe('ellipse right edge', 435, 61, COLORS.pink),
    probe('ellipse top edge', 410, 48, COLORS.pink),
  ];
  return { annotations, probes };
}
