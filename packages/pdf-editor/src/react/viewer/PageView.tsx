// One page of the viewer: the pdf.js canvas, its text layer, and the SVG overlay holding the
// annotations, the draft being drawn, the selection and the collaborators' marks. Pointer events
// on the overlay are turned into page points and handed to the editor's pointer router.
import { memo, useCallback, useEffect, useMemo } from 'react';
import type { PointerEvent as ReactPointerEvent } from 'react';
import { useEditorRuntime, useEditorState } from '../context';
import { AnnotationShape } from './AnnotationShape';
import type { Annotation } from '../../core/index';
import type { PageSize } from '../../editor/index';
import { format, toolIn } from '../../editor/internal';
import type { PDFDocumentProxy } from '../../editor/internal';
import type { PointerRouter, RoutedPointer } from './pointerRouter';
import { PeerLayer } from './PeerLayer';
import { renderQueueOf } from './renderQueue';
import { FindHighlights } from './FindHighlights';
import { FormLayer } from './FormLayer';
import { SelectionLayer } from './SelectionLayer';
import { TextEditor } from './TextEditor';
import { TransientLayer } from './TransientLayer';
import { usePageRender } from './usePageRender';

export interface PageViewProps {
  pdf: PDFDocumentProxy;
  pageNumber: number;
  size: PageSize;
  zoom: number;
  top: number;
  router: PointerRouter;
  /** The page's rank in the render queue (its distance from the middle of the view). */
  renderRank(page: number): number;
  descriptionId: string;
  registerTextLayer(page: number, element: HTMLDivElement | null): void;
}

const NO_ANNOTATIONS: readonly Annotation[] = [];

// The draft being drawn and the marquee change on every pointer move: each is its own component,
// so a move re-renders it alone, not the page with its (maybe thousands of) annotations.
function PageDraft({ pageNumber }: { pageNumber: number }) {
  const draft = useEditorState((s) => (s.draft?.page === pageNumber ? s.draft : null));
  return draft && <AnnotationShape annotation={draft} />;
}

function PageMarquee({ pageNumber }: { pageNumber: number }) {
  const marquee = useEditorState((s) => (s.marquee?.page === pageNumber ? s.marquee.rect : null));
  return marquee && <rect className="mg-marquee" x={marquee.x} y={marquee.y} width={marquee.width} height={marquee.height} />;
}

