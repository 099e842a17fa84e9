// Previous / page number field "of M" / Next, and zoom out / percentage / zoom in / fit width when
// the host does not drive the zoom itself. The field shows the current page; a number typed and
// confirmed (Enter, or leaving the field) goes to that page, anything else puts the page back.
import { useState } from 'react';
import { useEditorRuntime, useEditorState } from '../context';
import { format, stepZoom } from '../../editor/internal';

/** Previous, the page number field, Next and, unless the host drives the zoom, the zoom controls. */
export function PageNavigation({ zoomControls = true }: { zoomControls?: boolean }) {
  const runtime = useEditorRuntime();
  const { messages } = runtime;
  const page = useEditorState((s) => s.currentPage);
  const count = useEditorState((s) => s.pageCount);
  const zoom = useEditorState((s) => s.zoom);
  const actions = useEditorState((s) => s.actions);
  // What the user is typing, until it is confirmed or dropped; null shows the current page.
  const [typed, setTyped] = useState<string | null>(null);
  const total = Math.max(count, 1);
  const confirm = () => {
    const target = Number(typed);
    if (typed !== null && Number.isInteger(target) && target >= 1 && target <= count) runtime.goToPage(target);
    setTyped(null);
  };
  return (
    <div className="mg-nav" role="toolbar" aria-label={messages.pages}>
      <button type="button" className="mg-button" disabled={page <= 1} onClick={() => runtime.goToPage(page - 1)}>
        {messages.previousPage}
      </button>
      <span className="mg-page-indicator">
        <input className="mg-input mg-page-input" aria-label={messages.pageNumber} inputMode="numeric" value={typed ?? page}
          onChange={(event) => setTyped(event.target.value)} onBlur={confirm}
          onKeyDown={(event) => {
            if (event.key === 'Enter') confirm();
            else if (event.key === 'Escape') setTyped(null);
          }} />
        {` ${format(messages.pageTotal, { total })}`}
        <span className="mg-visually-hidden" aria-live="polite">{format(messages.pageOf, { page, total })}</span>
      </span>
      <button type="button" className="mg-button" disabled={page >= count} onClick={() => runtime.goToPage(page + 1)}>
        {messages.nextPage}
      </button>
      {zoomControls && (
        <>
          <span className="mg-separator" />
          <button type="button" className="mg-button" aria-label={messages.zoomOutLabel} title={messages.zoomOutLabel} disabled={zoom <= 0.5} onClick={() => actions.setZoom(stepZoom(zoom, -1))}>
            {messages.zoomOut}
          </button>
          <span className="mg-zoom-label">{Math.round(zoom * 100)}%</span>
          <button type="button" className="mg-button" aria-label={messages.zoomInLabel} title={messages.zoomInLabel} disabled={zoom >= 3} onClick={() => actions.setZoom(stepZoom(zoom, 1))}>
            {messages.zoomIn}
          </button>
          <button type="button" className="mg-button" onClick={() => runtime.view?.fitWidth()}>
            {messages.fitWidth}
          </button>
        </>
      )}
    </div>
  );
}
