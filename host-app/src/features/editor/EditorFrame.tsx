// Page frame around the SDK editor: back button, title, optional banner, and the empty/loading states.
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Spinner } from '../../components/Spinner';
import './editor.css';

export function EditorFrame({ title, banner, children }: { title: string; banner?: ReactNode; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <div className="editor-page">
      <div className="editor-header">
        <button type="button" className="btn btn-sm" onClick={() => navigate(-1)} aria-label="Back">
          ← Back
        </button>
        <h1 className="editor-title" title={title}>
          {title}
        </h1>
      </div>
      {banner}
      <div className="editor-frame">{children}</div>
    </div>
  );
}

export function NoDocument() {
  return (
    <div className="page container center-state">
      <h1>No Document Loaded</h1>
      <p className="muted">Upload a PDF from the homepage to start editing</p>
      <Link to="/" className="btn btn-primary">
        Go to Homepage
      </Link>
    </div>
  );
}

export function LoadingDocument() {
  return <Spinner label="Loading document..." />;
}
