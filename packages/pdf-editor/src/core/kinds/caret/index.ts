// Caret: the proofreader's insertion mark (^), filling its box from `position`, its point at the
// top middle where text is to go in; `content` is the text to insert, shown as the mark's note.
// It stays upright when its page turns, as a mark pointing into a line of text should.
import * as z from 'zod';
import { lazySchema } from '../../model/lazySchema';
import { baseFields, boxFields } from '../../model/fields';
import type { AnnotationKind } from '../kind';
import { boxParts } from '../shared/box';
import { turnUpright } from '../shared/geometry';

/** The size of a caret placed with a click, in points: about a line of 11 pt text high. */
export const CARET_SIZE = { width: 12, height: 12 } as const;

/** Validates a {@link CaretAnnotation}. */
export const caretAnnotationSchema = lazySchema(() => z.object({
  ...baseFields,
  ...boxFields,
  type: z.literal('caret'),
  /** The text to insert at the mark; empty for a bare mark. */
  content: z.string(),
}));

/** A proofreader's insertion mark (^) filling its box, its point where `content` is to be inserted. */
export type CaretAnnotation = z.infer<typeof caretAnnotationSchema>;

export const caretKind: AnnotationKind<CaretAnnotation> = {
  type: 'caret',
  schema: caretAnnotationSchema,
  defaults: () => ({ ...CARET_SIZE, content: '' }),
  capabilities: { stroke: false, fill: false, text: false, color: true, opacity: true, resize: 'corners', rotate: 'upright', edit: { in: 'note', required: false } },
  ...boxParts,
  turn: (annotation, turn) => ({ ...annotation, position: turnUpright(annotation.position, annotation.width, annotation.height, turn) }),
};
