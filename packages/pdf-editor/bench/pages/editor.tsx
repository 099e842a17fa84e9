// The editor under benchmark: ?file= to open, ?annotations=N rectangles on page 1. Records the
// moment page 1's canvas is painted as window.firstPaint.
import { createRoot } from 'react-dom/client';
import { normalizeAnnotation } from '../../src/core/model/defaults';
import type { Annotation } from '../../src/core/model/types';
import { PdfEditor } from '../../src/react/index';
import type { PdfEditorHandle } from '../../src/react/index';
import '../../src/react/styles.css';

const params = new URLSearchParams(location.search);
const count = Number(params.get('annotations') ?? 0);
const annotations = Array.from({ length: count }, (_, i) =>
  normalizeAnnotation({ type: 'rectangle', page: 1, position: { x: 20 + (i % 50) * 11, y: 20 + Math.floor(i / 50) * 18 }, width: 9, height: 14 }),
) as Annotation[];

const win = window as unknown as { firstPaint?: number; editor?: PdfEditorHandle | null };
new MutationObserver((_, observer) => {
  const page = document.querySelector('.mg-page[data-page-number="1"]');
  if (page && !page.querySelector('.mg-spinner')) {
    win.firstPaint = performance.now();
    observer.disconnect();
  }
}).observe(document, { subtree: true, childList: true });

createRoot(document.getElementById('root') as HTMLElement).render(
  <div style={{ height: '100%' }}>
    <PdfEditor ref={(handle) => void (win.editor = handle)} file={params.get('file')} defaultAnnotations={annotations} />
  </div>,
);
