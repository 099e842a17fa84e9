// /editor without a document: the spec's "No Document Loaded" texts, and the way in right there, so
// the first click a newcomer makes ("Start Editing Free", the dashboard's "New Document") reaches an
// editor. Guests drop or pick a PDF as on the landing page (it opens here); signed-in users upload to
// their documents, and the new document opens in the editor.
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useAuthStore } from '../../stores/authStore';
import { UploadZone } from '../documents/UploadZone';
import { LandingDropZone } from '../marketing/LandingDropZone';

export function NoDocument() {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const queryClient = useQueryClient();
  const onUploaded = () => {
    void queryClient.invalidateQueries({ queryKey: ['documents'] });
    void queryClient.invalidateQueries({ queryKey: ['me'] });
  };
  return (
    <div className="page container center-state no-document">
      <h1>No Document Loaded</h1>
      <p className="muted">Upload a PDF from the homepage to start editing</p>
      <div className="no-document-upload">{isAuthenticated ? <UploadZone pendingFile={null} onUploaded={onUploaded} /> : <LandingDropZone />}</div>
      <Link to="/" className="btn">
        Go to Homepage
      </Link>
    </div>
  );
}
