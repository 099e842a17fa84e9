// Comment: a sticky note at `position`, shown as the note icon (NOTE_ICON_SIZE, the one size the
// screen and both exports draw); a point marker, so it neither resizes nor turns, only its anchor
// moves with the page.
import * as z from 'zod';
import { lazySchema } from '../../model/lazySchema';
import { baseFields } from '../../model/fields';
import { NOTE_ICON_SIZE } from '../../geometry/noteIcon';
import type { AnnotationKind } from '../kind';
import { shift } from '../shared/geometry';

/** Validates a {@link CommentAnnotation}. */
export const commentAnnotationSchema = lazySchema(() => z.object({
  ...baseFields,
  type: z.literal('comment'),
  /** The note's text. */
  content: z.string(),
}));

/** A sticky note at `position`: an icon on the page with `content` as its text. */
export type CommentAnnotation = z.infer<typeof commentAnnotationSchema>;

export const commentKind: AnnotationKind<CommentAnnotation> = {
  type: 'comment',
  schema: commentAnnotationSchema,
  defaults: () => ({ content: '' }),
  capabilities: { stroke: false, fill: false, text: false, color: true, opacity: true, resize: 'none', rotate: 'anchor', edit: { in: 'note', required: true } },
  bounds: (annotation) => ({ ...annotation.position, width: NOTE_ICON_SIZE, height: NOTE_ICON_SIZE }),
  translate: (annotation, dx, dy) => ({ position: shift(annotation.position, dx, dy) }),
  handles: () => [],
  resize: () => ({}),
  turn: (annotation, turn) => ({ ...annotation, position: turn(annotation.position) }),
};
