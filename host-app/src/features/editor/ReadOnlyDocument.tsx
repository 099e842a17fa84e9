// A PDF with its annotations, shown and never changed: the shared link's view and an opened revision.
// Built from the SDK's pieces rather than <PdfEditor>, so there is no tool, no page operation, no
// style panel and no editing shortcut at all: page thumbnails to navigate, the pages, zoom, and a
// download of the annotated PDF. With `live`, the annotations follow the server's shared document,
// so a share link shows the owner's changes as they are saved.
import type { Annotation } from '@marginalia/pdf-editor/core';
import { downloadFile, EditorProvider, PdfViewer, Thumbnails, usePdfEditor } from '@marginalia/pdf-editor';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { EXPORT_FONTS } from '../../lib/exportFonts';
import { useLiveAnnotations } from './liveAnnotations';
import { downloadName, DOWNLOAD_FAILED, DOWNLOADED } from './naming';

interface ReadOnlyDocumentProps {
  bytes: Uint8Array;
  fileName: string;
  annotations: Annotation[];
  /** Follow the document's shared annotations (/api/collab) with this credential. */
  live?: { documentId: string; credential: string };
  /** With `live`: the document's pages were changed and stored; load it again. */
  onPagesChanged?: () => void;
}

export function ReadOnlyDocument({ bytes, fileName, annotations, live, onPagesChanged }: ReadOnlyDocumentProps) {
  const editor = usePdfEditor({ file: bytes, fileName, defaultAnnotations: annotations, signatureStore: null, exportFonts: EXPORT_FONTS });
  const following = useLiveAnnotations(editor, live, onPagesChanged);
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      const output = await editor.exportPdf();
      downloadFile(output, downloadName(fileName, false));
      toast.success(DOWNLOADED);
    } catch (error) {
      console.error('Download failed', error);
      toast.error(DOWNLOAD_FAILED);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <EditorProvider editor={editor}>
      <div className="mg-editor read-only-document">
        <div className="read-only-toolbar">
          <button type="button" className="mg-button mg-primary" onClick={() => void download()} disabled={downloading}>
            {downloading ? 'Downloading...' : 'Download PDF'}
          </button>
          {following && (
            <span className="live-badge" role="status">
              Live: changes appear as they are saved
            </span>
          )}
        </div>
        <div className="mg-body">
          <div className="mg-sidebar">
            <Thumbnails pageTools={false} />
          </div>
          <div className="mg-main" role="region" aria-label="PDF pages">
            <PdfViewer />
          </div>
        </div>
      </div>
    </EditorProvider>
  );
}
