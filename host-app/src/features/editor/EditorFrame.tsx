// Page frame around the SDK editor: back button, title, optional banner, and the empty/loading states.
// On a phone (editor.css) the header gives way to CompactHeading inside the editor's one top bar.
import { useRef, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Spinner } from '../../components/Spinner';
import { useToastAreaOf } from '../../components/toastArea';
import './editor.css';

/** Whether the app has a page of its own to go back to (a link opened in a new tab has none). */
function canGoBack(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return typeof state?.idx === 'number' && state.idx > 0;
}

function useBack(): () => void {
  const navigate = useNavigate();
  return () => {
    if (canGoBack()) navigate(-1);
    else navigate('/');
  };
}

/** Back and the file name for the editor's toolbar start; shown only on a phone, where the header is hidden. */
export function CompactHeading({ title }: { title: string }) {
  const back = useBack();
  return (
    <span className="editor-compact-heading">
      <button type="button" className="mg-icon-button" onClick={back} aria-label="Back">
        ←
      </button>
      <span className="editor-title" title={title}>
        {title}
      </span>
    </span>
  );
}

export function EditorFrame({ title, banner, children }: { title: string; banner?: ReactNode; children: ReactNode }) {
  const frame = useRef<HTMLDivElement>(null);
  useToastAreaOf(frame);
  const back = useBack();
  return (
    <div className="editor-page">
      <div className="editor-header">
        <button type="button" className="btn btn-sm" onClick={back} aria-label="Back">
          ← Back
        </button>
        <h1 className="editor-title" title={title}>
          {title}
        </h1>
      </div>
      {banner}
      <div className="editor-frame" ref={frame}>
        {children}
      </div>
    </div>
  );
}

export function LoadingDocument() {
  return <Spinner label="Loading document..." />;
}
