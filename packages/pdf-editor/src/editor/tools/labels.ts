// The English labels of the built-in kinds' tools and of their variants, defaults of
// `defaultMessages`. Kept by hand: the mapped types make the compiler name a kind without a tool
// label, and a stamp preset without one (tools.test.ts checks every kind's variants). Written here rather than imported from the
// tool and kind modules so the messages (and what needs only them, the SignaturePad) do not pull
// every tool, the kinds and zod into a bundle.
import type { AnnotationType } from '../../core/index';
import type { StampPreset } from '../../core/internal';

/** The English label of every built-in kind's tool, by its message key. */
export const KIND_TOOL_LABELS = {
  'tool.text': 'Text',
  'tool.highlight': 'Highlight',
  'tool.strikethrough': 'Strikethrough',
  'tool.underline': 'Underline',
  'tool.squiggly': 'Squiggly',
  'tool.freehand': 'Draw',
  'tool.rectangle': 'Rectangle',
  'tool.circle': 'Circle',
  'tool.ellipse': 'Ellipse',
  'tool.arrow': 'Arrow',
  'tool.polygon': 'Polygon',
  'tool.polyline': 'Polyline',
  'tool.comment': 'Comment',
  'tool.caret': 'Insert text',
  'tool.signature': 'Signature',
  'tool.stamp': 'Stamp',
  'tool.image': 'Image',
  'tool.whiteout': 'Whiteout',
} as const satisfies { readonly [K in `tool.${AnnotationType}`]: string };

/** The English labels of the built-in kinds' variants (`<type>.<variant>`) and their groups (`<type>.variants`). */
export const KIND_VARIANT_LABELS = {
  'polyline.variants': 'Line ends',
  'polyline.line': 'Plain',
  'polyline.arrow': 'Arrow',
  'polyline.both': 'Arrows at both ends',
  'stamp.variants': 'Stamp',
  'stamp.approved': 'Approved',
  'stamp.rejected': 'Rejected',
  'stamp.draft': 'Draft',
  'stamp.confidential': 'Confidential',
  'stamp.final': 'Final',
  'stamp.signed': 'Signed and dated',
} as const satisfies Record<`polyline.${string}` | `stamp.${StampPreset | 'variants'}`, string>;
