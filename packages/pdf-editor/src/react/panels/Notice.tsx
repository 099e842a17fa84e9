// The editor's own notice: what went wrong when the host has no handler for it (a failed download
// without onError, a gate prompt without onGatePrompt). An alert, so screen readers announce it,
// and dismissible; the next notice replaces it.
import { useEditorRuntime, useEditorState } from '../context';

/**
 * Shows the editor's notice (role `alert`) with a Dismiss button, or nothing. `<PdfEditor />`
 * includes it; custom layouts built with `usePdfEditor` place it where they want. A host that
 * passes `onError` and `onGatePrompt` shows its own messages and never fills it.
 */
export function Notice() {
  const { messages } = useEditorRuntime();
  const notice = useEditorState((state) => state.notice);
  const setNotice = useEditorState((state) => state.actions.setNotice);
  if (!notice) return null;
  return (
    <div className="mg-notice" role="alert">
      <p className="mg-notice-text">
        <strong>{notice.message}</strong>
        {notice.detail && notice.detail !== notice.message && <span className="mg-notice-detail">{notice.detail}</span>}
      </p>
      <button type="button" className="mg-button" onClick={() => setNotice(null)}>
        {messages.dismiss}
      </button>
    </div>
  );
}
