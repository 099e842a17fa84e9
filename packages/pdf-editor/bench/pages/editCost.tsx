// The editor under the edit-cost benchmark: ?file= to open, ?annotations=N small rectangles spread
// evenly over the first ?pages=P pages (the first on page 1 at 20,20; page 1 keeps
// its lower part free for drawing). Records the moment page 1's canvas is painted as window.firstPaint.
import { createRoot } from 'react-dom/client';
import { normalizeAnnotation } from '../../src/core/model/defaults';
import type { Annotation } from '../../src/core/model/types';
import { PdfEditor } from '../../src/react/index';
import type { PdfEditorHandle } from '../../src/react/index';
import '../../src/react/styles.css';

const params = new URLSearchParams(location.search);
const count = Number(params.get('annotations') ?? 0);
const pages = Math.max(1, Number(params.get('pages') ?? 1));
const perPage = Math.ceil(count / pages);
const annotations = Array.from({ length: count }, (_, i) => {
  const slot = Math.floor(i / pages);
  return normalizeAnnotation({
    type: 'rectangle',
    page: 1 + (i % pages),
    position: { x: 20 + (slot % 45) * 12, y: 20 + Math.floor(slot / 45) * 10 },
    width: 9,
    height: 8,
  });
}) as Annotation[];
if (perPage > 45 * 28) throw new Error('Too many annotations per page for the upper half of a page');

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
