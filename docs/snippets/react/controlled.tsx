import { useState } from 'react';
import { PdfEditor } from '@marginalia/pdf-editor';
import { parseAnnotations, type Annotation } from '@marginalia/pdf-editor/core';

export function ControlledEditor({ file, initial }: { file: Uint8Array; initial: Annotation[] }) {
  const [annotations, setAnnotations] = useState(initial);
  const reload = async () => {
    // A list from elsewhere replaces the editor's; with recordExternalChanges={false} Undo cannot
    // take it back (the default makes it one undoable step).
    const response = await fetch('/api/annotations');
    setAnnotations(parseAnnotations(await response.text()));
  };
  return (
    <>
      <p>{annotations.length} annotation(s)</p>
      <button type="button" onClick={reload}>
        Reload
      </button>
      <PdfEditor
        file={file}
        annotations={annotations}
        recordExternalChanges={false}
        // Called once per finished change (a whole drag, not every pointer move). Copying the
        // list is fine: a list equal in content to the editor's is no change.
        onAnnotationsChange={(next) => setAnnotations([...next])}
      />
    </>
  );
}