export const PageView = memo(function PageView({ pdf, pageNumber, size, zoom, top, router, renderRank, descriptionId, registerTextLayer }: PageViewProps) {
  const runtime = useEditorRuntime();
  // This page's own list, which the store replaces only when an edit touches this page.
  const annotations = useEditorState((s) => s.annotationsByPage.get(pageNumber) ?? NO_ANNOTATIONS);
  const selectedIds = useEditorState((s) => s.selectedIds);
  const hoverId = useEditorState((s) => s.hoverId);
  // Stable for a whole drag, so moving the pointer does not re-render the page.
  const movingIds = useEditorState((s) => s.transient?.ids);
  const editing = useEditorState((s) => (s.editing?.page === pageNumber ? s.editing : null));
  const tool = useEditorState((s) => s.tool);
  const onSize = useCallback((measured: PageSize) => runtime.document.measured(pageNumber, measured), [runtime, pageNumber]);
  const rank = useCallback(() => renderRank(pageNumber), [renderRank, pageNumber]);
  const { canvasRef, textRef, rendered } = usePageRender(pdf, pageNumber, zoom, true, renderQueueOf(runtime), rank, onSize);

  useEffect(() => {
    registerTextLayer(pageNumber, textRef.current);
    return () => registerTextLayer(pageNumber, null);
  }, [registerTextLayer, pageNumber, textRef]);

  // Shapes being dragged or resized are drawn (with their selection box) by the TransientLayer.
  const selected = useMemo(
    () => annotations.filter((a) => selectedIds.includes(a.id) && !movingIds?.includes(a.id)),
    [annotations, selectedIds, movingIds],
  );
  const hovered = hoverId ? annotations.find((a) => a.id === hoverId) : undefined;
  // The one being edited is hidden so the input takes its place; moving ones are in the TransientLayer.
  const shown = useMemo(
    () => (editing?.id || movingIds ? annotations.filter((a) => a.id !== editing?.id && !movingIds?.includes(a.id)) : annotations),
    [annotations, editing?.id, movingIds],
  );

  const toPointer = (event: ReactPointerEvent<SVGSVGElement>): RoutedPointer => {
    const rect = event.currentTarget.getBoundingClientRect();
    return {
      page: pageNumber,
      x: (event.clientX - rect.left) / zoom,
      y: (event.clientY - rect.top) / zoom,
      shiftKey: event.shiftKey,
      pointerId: event.pointerId,
      pointerType: event.pointerType,
      clientX: event.clientX,
      clientY: event.clientY,
    };
  };

  const width = size.width * zoom;
  const height = size.height * zoom;
  const viewBox = `0 0 ${size.width} ${size.height}`;
  return (
    <div
      className="mg-page"
      data-page-number={pageNumber}
      role="group"
      aria-label={format(runtime.messages.pageLabel, { page: pageNumber })}
      aria-describedby={descriptionId}
      // Keyboard users reach each page with Tab; it becomes the current page, where Enter places
      // the tool's shape and [ / ] walk through the annotations.
      tabIndex={0}
      onFocus={(event) => {
        if (event.target === event.currentTarget && event.currentTarget.matches(':focus-visible')) runtime.store.getState().actions.goToPage(pageNumber);
      }}
      style={{ top, width, height, ['--total-scale-factor' as string]: zoom }}
    >
      <canvas ref={canvasRef} className="mg-canvas" aria-hidden="true" />
      {!rendered && <div className="mg-spinner" aria-hidden="true" />}
      <div ref={textRef} className="textLayer" aria-hidden="true" />
      <svg
        className="mg-overlay"
        data-tool={tool}
        viewBox={viewBox}
        width={width}
        height={height}
        aria-hidden="true"
        style={{ cursor: toolIn(runtime.tools, tool).preset.cursor, touchAction: tool === 'select' ? 'pan-x pan-y' : 'none' }}
        onPointerDown={(event) => {
          if (event.button > 0) return;
          event.preventDefault();
          // Shortcuts listen on the editor's root: pressing on a page gives it the keyboard focus,
          // taking it from a toolbar button too, whose Enter would otherwise press the button
          // again instead of finishing the polygon being clicked out.
          const root = event.currentTarget.closest<HTMLElement>('.mg-editor');
          const active = document.activeElement;
          const onControl = active instanceof HTMLElement && active.closest('button, a[href], [role="button"], summary') !== null;
          if (root && (!root.contains(active) || onControl)) root.focus({ preventScroll: true });
          router.down(toPointer(event));
        }}
        onPointerMove={(event) => {
          const pointer = toPointer(event);
          router.move(pointer);
          // Where the pointer is, for presence: kept by the editor outside its store.
          runtime.pointer.move(pointer);
        }}
        onPointerUp={(event) => router.up(toPointer(event))}
        onPointerCancel={(event) => {
          router.leave(toPointer(event));
          runtime.pointer.move(null);
        }}
        onPointerLeave={(event) => {
          router.leave(toPointer(event));
          runtime.pointer.move(null);
        }}
        onDoubleClick={(event) => {
          const rect = event.currentTarget.getBoundingClientRect();
          runtime.machine().doubleClick?.({ page: pageNumber, x: (event.clientX - rect.left) / zoom, y: (event.clientY - rect.top) / zoom });
        }}
      >
        <FindHighlights pageNumber={pageNumber} />
        {shown.map((annotation) => (
          <AnnotationShape key={annotation.id} annotation={annotation} />
        ))}
        <PageDraft pageNumber={pageNumber} />
        <SelectionLayer selected={selected} hovered={tool === 'eraser' ? hovered : undefined} zoom={zoom} />
        <PeerLayer pageNumber={pageNumber} zoom={zoom} />
        <PageMarquee pageNumber={pageNumber} />
      </svg>
      <TransientLayer pageNumber={pageNumber} zoom={zoom} />
      <FormLayer pageNumber={pageNumber} zoom={zoom} />
      {editing && <TextEditor key={editing.id ?? 'new'} editing={editing} zoom={zoom} />}
    </div>
  );
});
