// Comment threads: the replies to an annotation and whether its discussion is resolved. A thread
// is kept on the annotation it answers (`replies`, model/fields.ts) rather than as annotations of
// its own: a reply has no place on the page, so it cannot be drawn, hit, erased or left behind on
// a deleted page, and deleting, moving or undoing its annotation takes the thread along in the
// same step. Resolving and reopening are entries of the thread too, as PDF records them (a review
// state reply: /State /Completed, /None), so who did it and when stays in the file.
import type * as z from 'zod';
import { nanoid } from 'nanoid';
import type { BaseAnnotation } from '../model/base';
import type { replySchema } from '../model/fields';

/** One entry of an annotation's thread: an answer, or with `state` the thread resolved or reopened. */
export type Reply = z.infer<typeof replySchema>;

/** An annotation's thread as a reader shows it. */
export interface Thread {
  /** The answers, oldest first (state changes left out). */
  replies: Reply[];
  /** The last state change resolved it and none reopened it since. */
  resolved: boolean;
  /** The last state change (who resolved or reopened it, and when); undefined when none was made. */
  lastState: Reply | undefined;
}

/** The entries of `annotation`'s thread, oldest first (entries of the same time in the order written). */
function entriesOf(annotation: BaseAnnotation): Reply[] {
  return [...(annotation.replies ?? [])].sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
}

/** The thread of `annotation`: its answers in time order and whether it is resolved. */
export function threadOf(annotation: BaseAnnotation): Thread {
  const entries = entriesOf(annotation);
  const lastState = entries.findLast((entry) => entry.state !== undefined);
  return { replies: entries.filter((entry) => entry.state === undefined), resolved: lastState?.state === 'resolved', lastState };
}

/** A new entry of a thread written now by `author`: an answer, or a state change with `state`. */
export function newReply(content: string, author: string | undefined, state?: Reply['state']): Reply {
  const now = new Date().toISOString();
  return { id: nanoid(), ...(author === undefined ? {} : { author }), content, ...(state ? { state } : {}), createdAt: now, updatedAt: now };
}

/** `annotation` without its thread, for what is written apart from it. */
export function withoutThread<A extends BaseAnnotation>(annotation: A): A {
  const { replies: _replies, ...rest } = annotation;
  return rest as A;
}
