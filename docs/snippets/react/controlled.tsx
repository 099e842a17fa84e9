import { useState } from 'react';
import { PdfEditor } from '@marginalia/pdf-editor';
import type { Annotation } from '@marginalia/pdf-editor/core';

export function ControlledEditor({ file, initial }: { file: Uint8Array; initial: Annotation[] }) {
  const [annotations, setAnnotations] = useState(initial);
  return (
    <>
      <p>{annotations.length} annotation(s)</p>
      <PdfEditor
        file={file}
        annotations={annotations}
        // Called once per finished change (a whole drag, not every pointer move).
        onAnnotationsChange={setAnnotations}
      />
    </>
  );
}
