// The thread of the one selected annotation, in the Style Options panel: its replies with author
// and time, a reply box (Enter or the Reply button sends it, Shift+Enter starts a new line) and
// Resolve or Reopen. Everything goes through the editor object's `threads`, one undo step each.
import { useMemo, useState } from 'react';
import { threadOf } from '../../core/internal';
import type { Reply } from '../../core/index';
import { format } from '../../editor/internal';
import { useEditorRuntime, useEditorState } from '../context';

/** Who wrote an entry and when, as the thread lists it. */
function Byline({ entry, label }: { entry: Reply; label?: string }) {
  return (
    <span className="mg-byline">
      {[label, entry.author].filter(Boolean).join(' · ')} <time dateTime={entry.createdAt}>{new Date(entry.createdAt).toLocaleString()}</time>
    </span>
  );
}

export function ThreadPanel({ id }: { id: string }) {
  const editor = useEditorRuntime();
  const { messages, threads } = editor;
  const annotation = useEditorState((s) => s.annotations.find((a) => a.id === id));
  const thread = useMemo(() => annotation && threadOf(annotation), [annotation]);
  const [draft, setDraft] = useState('');
  if (!thread) return null;
  const send = () => {
    if (threads.reply(id, draft) !== undefined) setDraft('');
  };
  return (
    <section className="mg-thread" aria-label={messages.thread}>
      <h3 className="mg-panel-title">{messages.thread}</h3>
      {thread.replies.length > 0 && (
        <ol className="mg-replies">
          {thread.replies.map((reply, index) => (
            <li key={reply.id}>
              <Byline entry={reply} />
              <p>{reply.content}</p>
              <button type="button" className="mg-icon-button" aria-label={format(messages.deleteReply, { number: index + 1 })}
                onClick={() => threads.remove(id, reply.id)}>×</button>
            </li>
          ))}
        </ol>
      )}
      {thread.resolved && thread.lastState && <Byline entry={thread.lastState} label={messages.resolved} />}
      <textarea className="mg-input" rows={2} aria-label={messages.replyPlaceholder} placeholder={messages.replyPlaceholder} value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' || event.shiftKey) return;
          event.preventDefault();
          send();
        }} />
      <div className="mg-row">
        <button type="button" className="mg-button" disabled={draft.trim() === ''} onClick={send}>{messages.reply}</button>
        <button type="button" className="mg-button" onClick={() => (thread.resolved ? threads.reopen(id) : threads.resolve(id))}>
          {thread.resolved ? messages.reopen : messages.resolve}
        </button>
      </div>
    </section>
  );
}
