// Page operations of the sidebar. Each is one undo step (PDF bytes and annotations together);
// extracting a range downloads a new PDF (the editor's downloadPages) and leaves the document as it is.
import { useState } from 'react';
import { useEditorRuntime, useEditorState } from '../context';
import type { Editor } from '../../editor/index';
import { format, insertPdf, parseRange, runPageOperation } from '../../editor/internal';
import { OcrTools } from './OcrTools';

type EditingOperation = Parameters<typeof runPageOperation>[1];

/** Runs a page operation (or a task that makes one); a failure goes to the host's `onError`. */
export function run(runtime: Editor, operation: EditingOperation | Promise<void>) {
  const task = operation instanceof Promise ? operation : runPageOperation(runtime.store, operation);
  task.catch((error: unknown) => runtime.options.onError?.(error instanceof Error ? error : new Error(String(error)), 'page-operation'));
}

/** The reorder of a `count`-page document that moves page `page` to position `to`. */
export function movePage(count: number, page: number, to: number): EditingOperation {
  const order = Array.from({ length: count }, (_, i) => i + 1).filter((n) => n !== page);
  order.splice(to - 1, 0, page);
  return { type: 'reorder', order };
}

export function PageTools({ page, count }: { page: number; count: number }) {
  const runtime = useEditorRuntime();
  const { messages } = runtime;
  // The operation is made on click: a reorder lists every page, and the sidebar renders these
  // buttons for each thumbnail in view whenever the current page changes, so at every scrolled page.
  const button = (label: string, symbol: string, operation: () => EditingOperation, disabled?: boolean) => {
    const text = format(label, { page });
    return (
      <button type="button" className="mg-icon-button" aria-label={text} title={text} disabled={disabled} onClick={() => run(runtime, operation())}>
        {symbol}
      </button>
    );
  };
  return (
    <div className="mg-page-tools">
      {button(messages.rotatePage, '⟳', () => ({ type: 'rotate', pages: [page], degrees: 90 }))}
      {button(messages.movePageUp, '↑', () => movePage(count, page, page - 1), page <= 1)}
      {button(messages.movePageDown, '↓', () => movePage(count, page, page + 1), page >= count)}
      {button(messages.deletePage, '✕', () => ({ type: 'delete', pages: [page] }), count <= 1)}
    </div>
  );
}

export function DocumentPageTools() {
  const runtime = useEditorRuntime();
  const { messages } = runtime;
  const count = useEditorState((s) => s.pageCount);
  const current = useEditorState((s) => s.currentPage);
  const [range, setRange] = useState('');
  const parsed = parseRange(range, count);
  return (
    <div className="mg-document-tools">
      <label className="mg-button mg-file-button">
        {messages.insertPages}
        <input
          type="file"
          accept="application/pdf"
          className="mg-visually-hidden"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) run(runtime, file.arrayBuffer().then((buffer) => insertPdf(runtime.store, new Uint8Array(buffer), current + 1)));
          }}
        />
      </label>
      <form
        className="mg-row"
        onSubmit={(event) => {
          event.preventDefault();
          if (parsed) void runtime.downloadPages(parsed);
        }}
      >
        <input className="mg-input" aria-label={messages.extractRange} placeholder="1-2" value={range} onChange={(event) => setRange(event.target.value)} size={6} />
        <button type="submit" className="mg-button" disabled={!parsed}>{messages.extractPages}</button>
      </form>
      <OcrTools />
    </div>
  );
}
