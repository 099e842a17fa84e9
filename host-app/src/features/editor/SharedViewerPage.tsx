// /shared/:token — a read-only view of a shared document for anyone holding the link: its pages and
// annotations, navigation, zoom and a download of the annotated PDF; nothing that edits.
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { parseAnnotations } from '@marginalia/pdf-editor/core';
import '@marginalia/pdf-editor/styles.css';
import { documentsApi } from '../../api/documents';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { fileToBytes } from '../guest/dataUrl';
import { EditorFrame, LoadingDocument } from './EditorFrame';
import { ReadOnlyDocument } from './ReadOnlyDocument';
import './pdfjsWorker';
import '../guest/guest.css';

async function loadShared(token: string) {
  const shared = await documentsApi.shared(token);
  const bytes = await fileToBytes(await documentsApi.sharedFile(shared.fileUrl));
  return { id: shared.document.id, name: shared.document.name, bytes, annotations: parseAnnotations(shared.annotations) };
}

export function SharedViewerPage() {
  const { token = '' } = useParams();
  const shared = useQuery({ queryKey: ['shared', token], queryFn: () => loadShared(token), retry: false, staleTime: Infinity });
  useDocumentTitle(shared.data ? shared.data.name : 'Shared document');

  if (shared.isPending) return <LoadingDocument />;
  if (shared.isError) {
    return (
      <div className="page container center-state">
        <h1>Link unavailable</h1>
        <p className="muted">This share link is invalid, has expired, or was revoked.</p>
      </div>
    );
  }
  return (
    <EditorFrame
      title={shared.data.name}
      banner={
        <div className="guest-banner" role="note">
          <span>
            <strong>Read-only</strong> — shared with you. You can view and download it, not change it.
          </span>
        </div>
      }
    >
      <ReadOnlyDocument
        key={shared.dataUpdatedAt}
        bytes={shared.data.bytes}
        fileName={shared.data.name}
        annotations={shared.data.annotations}
        live={{ documentId: shared.data.id, credential: `share:${token}` }}
        onPagesChanged={() => void shared.refetch()}
      />
    </EditorFrame>
  );
}
