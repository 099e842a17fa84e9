// Baseline of the benchmark: pdf.js's own viewer component (PDFViewer from pdfjs-dist/web, the
// version the SDK ships) in a scrolling container, at the editor's initial zoom and with a text
// layer as the editor has; its annotation layer is off because the editor draws none. Records the
// moment page 1 is drawn as window.firstPaint and offers the bench the same handles as the editor
// page (benchWindow.ts).
import { getDocument, GlobalWorkerOptions, AnnotationMode } from 'pdfjs-dist';
import { EventBus, PDFFindController, PDFLinkService, PDFViewer, RenderingStates } from 'pdfjs-dist/web/pdf_viewer.mjs';
import 'pdfjs-dist/web/pdf_viewer.css';
import type { BenchWindow, FindTiming } from './benchWindow';

GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).href;
const win = window as unknown as BenchWindow;
const container = document.getElementById('viewerContainer') as HTMLDivElement;
const eventBus = new EventBus();
const linkService = new PDFLinkService({ eventBus });
const findController = new PDFFindController({ eventBus, linkService });
const viewer = new PDFViewer({ container, eventBus, linkService, findController, annotationMode: AnnotationMode.DISABLE, textLayerMode: 1 });
linkService.setViewer(viewer);
eventBus.on('pagesinit', () => {
  viewer.currentScale = 1.5;
});
eventBus.on('pagerendered', ({ pageNumber }: { pageNumber: number }) => {
  if (pageNumber === 1) win.firstPaint ??= performance.now();
});
win.scroller = container;
win.jumpTo = (page) => {
  viewer.currentPageNumber = page;
};
win.isDrawn = (page) => {
  const view = viewer.getPageView(page - 1) as { renderingState?: number } | undefined;
  return view?.renderingState === RenderingStates.FINISHED;
};
const file = new URLSearchParams(location.search).get('file') ?? '';
const bytes = new Uint8Array(await (await fetch(file)).arrayBuffer());
const pdf = await getDocument({ data: bytes }).promise;
viewer.setDocument(pdf);
linkService.setDocument(pdf);
findController.setDocument(pdf);

// pdf.js's own find bar dispatches this event; the first match is shown at the first FOUND state,
// and the count is complete once every page's text is extracted and matched.
const FOUND = 0;
win.find = (query) =>
  new Promise<FindTiming>((resolve) => {
    const start = performance.now();
    let firstMatch = 0;
    eventBus.on('updatefindcontrolstate', ({ state }: { state: number }) => {
      if (state === FOUND && firstMatch === 0) firstMatch = performance.now();
    });
    eventBus.dispatch('find', { source: null, type: '', query, caseSensitive: false, entireWord: false, highlightAll: true, findPrevious: false, matchDiacritics: false });
    const internals = findController as unknown as { _extractTextPromises: Promise<void>[]; pageMatches: (number[] | undefined)[] };
    const whenCounted = async () => {
      await Promise.all(internals._extractTextPromises);
      // Each page's matches are computed in a callback queued on its text: let those run.
      while (internals.pageMatches.filter(Boolean).length < pdf.numPages) await new Promise((next) => setTimeout(next, 0));
      const count = internals.pageMatches.reduce((sum, matches) => sum + (matches?.length ?? 0), 0);
      resolve({ start, firstMatch, end: performance.now(), count });
    };
    setTimeout(() => void whenCounted(), 0);
  });
