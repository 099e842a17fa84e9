// "Recognise text" in the sidebar: runs the editor's text recognition (`editor.ocr`) on the pages
// the user names (a range), or on every page without text when none is named, shows its progress
// with a Cancel button, and is shown only when the host gave the `ocr` option (a browser needs the
// recogniser's files served).
import { useState } from 'react';
import { useEditorRuntime, useEditorState, useOcr } from '../context';
import { format, parseRange } from '../../editor/internal';

export function OcrTools() {
  const runtime = useEditorRuntime();
  const { messages } = runtime;
  const status = useOcr((state) => state.status);
  const done = useOcr((state) => state.done);
  const total = useOcr((state) => state.total);
  const count = useEditorState((state) => state.pageCount);
  const [range, setRange] = useState('');
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
  const chosen = range.trim() ? parseRange(range, count) : undefined;
  return (
    <form
      className="mg-row"
      onSubmit={(event) => {
        event.preventDefault();
        if (chosen === null) return;
        const pages = chosen && Array.from({ length: chosen.to - chosen.from + 1 }, (_, at) => chosen.from + at);
        void runtime.ocr.run(pages ? { pages } : {});
      }}
    >
      <input className="mg-input" aria-label={messages.recognizeRange} placeholder="1-2" value={range} onChange={(event) => setRange(event.target.value)} size={6} />
      <button type="submit" className="mg-button" disabled={chosen === null}>
        {messages.recognizeText}
      </button>
    </form>
  );
}
