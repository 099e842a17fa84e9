import { PdfEditor } from '@marginalia/pdf-editor';
import type { HostKindWithView } from '@marginalia/pdf-editor';
import * as z from 'zod';
import { hostAnnotationSchema } from '@marginalia/pdf-editor/core';

// #region schema
// The fields every annotation has, a `custom:` type, and the kind's own fields.
const dotSchema = hostAnnotationSchema('custom:dot', { radius: z.number().positive() });
type DotAnnotation = z.infer<typeof dotSchema>;
// #endregion

// #region kind
export const dotKind: HostKindWithView<'custom:dot', DotAnnotation> = {
  kind: {
    type: 'custom:dot',
    schema: dotSchema,
    defaults: () => ({ radius: 6 }),
    style: { color: '#D32F2F' },
    capabilities: { stroke: false, fill: false, text: false, color: true, opacity: true, resize: 'none', rotate: 'anchor' },
    bounds: ({ position, radius }) => ({ ...position, width: 2 * radius, height: 2 * radius }),
    translate: ({ position }, dx, dy) => ({ position: { x: position.x + dx, y: position.y + dy } }),
    handles: () => [],
    resize: () => ({}),
    turn: (dot, turn) => {
      const centre = turn({ x: dot.position.x + dot.radius, y: dot.position.y + dot.radius });
      return { ...dot, position: { x: centre.x - dot.radius, y: centre.y - dot.radius } };
    },
  },
  pdf: {
    // Page points, origin top-left, as on screen: the same drawing makes the flattened page and
    // the native annotation's appearance.
    draw(canvas, { position, radius, color, opacity }) {
      canvas.setOpacity(opacity);
      canvas.content.fillColor(canvas.color(color)).ellipse(position.x + radius, position.y + radius, radius, radius).fill();
    },
    // The parts at once; a kind that waits for something (text layout, say) may return a promise.
    write: (dot) => ({
      subtype: 'Circle',
      displayRect: { ...dot.position, width: 2 * dot.radius, height: 2 * dot.radius },
      entries: {},
      color: dot.color,
      borderWidth: 0,
    }),
    reads: {},
  },
  view: ({ annotation: { position, radius, color }, common }) => (
    <circle {...common} cx={position.x + radius} cy={position.y + radius} r={radius} fill={color} />
  ),
};
// #endregion

// #region use
export function Review({ file }: { file: File }) {
  return <PdfEditor file={file} kinds={[dotKind]} />;
}
// #endregion
