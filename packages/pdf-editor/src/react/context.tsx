// React side of an editor: a context carrying the editor object (createEditor), and selector hooks
// over its stores (zustand's useStore, i.e. useSyncExternalStore). Each editor is its own object,
// so two editors on one page never share state.
import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import { useStore } from 'zustand';
import type { DocumentView, Editor, EditorState, FindState, FormState, OcrState, SummaryState } from '../editor/index';

const EditorContext = createContext<Editor | null>(null);

/** Makes an editor (from usePdfEditor, or createEditor and mounted by the host) available to the pieces inside it. */
export function EditorProvider({ editor, children }: { editor: Editor; children: ReactNode }) {
  return <EditorContext.Provider value={editor}>{children}</EditorContext.Provider>;
}

/** The editor instance of the nearest <PdfEditor> or <EditorProvider>. */
export function useEditorRuntime(): Editor {
  const runtime = useContext(EditorContext);
  if (!runtime) throw new Error('Marginalia components must be inside <PdfEditor> or <EditorProvider>.');
  return runtime;
}

/**
 * Subscribes to a slice of the editor's state; re-renders only when the slice changes (compared
 * with `Object.is`, so select values or stable objects, not new ones).
 *
 * @example
 * const canUndo = useEditorState((state) => state.canUndo);
 */
export function useEditorState<T>(selector: (state: EditorState) => T): T {
  return useStore(useEditorRuntime().store, selector);
}

/** Subscribes to a slice of the loaded PDF's view state (status, page sizes, pdf.js document). */
export function useDocumentView<T>(selector: (view: DocumentView) => T): T {
  return useStore(useEditorRuntime().document, selector);
}

/** Subscribes to a slice of the editor's find (`editor.find`): the query, its matches, the current one. */
export function useFind<T>(selector: (state: FindState) => T): T {
  return useStore(useEditorRuntime().find, selector);
}

/** Subscribes to a slice of the editor's text recognition (`editor.ocr`): its status and progress. */
export function useOcr<T>(selector: (state: OcrState) => T): T {
  return useStore(useEditorRuntime().ocr, selector);
}

/** Subscribes to a slice of the document's summary (`editor.summary`): open, status, sentences. */
export function useSummary<T>(selector: (state: SummaryState) => T): T {
  return useStore(useEditorRuntime().summary, selector);
}

/** Subscribes to a slice of the document's form (`editor.forms`): its status and fields. */
export function useForm<T>(selector: (state: FormState) => T): T {
  return useStore(useEditorRuntime().forms, selector);
}
