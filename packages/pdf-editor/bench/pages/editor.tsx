// The editor under benchmark: ?file= to open, ?annotations=N rectangles on page 1. Records the
// moment page 1's canvas is painted as window.firstPaint and offers the bench the same handles as
// the bare pdf.js page (benchWindow.ts).
import { createRoot } from 'react-dom/client';
import { normalizeAnnotation } from '../../src/core/model/defaults';
import type { Annotation } from '../../src/core/model/types';
import { PdfEditor, useEditorRuntime } from '../../src/react/index';
import type { PdfEditorHandle } from '../../src/react/index';
import '../../src/react/styles.css';
import type { BenchWindow } from './benchWindow';

const params = new URLSearchParams(location.search);
const count = Number(params.get('annotations') ?? 0);
const annotations = Array.from({ length: count }, (_, i) =>
  normalizeAnnotation({ type: 'rectangle', page: 1, position: { x: 20 + (i % 50) * 11, y: 20 + Math.floor(i / 50) * 18 }, width: 9, height: 14 }),
) as Annotation[];

const win = window as unknown as BenchWindow & { editor?: PdfEditorHandle | null };
const drawn = (page: number) => {
  const element = document.querySelector(`.mg-page[data-page-number="${page}"]`);
  return element !== null && !element.querySelector('.mg-spinner');
};
win.isDrawn = drawn;
win.jumpTo = (page) => win.editor?.goToPage(page);
new MutationObserver((_, observer) => {
  if (drawn(1)) {
    win.firstPaint = performance.now();
    win.scroller = document.querySelector('.mg-scroll') as HTMLElement;
    observer.disconnect();
  }
}).observe(document, { subtree: true, childList: true });

/** Gives the bench the editor's find, as the find bar uses it. */
function ExposeFind() {
  const editor = useEditorRuntime();
  win.find = async (query) => {
    const start = performance.now();
    let firstMatch = 0;
    const stop = editor.find.subscribe(({ current }) => {
      if (current >= 0 && firstMatch === 0) firstMatch = performance.now();
    });
    const matches = await editor.find.search(query);
    stop();
    return { start, firstMatch, end: performance.now(), count: matches.length };
  };
  return null;
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <div style={{ height: '100%' }}>
    <PdfEditor ref={(handle) => void (win.editor = handle)} file={params.get('file')} defaultAnnotations={annotations} toolbarStart={<ExposeFind />} />
  </div>,
);
