// The find bar (Ctrl/Cmd+F, or `editor.find.open()`): what to find, match case and whole words,
// "3 of 17" (announced), previous and next (Enter, Shift+Enter), Mark all as a highlight,
// underline or strike-through, and Escape to close. It drives `editor.find`; the pages draw the
// matches (FindHighlights) and the view goes to the current one.
import { useEffect, useRef, useState } from 'react';
import type { MarkKind } from '../../editor/index';
import { format } from '../../editor/internal';
import { useEditorRuntime, useFind } from '../context';

/** How long typing rests before the search runs. */
const SEARCH_DELAY_MS = 200;
const MARKS: readonly MarkKind[] = ['highlight', 'underline', 'strikethrough'];

/** The find bar itself, loaded when find first opens (see FindBar.tsx). */
export default function OpenFindBar() {
  const editor = useEditorRuntime();
  const { find, messages } = editor;
  const open = useFind((state) => state.open);
  const status = useFind((state) => state.status);
  const searched = useFind((state) => state.searched);
  const pageCount = useFind((state) => state.pageCount);
  const total = useFind((state) => state.matches.length);
  const current = useFind((state) => state.current);
  const [query, setQuery] = useState('');
  const [matchCase, setMatchCase] = useState(false);
  const [wholeWords, setWholeWords] = useState(false);
  const [mark, setMark] = useState<MarkKind>('highlight');
  const field = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (open) field.current?.select();
  }, [open]);
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => void find.search(query, { matchCase, wholeWords }).catch(() => undefined), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [find, open, query, matchCase, wholeWords]);

  if (!open) return null;
  // The keyboard goes back to the editor, where its shortcuts listen.
  const close = () => {
    field.current?.closest<HTMLElement>('.mg-editor')?.focus({ preventScroll: true });
    find.close();
  };
  const count =
    status === 'searching'
      ? format(messages.findSearching, { searched, pages: pageCount })
      : query.trim() && status === 'done'
        ? total > 0
          ? format(messages.findCount, { current: current + 1, total })
          : messages.findNone
        : '';
  const labelOf = (kind: MarkKind) => messages[`tool.${kind}`];

  return (
    <div className="mg-find" role="search" aria-label={messages.find}>
      <input
        ref={field}
        className="mg-find-field"
        type="search"
        aria-label={messages.find}
        placeholder={messages.find}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            if (event.shiftKey) find.previous();
            else find.next();
          } else if (event.key === 'Escape') {
            event.preventDefault();
            close();
          }
          // Typing here is not an editor shortcut.
          event.stopPropagation();
        }}
      />
      <label className="mg-inline">
        <input type="checkbox" checked={matchCase} onChange={(event) => setMatchCase(event.target.checked)} />
        {messages.matchCase}
      </label>
      <label className="mg-inline">
        <input type="checkbox" checked={wholeWords} onChange={(event) => setWholeWords(event.target.checked)} />
        {messages.wholeWords}
      </label>
      <span className="mg-find-count" role="status" aria-live="polite">
        {count}
      </span>
      <button type="button" className="mg-icon-button" aria-label={messages.findPrevious} title={messages.findPrevious} disabled={total === 0} onClick={() => find.previous()}>
        ↑
      </button>
      <button type="button" className="mg-icon-button" aria-label={messages.findNext} title={messages.findNext} disabled={total === 0} onClick={() => find.next()}>
        ↓
      </button>
      <select aria-label={messages.markAllAs} value={mark} onChange={(event) => setMark(event.target.value as MarkKind)}>
        {MARKS.map((kind) => (
          <option key={kind} value={kind}>
            {labelOf(kind)}
          </option>
        ))}
      </select>
      <button type="button" className="mg-button" disabled={total === 0 || status !== 'done'} onClick={() => find.markAll(mark)}>
        {messages.markAll}
      </button>
      <button type="button" className="mg-icon-button" aria-label={messages.closeFind} title={messages.closeFind} onClick={close}>
        ✕
      </button>
    </div>
  );
}
