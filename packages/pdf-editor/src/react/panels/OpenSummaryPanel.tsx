// The summary side panel (the toolbar's Summary button, or `editor.summary.open()`): the
// document's key sentences, each a button with its page that goes there, progress while the pages
// are read (announced), a retry after a failure, Escape to close. It drives `editor.summary`.
import { useEffect, useRef } from 'react';
import { format } from '../../editor/internal';
import { useEditorRuntime, useSummary } from '../context';

/** The summary panel itself, loaded when the summary first opens (see SummaryPanel.tsx). */
export default function OpenSummaryPanel() {
  const { summary, messages } = useEditorRuntime();
  const open = useSummary((state) => state.open);
  const status = useSummary((state) => state.status);
  const read = useSummary((state) => state.read);
  const pageCount = useSummary((state) => state.pageCount);
  const sentences = useSummary((state) => state.sentences);
  const source = useSummary((state) => state.source);
  const panel = useRef<HTMLElement>(null);

  // Opened, the panel takes the keyboard, so its sentences are next under Tab.
  useEffect(() => {
    if (open) panel.current?.focus({ preventScroll: true });
  }, [open]);

  if (!open) return null;
  const close = () => {
    panel.current?.closest<HTMLElement>('.mg-editor')?.focus({ preventScroll: true });
    summary.close();
  };
  const progress =
    status === 'reading' ? format(messages.summaryReading, { read, pages: pageCount }) : status === 'summarizing' ? messages.summarizing : '';

  return (
    <section
      ref={panel}
      className="mg-summary"
      aria-label={messages.summary}
      aria-busy={status === 'reading' || status === 'summarizing'}
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        event.stopPropagation();
        close();
      }}
    >
      <header className="mg-summary-header">
        <h2>{messages.summary}</h2>
        <button type="button" className="mg-icon-button" aria-label={messages.closeSummary} title={messages.closeSummary} onClick={close}>
          ✕
        </button>
      </header>
      <p className="mg-summary-status" role="status" aria-live="polite">
        {progress}
        {status === 'done' && sentences.length === 0 && messages.summaryEmpty}
      </p>
      {status === 'reading' && <progress className="mg-summary-progress" max={pageCount} value={read} aria-hidden="true" />}
      {status === 'error' && (
        <div role="alert" className="mg-summary-error">
          {messages.summaryFailed}{' '}
          <button type="button" className="mg-button" onClick={() => void summary.summarize().catch(() => undefined)}>
            {messages.summaryRetry}
          </button>
        </div>
      )}
      {status === 'done' && sentences.length > 0 && (
        <>
          <p className="mg-summary-source">{source === 'provider' ? messages.summaryProvided : messages.summaryOffline}</p>
          <ol className="mg-summary-list">
            {sentences.map((sentence, index) => (
              <li key={index}>
                <button
                  type="button"
                  className="mg-summary-sentence"
                  aria-label={format(messages.summaryGoTo, { page: sentence.page, text: sentence.text })}
                  onClick={() => summary.goTo(sentence)}
                >
                  <span className="mg-summary-text">{sentence.text}</span>
                  <span className="mg-summary-page" aria-hidden="true">
                    {format(messages.pageLabel, { page: sentence.page })}
                  </span>
                </button>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
