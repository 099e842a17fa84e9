// Baseline of the benchmark: pdf.js's own viewer component (PDFViewer from pdfjs-dist/web, the
// version the SDK ships) in a scrolling container, at the editor's initial zoom and with a text
// layer as the editor has; its annotation layer is off because the editor draws none. Records the
// moment page 1 is drawn as window.firstPaint and offers the bench the same handles as the editor
// page (benchWindow.ts).
import { getDocument, GlobalWorkerOptions, AnnotationMode } from 'pdfjs-dist';
import { EventBus, PDFLinkService, PDFViewer, RenderingStates } from 'pdfjs-dist/web/pdf_viewer.mjs';
import 'pdfjs-dist/web/pdf_viewer.css';
import type { BenchWindow } from './benchWindow';

GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).href;
const win = window as unknown as BenchWindow;
const container = document.getElementById('viewerContainer') as HTMLDivElement;
const eventBus = new EventBus();
const linkService = new PDFLinkService({ eventBus });
const viewer = new PDFViewer({ container, eventBus, linkService, annotationMode: AnnotationMode.DISABLE, textLayerMode: 1 });
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
