// Comment threads in the editor object: reply to any annotation, edit or delete a reply, resolve and
// reopen its thread, read it. Each command is one undo step through the store's `update` (the
// thread is the annotation's `replies`, core/threads/thread.ts), signed with the `author` option read
// when it runs; deleting an annotation deletes its thread in the same step, as it is part of it.
import type { Reply, Thread } from '../core/index';
import { newReply, threadOf } from '../core/internal';
import type { EditorStore } from './store/createEditorStore';

/** The comment threads of an editor's annotations (`editor.threads`). */
export interface EditorThreads {
  /** The thread of annotation `id` (answers oldest first, resolved or not); undefined without that annotation. */
  get(id: string): Thread | undefined;
  /** Adds a reply to annotation `id`; returns its id, or undefined when `content` is blank or there is no such annotation. */
  reply(id: string, content: string): string | undefined;
  /** Changes the text of a reply of annotation `id`; blank text deletes it. */
  edit(id: string, replyId: string, content: string): void;
  /** Deletes a reply of annotation `id`. */
  remove(id: string, replyId: string): void;
  /** Marks the thread of annotation `id` resolved (nothing happens when it is). */
  resolve(id: string): void;
  /** Reopens the thread of annotation `id` (nothing happens when it is not resolved). */
  reopen(id: string): void;
}

export function createThreads(store: EditorStore, author: () => string | undefined): EditorThreads {
  const find = (id: string) => store.getState().annotations.find((annotation) => annotation.id === id);
  /** Sets the entries of `id`'s thread to what `change` makes of them, as one undo step. */
  const change = (id: string, label: string, next: (replies: readonly Reply[]) => Reply[] | undefined): boolean => {
    const annotation = find(id);
    const replies = annotation && next(annotation.replies ?? []);
    if (!replies) return false;
    store.getState().actions.update({ [id]: { replies } }, label);
    return true;
  };
  const mark = (id: string, state: 'resolved' | 'reopened') => {
    const annotation = find(id);
    if (!annotation || threadOf(annotation).resolved === (state === 'resolved')) return;
    change(id, state === 'resolved' ? 'Resolve' : 'Reopen', (replies) => [...replies, newReply('', author(), state)]);
  };
  const threads: EditorThreads = {
    get: (id) => {
      const annotation = find(id);
      return annotation && threadOf(annotation);
    },
    reply(id, content) {
      if (content.trim() === '') return undefined;
      const reply = newReply(content, author());
      return change(id, 'Reply', (replies) => [...replies, reply]) ? reply.id : undefined;
    },
    edit(id, replyId, content) {
      if (content.trim() === '') return threads.remove(id, replyId);
      const updatedAt = new Date().toISOString();
      change(id, 'Edit reply', (replies) =>
        replies.some((reply) => reply.id === replyId) ? replies.map((reply) => (reply.id === replyId ? { ...reply, content, updatedAt } : reply)) : undefined,
      );
    },
    remove(id, replyId) {
      change(id, 'Delete reply', (replies) => (replies.some((reply) => reply.id === replyId) ? replies.filter((reply) => reply.id !== replyId) : undefined));
    },
    resolve: (id) => mark(id, 'resolved'),
    reopen: (id) => mark(id, 'reopened'),
  };
  return threads;
}
