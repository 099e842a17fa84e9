import { PdfEditor } from '@marginalia/pdf-editor';

// Only for hosts that serve the two workers themselves (copied from the package's dist/ into the
// folder the server serves). Everyone else leaves both options out.
export function SelfServedWorkers({ file }: { file: string }) {
  return (
    <PdfEditor
      file={file}
      workerSrc="/static/pdf.worker.min.mjs"
      exportWorker={() => new Worker('/static/exportWorker.js', { type: 'module' })}
    />
  );
}
