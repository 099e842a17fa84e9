// A host app as a third party would write it: open a PDF (file picker or ?file=URL), edit it
// with <PdfEditor />, keep annotations in its own state, and export through the editor's ref. A
// file picked here opens with the annotations it holds made editable (the core's
// importAnnotations, loaded when a file is picked: the engine stays out of the first paint).
import { useRef, useState } from 'react';
import { PdfEditor, memoryStorage } from '@marginalia/pdf-editor';
import type { Annotation, GateDecision, PdfEditorHandle } from '@marginalia/pdf-editor';
import { checkmarkKind, checkmarkTool } from './checkmark';
import { redactionTool } from './redactionTool';

const storage = memoryStorage();
/** This host's own kind and tools, added to the editor's. */
const kinds = [checkmarkKind];
const tools = [redactionTool, checkmarkTool];
const initialFile = new URLSearchParams(window.location.search).get('file');

declare global {
  interface Window {
    /** The editor's ref, for scripted tests of this example. */
    marginalia?: PdfEditorHandle | null;
  }
}

export function App() {
  const [file, setFile] = useState<string | File | null>(initialFile);
  const [annotations, setAnnotations] = useState<Annotation[]>([]);
  const [prompt, setPrompt] = useState<string | null>(null);
  const editor = useRef<PdfEditorHandle | null>(null);

  const openPicked = async (picked: File | undefined) => {
    if (!picked) return;
    const { importAnnotations } = await import('@marginalia/pdf-editor/core');
    const held = await importAnnotations(new Uint8Array(await picked.arrayBuffer())).catch((error: unknown) => {
      console.warn('The annotations of this PDF could not be read', error);
      return [];
    });
    setAnnotations(held);
    setFile(picked);
  };

  return (
    <div className="app">
      <header>
        <strong>Marginalia example</strong>
        <label>
          Open PDF <input type="file" accept="application/pdf" onChange={(event) => void openPicked(event.target.files?.[0])} />
        </label>
        <span data-testid="annotation-count">{annotations.length} annotations</span>
        {prompt && <span role="status">{prompt}</span>}
      </header>
      <div className="editor">
        <PdfEditor
          ref={(handle) => {
            editor.current = handle;
            window.marginalia = handle;
          }}
          file={file}
          fileName={typeof file === 'string' ? file.split('/').pop() : file?.name}
          annotations={annotations}
          onAnnotationsChange={setAnnotations}
          kinds={kinds}
          tools={tools}
          storage={storage}
          documentId="example"
          onError={(error) => console.error(error)}
          onGatePrompt={(decision: Exclude<GateDecision, 'allow'>) => setPrompt(decision.message)}
          toolbarEnd={
            <button type="button" className="mg-button" onClick={() => editor.current?.goToPage(1)}>
              First page
            </button>
          }
          style={{ ['--mg-accent' as string]: '#7c3aed' }}
        />
      </div>
    </div>
  );
}
