// Page operations of the sidebar. Each is one undo step (PDF bytes and annotations together);
// extracting a range downloads a new PDF and leaves the document as it is.
import { useState } from 'react';
import { useEditorRuntime, useEditorState } from '../context';
import { format } from '../messages';
import type { EditorRuntime } from '../runtime';
import { downloadBytes, runExport } from '../export/runExport';
import { extractRange, insertPdf, parseRange, runPageOperation } from '../store/pageOperations';
import type { PageOperation } from '../../core/pages/types';

type EditingOperation = Parameters<typeof runPageOperation>[1];

function run(runtime: EditorRuntime, operation: EditingOperation | Promise<void>) {
  const task = operation instanceof Promise ? operation : runPageOperation(runtime.store, operation);
  task.catch((error: unknown) => runtime.config.onError?.(error instanceof Error ? error : new Error(String(error))));
}

export function PageTools({ page, count }: { page: number; count: number }) {
  const runtime = useEditorRuntime();
  const { messages } = runtime;
  const order = (to: number): PageOperation => {
    const pages = Array.from({ length: count }, (_, i) => i + 1).filter((n) => n !== page);
    pages.splice(to - 1, 0, page);
    return { type: 'reorder', order: pages };
  };
  return (
    <div className="mg-page-tools">
      <button type="button" className="mg-icon-button" aria-label={format(messages.rotatePage, { page })} title={format(messages.rotatePage, { page })}
        onClick={() => run(runtime, { type: 'rotate', pages: [page], degrees: 90 })}>⟳</button>
      <button type="button" className="mg-icon-button" aria-label={format(messages.movePageUp, { page })} title={format(messages.movePageUp, { page })}
        disabled={page <= 1} onClick={() => run(runtime, order(page - 1) as EditingOperation)}>↑</button>
      <button type="button" className="mg-icon-button" aria-label={format(messages.movePageDown, { page })} title={format(messages.movePageDown, { page })}
        disabled={page >= count} onClick={() => run(runtime, order(page + 1) as EditingOperation)}>↓</button>
      <button type="button" className="mg-icon-button" aria-label={format(messages.deletePage, { page })} title={format(messages.deletePage, { page })}
        disabled={count <= 1} onClick={() => run(runtime, { type: 'delete', pages: [page] })}>✕</button>
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
          if (!parsed) return;
          run(
            runtime,
            extractRange(runtime.store, parsed).then(async ({ bytes, annotations }) => {
              const worker = runtime.config.exportWorker;
              const out = await runExport(bytes, annotations, worker ? { worker } : {});
              const base = (runtime.config.fileName ?? 'document.pdf').replace(/\.pdf$/i, '');
              downloadBytes(out, `${base}_pages_${parsed.from}-${parsed.to}.pdf`);
            }),
          );
        }}
      >
        <input className="mg-input" aria-label={messages.extractRange} placeholder="1-2" value={range} onChange={(event) => setRange(event.target.value)} size={6} />
        <button type="submit" className="mg-button" disabled={!parsed}>{messages.extractPages}</button>
      </form>
    </div>
  );
}
