// The React binding of an editor: one createEditor object for the component's lifetime, given the
// latest props on every render and mounted while the component is. Everything the editor does
// (loading, storage, signatures, controlled mode, export) lives in that object, not here.
import { useEffect, useLayoutEffect, useState } from 'react';
import { createEditor } from '../editor/index';
import { startPdfWorker } from '../editor/internal';
import type { Editor, EditorOptions } from '../editor/index';
import type { HostKindWithView } from './kinds/types';

/**
 * Options of usePdfEditor (and props of <PdfEditor />): the options of `createEditor`, each of the
 * host's own `kinds` with its on-screen view.
 */
export type UsePdfEditorOptions = Omit<EditorOptions, 'kinds'> & {
  /** Annotation kinds of the host's own (see `EditorOptions.kinds`), each with the view that draws it on the page. */
  kinds?: readonly HostKindWithView[];
};

/**
 * Creates one editor for the component's lifetime; pass it to <EditorProvider> for a custom
 * layout built from the pieces (PdfViewer, Toolbar, Thumbnails, PropertiesPanel). The result is
 * the editor object of `createEditor`, so also the imperative API (undo, exportPdf, save...).
 *
 * @example
 * function Review({ file }: { file: File }) {
 *   const editor = usePdfEditor({ file });
 *   return (
 *     <EditorProvider editor={editor}>
 *       <Toolbar />
 *       <PdfViewer />
 *     </EditorProvider>
 *   );
 * }
 */
export function usePdfEditor(options: UsePdfEditorOptions = {}): Editor {
  const [editor] = useState(() => {
    // The file is opened once mounted, after the first paint; pdf.js and its worker, the longest
    // wait before the first page, start loading now, during the first render (not on the server).
    if (options.file && typeof window !== 'undefined') void startPdfWorker(options.workerSrc);
    return createEditor(options);
  });
  // Before paint, so a new `annotations` or `scale` never shows a frame of the old one.
  useLayoutEffect(() => editor.setOptions(options));
  useEffect(() => {
    // The document first: a file that starts loading on mount warms pdf.js up for the views.
    const detachDocument = editor.document.attach();
    const unmount = editor.mount();
    return () => {
      unmount();
      detachDocument();
    };
  }, [editor]);
  return editor;
}
