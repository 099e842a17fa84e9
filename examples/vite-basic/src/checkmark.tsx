// An annotation kind of this host's own, added through the editor's `kinds` prop: a check mark in a
// square box. One module, the contract of the editor's own kinds: its schema and defaults, what it
// offers the Style Options, its geometry, how the exports draw it and write it (a native /Stamp
// with its appearance), and its on-screen view; a tool of the `tools` prop stamps one per click.
import { hostAnnotationSchema, normalizeAnnotation } from '@marginalia/pdf-editor/core';
import type { Canvas, Handle, Point } from '@marginalia/pdf-editor/core';
import type { HostKindWithView, ToolDefinition, ViewProps } from '@marginalia/pdf-editor';
import * as z from 'zod';

const checkmarkSchema = hostAnnotationSchema('custom:checkmark', { size: z.number().finite().positive() });
export type CheckmarkAnnotation = z.infer<typeof checkmarkSchema>;

/** The stroke through the box, as fractions of its size: the one path the screen and the PDF draw. */
const STROKE = [
  [0.15, 0.55],
  [0.4, 0.8],
  [0.85, 0.2],
] as const;
const MIN_SIZE = 4;
/** PDF's round line cap and join (1), as the screen's `round`. */
const ROUND = 1;

const pathOf = ({ position, size }: CheckmarkAnnotation): Point[] => STROKE.map(([x, y]) => ({ x: position.x + x * size, y: position.y + y * size }));
/** The line is heavier than the stroke width in a large box, so the mark reads as one at any size. */
const lineWidth = (mark: CheckmarkAnnotation) => Math.max(mark.strokeWidth, mark.size / 8);

const corners = ({ position: { x, y }, size }: CheckmarkAnnotation): Record<'nw' | 'ne' | 'sw' | 'se', Point> => ({
  nw: { x, y },
  ne: { x: x + size, y },
  sw: { x, y: y + size },
  se: { x: x + size, y: y + size },
});
const OPPOSITE = { nw: 'se', ne: 'sw', sw: 'ne', se: 'nw' } as const;

function drawCheckmark(canvas: Canvas, mark: CheckmarkAnnotation): void {
  canvas.setOpacity(mark.opacity);
  canvas.content.strokeColor(canvas.color(mark.color)).lineWidth(lineWidth(mark)).lineCap(ROUND).lineJoin(ROUND).polyline(pathOf(mark)).stroke();
}

function CheckmarkView({ annotation, common }: ViewProps<'custom:checkmark', CheckmarkAnnotation>) {
  const points = pathOf(annotation)
    .map(({ x, y }) => `${x},${y}`)
    .join(' ');
  return (
    <polyline {...common} points={points} fill="none" stroke={annotation.color} strokeWidth={lineWidth(annotation)} strokeLinecap="round" strokeLinejoin="round" />
  );
}

export const checkmarkKind: HostKindWithView<'custom:checkmark', CheckmarkAnnotation> = {
  kind: {
    type: 'custom:checkmark',
    schema: checkmarkSchema,
    defaults: () => ({ size: 24 }),
    style: { color: '#1B7A34' },
    capabilities: { stroke: false, fill: false, text: false, color: true, opacity: true, resize: 'corners', rotate: 'box' },
    bounds: ({ position, size }) => ({ ...position, width: size, height: size }),
    translate: ({ position }, dx, dy) => ({ position: { x: position.x + dx, y: position.y + dy } }),
    handles: (mark) => Object.entries(corners(mark)).map(([handle, point]) => ({ handle: handle as Handle, point })),
    // The corner opposite the dragged one stays; the box stays square.
    resize(original, handle, point) {
      const fixed = corners(original)[OPPOSITE[handle as keyof typeof OPPOSITE] ?? 'nw'];
      const size = Math.max(Math.abs(point.x - fixed.x), Math.abs(point.y - fixed.y), MIN_SIZE);
      return { size, position: { x: point.x < fixed.x ? fixed.x - size : fixed.x, y: point.y < fixed.y ? fixed.y - size : fixed.y } };
    },
    turn(mark, turn) {
      const [a, b] = [turn(mark.position), turn({ x: mark.position.x + mark.size, y: mark.position.y + mark.size })];
      return { ...mark, position: { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y) } };
    },
  },
  pdf: {
    draw: drawCheckmark,
    // A /Stamp other viewers show by its appearance (drawn by drawCheckmark); the editor's private
    // copy brings the check mark itself back on import.
    write: (mark) => ({
      subtype: 'Stamp',
      displayRect: { ...mark.position, width: mark.size, height: mark.size },
      entries: {},
      contents: 'Checked',
      color: mark.color,
      borderWidth: 0,
    }),
    reads: {},
  },
  view: CheckmarkView,
};

/** Click to stamp a check mark centred on the pointer. */
export const checkmarkTool: ToolDefinition = {
  preset: { id: 'custom:checkmark', label: { text: 'Check mark' }, creates: 'custom:checkmark', cursor: 'copy', icon: 'M4 13l5 5L20 6' },
  createMachine({ store }) {
    return {
      state: 'idle',
      pointerDown() {},
      pointerMove() {},
      pointerUp({ page, x, y }) {
        const { actions, style } = store.getState();
        const size = 24;
        const position = { x: x - size / 2, y: y - size / 2 };
        // The kind's own green stands until the user picks a colour other than the default black.
        const color = style.color === '#000000' ? undefined : style.color;
        actions.add(normalizeAnnotation<CheckmarkAnnotation>({ type: 'custom:checkmark', page, position, size, color, opacity: style.opacity }));
      },
      cancel() {},
    };
  },
};
