// The page sidebar: ~128 px previews labelled "Page N" (active one highlighted, spinner while
// drawing, the number if drawing fails), virtualised like the viewer, with the page operations
// of each page (rotate, delete, move; drag to reorder) when `pageTools` is on. Previews draw in
// the editor's render queue after every page of the viewer, as pdf.js's own sidebar does.
import { memo, useEffect, useRef, useState } from 'react';
import type { DragEvent } from 'react';
import { useDocumentView, useEditorRuntime, useEditorState } from '../context';
import { format, loadPdfJs } from '../../editor/internal';
import type { PDFDocumentProxy } from '../../editor/internal';
import { offscreenDrawing, showDrawing } from '../viewer/pageDrawing';
import { renderQueueOf, THUMBNAIL_RANK } from '../viewer/renderQueue';
import { DocumentPageTools, movePage, PageTools, run } from './PageTools';

export const THUMBNAIL_HEIGHT = 128;
const ITEM_HEIGHT = THUMBNAIL_HEIGHT + 56;
const RENDER_DELAY = 100;

const Thumbnail = memo(function Thumbnail({ pdf, pageNumber }: { pdf: PDFDocumentProxy; pageNumber: number }) {
  const runtime = useEditorRuntime();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<'rendering' | 'done' | 'failed'>('rendering');
  useEffect(() => {
    let cancel = () => {};
    let dequeue = () => {};
    let stopped = false;
    setState('rendering');
    const draw = async () => {
      try {
        const [pdfjs, page] = await Promise.all([loadPdfJs(), pdf.getPage(pageNumber)]);
        const canvas = canvasRef.current;
        if (stopped || !canvas) return;
        const base = page.getViewport({ scale: 1 });
        const viewport = page.getViewport({ scale: THUMBNAIL_HEIGHT / base.height });
        // Sized now, so the preview keeps the page's shape while it draws.
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        const { drawing, target } = offscreenDrawing(canvas.width, canvas.height);
        const task = page.render({ canvas: target, viewport });
        cancel = () => {
          task.cancel();
          void page.cleanup();
        };
        try {
          await task.promise;
          if (stopped) return;
          showDrawing(canvas, drawing);
          setState('done');
        } catch (error) {
          if (!(error instanceof pdfjs.RenderingCancelledException) && !stopped) setState('failed');
        }
      } catch {
        if (!stopped) setState('failed');
      }
    };
    // A short delay skips pages that only fly past while scrolling (spec: 100 ms).
    const timer = setTimeout(() => {
      dequeue = renderQueueOf(runtime).add(() => THUMBNAIL_RANK + pageNumber, draw);
    }, RENDER_DELAY);
    return () => {
      stopped = true;
      clearTimeout(timer);
      dequeue();
      cancel();
    };
  }, [pdf, pageNumber, runtime]);
  return (
    <span className="mg-thumb-preview" data-state={state}>
      <canvas ref={canvasRef} aria-hidden="true" hidden={state === 'failed'} />
      {state === 'rendering' && <span className="mg-spinner" aria-hidden="true" />}
      {state === 'failed' && <span className="mg-thumb-failed">{pageNumber}</span>}
    </span>
  );
});

/** Props of <Thumbnails />. */
export interface ThumbnailsProps {
  /** Show rotate / delete / move buttons, drag to reorder, insert and extract. */
  pageTools?: boolean;
}

/** The page sidebar: virtualised ~128 px previews with per-page operations. */
export function Thumbnails({ pageTools = true }: ThumbnailsProps) {
  const runtime = useEditorRuntime();
  const { messages } = runtime;
  const pdf = useDocumentView((v) => v.pdf);
  const count = useDocumentView((v) => v.pageSizes.length);
  const current = useEditorState((s) => s.currentPage);
  const listRef = useRef<HTMLDivElement>(null);
  const [scroll, setScroll] = useState({ top: 0, height: 600 });
  const [dragged, setDragged] = useState<number | null>(null);

  useEffect(() => {
    const el = listRef.current;
    if (!el) return;
    const top = (current - 1) * ITEM_HEIGHT;
    if (top < el.scrollTop || top + ITEM_HEIGHT > el.scrollTop + el.clientHeight) el.scrollTop = top;
  }, [current]);

  const onDrop = (event: DragEvent, target: number) => {
    event.preventDefault();
    if (dragged === null || dragged === target) return;
    setDragged(null);
    run(runtime, movePage(count, dragged, target));
  };

  const first = Math.max(1, Math.floor(scroll.top / ITEM_HEIGHT));
  const last = Math.min(count, Math.ceil((scroll.top + scroll.height) / ITEM_HEIGHT) + 1);
  const items: number[] = [];
  for (let n = first; n <= last; n++) items.push(n);

  return (
    <nav className="mg-thumbnails" aria-label={messages.thumbnails}>
      <div
        ref={listRef}
        className="mg-thumb-list"
        onScroll={(event) => setScroll({ top: event.currentTarget.scrollTop, height: event.currentTarget.clientHeight })}
      >
        <div style={{ height: count * ITEM_HEIGHT, position: 'relative' }}>
          {pdf &&
            items.map((n) => (
              <div
                key={n}
                className="mg-thumb"
                style={{ top: (n - 1) * ITEM_HEIGHT, height: ITEM_HEIGHT }}
                draggable={pageTools}
                onDragStart={() => setDragged(n)}
                onDragOver={(event) => event.preventDefault()}
                onDrop={(event) => onDrop(event, n)}
              >
                <button
                  type="button"
                  className="mg-thumb-button"
                  aria-current={n === current ? 'page' : undefined}
                  aria-label={format(messages.pageLabel, { page: n })}
                  onClick={() => runtime.goToPage(n)}
                >
                  <Thumbnail pdf={pdf} pageNumber={n} />
                  <span className="mg-thumb-label">{format(messages.pageLabel, { page: n })}</span>
                </button>
                {pageTools && <PageTools page={n} count={count} />}
              </div>
            ))}
        </div>
      </div>
      {pageTools && <DocumentPageTools />}
    </nav>
  );
}
