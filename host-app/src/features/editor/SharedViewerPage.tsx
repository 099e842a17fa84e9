// /shared/:token — a read-only view of a shared document for anyone holding the link. The editor is
// shown without its toolbar, and any change (a drag with the select tool) is put back at once.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { parseAnnotations, type Annotation } from '@marginalia/pdf-editor/core';
import { PdfEditor } from '@marginalia/pdf-editor';
import '@marginalia/pdf-editor/styles.css';
import { documentsApi } from '../../api/documents';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { fileToBytes } from '../guest/dataUrl';
import { EditorFrame, LoadingDocument } from './EditorFrame';
import './pdfjsWorker';
import '../guest/guest.css';

async function loadShared(token: string) {
  const shared = await documentsApi.shared(token);
  const bytes = await fileToBytes(await documentsApi.sharedFile(shared.fileUrl));
  return { name: shared.document.name, bytes, annotations: parseAnnotations(shared.annotations) };
}

function ReadOnlyEditor({ bytes, name, annotations }: { bytes: Uint8Array; name: string; annotations: Annotation[] }) {
  const [shown, setShown] = useState(annotations);
  return (
    <PdfEditor
      file={bytes}
      fileName={name}
      annotations={shown}
      onAnnotationsChange={() => setShown([...annotations])}
      toolbar={false}
      propertiesPanel={false}
      signatureStore={null}
    />
  );
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
            <strong>Read-only</strong> — shared with you. Changes are not possible.
          </span>
        </div>
      }
    >
      <ReadOnlyEditor bytes={shared.data.bytes} name={shared.data.name} annotations={shared.data.annotations} />
    </EditorFrame>
  );
}
