// "Recognise text" in the sidebar: runs the editor's text recognition (`editor.ocr`) on the pages
// without text, shows its progress with a Cancel button, and is shown only when the host gave the
// `ocr` option (a browser needs the recogniser's files served).
import { useEditorRuntime, useOcr } from '../context';
import { format } from '../../editor/internal';

export function OcrTools() {
  const runtime = useEditorRuntime();
  const { messages } = runtime;
  const status = useOcr((state) => state.status);
  const done = useOcr((state) => state.done);
  const total = useOcr((state) => state.total);
  if (!runtime.options.ocr) return null;
  if (status === 'running') {
    // Until the recogniser has started, the number of pages is not known yet.
    const label = total === 0 ? messages.startingRecognition : format(messages.recognizingText, { done, total });
    return (
      <div className="mg-row" role="status">
        <progress className="mg-progress" aria-label={label} max={total || 1} value={done} />
        <span>{label}</span>
        <button type="button" className="mg-button" onClick={() => runtime.ocr.cancel()}>
          {messages.cancel}
        </button>
      </div>
    );
  }
  return (
    <button type="button" className="mg-button" onClick={() => void runtime.ocr.run()}>
      {messages.recognizeText}
    </button>
  );
}
