// The fields the annotation kinds' schemas share: points, rectangles, the fields every annotation
// has (a host kind's too) and the size of a box. Each kind's schema (kinds/<type>/index.ts) spreads these.
import * as z from 'zod';
import { lazySchema } from './lazySchema';

/**
 * Validates a {@link Point}: finite `x` and `y` in page points (origin top-left of the page as
 * displayed, y downward).
 */
export const pointSchema = lazySchema(() =>
  z.object({
    x: z.number().finite(),
    y: z.number().finite(),
  }),
);

/**
 * Validates a {@link Rect}: finite `x`, `y` and a non-negative `width` and `height`, in page points.
 */
export const rectSchema = lazySchema(() =>
  z.object({
    x: z.number().finite(),
    y: z.number().finite(),
    width: z.number().finite().nonnegative(),
    height: z.number().finite().nonnegative(),
  }),
);

const timestamp = lazySchema(() => z.string().min(1));

/**
 * Validates a {@link Reply}: one entry of an annotation's thread, an answer (`content`) or, with
 * `state`, the thread marked resolved or reopened, as PDF's review-state replies are.
 */
export const replySchema = lazySchema(() =>
  z.object({
    /** Unique within its thread; written as the reply annotation's /NM. */
    id: z.string().min(1),
    /** Who wrote it (/T); absent when the editor knows no author. */
    author: z.string().optional(),
    /** The reply's text; empty for a state change. */
    content: z.string(),
    /** Set on a state change: 'resolved' closes the thread, 'reopened' opens it again. */
    state: z.enum(['resolved', 'reopened']).optional(),
    createdAt: timestamp,
    updatedAt: timestamp,
  }),
);

/** The fields every annotation has, whatever its kind. */
export const baseFields = lazySchema(() => ({
  /** Unique within a document's list; `normalizeAnnotation` makes a nanoid. */
  id: z.string().min(1),
  /** 1-based page number. */
  page: z.number().int().positive(),
  /** Top-left corner of the annotation (an arrow's start), in page points. */
  position: pointSchema,
  /** `#RRGGBB`; export draws anything that is not a 6-digit hex colour as black. */
  color: z.string(),
  /** 0 (invisible) to 1 (opaque). */
  opacity: z.number().min(0).max(1),
  /** Line width in points, for the types that draw a line. */
  strokeWidth: z.number().finite().nonnegative(),
  /** ISO 8601 timestamp of creation. */
  createdAt: timestamp,
  /** ISO 8601 timestamp of the last change; `updateAnnotation` stamps it. */
  updatedAt: timestamp,
  /** Who made it (PDF /T); absent when unknown. */
  author: z.string().optional(),
  /**
   * Its comment thread in the order written: replies and resolved/reopened marks (threads/thread.ts).
   * They have no place of their own on the page, so they move, turn and go with their annotation.
   */
  replies: z.array(replySchema).optional(),
}));

export const boxFields = lazySchema(() => ({
  /** Size of the box from `position`, in page points. */
  width: z.number().finite().nonnegative(),
  height: z.number().finite().nonnegative(),
}));

const customType = lazySchema(() => z.templateLiteral(['custom:', z.string().min(1)]));

/** The fields every host-kind annotation has, with its `custom:` type. */
export const customAnnotationSchema = lazySchema(() => z.object({ ...baseFields, type: customType }));
