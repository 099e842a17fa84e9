// A host's own kind for tests, written as an embedder would write one: a red X across a square
// box, drawn by its own code and written as a native /Stamp.
import * as z from 'zod';
import { hostAnnotationSchema, type HostKind } from '../core/kinds/hostKinds';

const crossSchema = hostAnnotationSchema('custom:cross', { size: z.number().positive() });
export type Cross = z.infer<typeof crossSchema>;

export const crossKind: HostKind<'custom:cross', Cross> = {
  kind: {
    type: 'custom:cross',
    schema: crossSchema,
    defaults: () => ({ size: 40 }),
    style: { color: '#FF0000' },
    capabilities: { stroke: false, fill: false, text: false, color: true, opacity: true, resize: 'none', rotate: 'box' },
    bounds: ({ position, size }) => ({ ...position, width: size, height: size }),
    translate: ({ position }, dx, dy) => ({ position: { x: position.x + dx, y: position.y + dy } }),
    handles: () => [],
    resize: () => ({}),
    // Its box turns with the page: the top-left of its two turned corners.
    turn(cross, turn) {
      const [a, b] = [turn(cross.position), turn({ x: cross.position.x + cross.size, y: cross.position.y + cross.size })];
      return { ...cross, position: { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y) } };
    },
  },
  pdf: {
    draw(canvas, { position: { x, y }, size, color, opacity }) {
      canvas.setOpacity(opacity);
      canvas.content.strokeColor(canvas.color(color)).lineWidth(4).moveTo(x, y).lineTo(x + size, y + size).moveTo(x + size, y).lineTo(x, y + size).stroke();
    },
    write: async (cross) => ({ subtype: 'Stamp', displayRect: { ...cross.position, width: cross.size, height: cross.size }, entries: {}, color: cross.color, borderWidth: 0 }),
    reads: {},
  },
};
