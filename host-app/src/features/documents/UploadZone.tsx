// Documents-page uploader: validates type and size, shows real upload progress, then opens the new
// document in the editor (spec sections 4 and 5). A free user past the day's uploads can still open a
// PDF in the editor, kept in the browser without cloud save.
import { useState } from 'react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import { useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';
import type { UploadProgress } from '../../api/client';
import { documentsApi } from '../../api/documents';
import { ApiError } from '../../api/errors';
import { formatSize } from '../../lib/format';
import { useAuthStore } from '../../stores/authStore';
import { browserStores, handOffGuestFile } from '../guest/recovery';
import { DOCUMENT_ACCEPT, DOCUMENTS_MAX_BYTES, UPLOAD_MESSAGES, documentsRejectionMessage, isPdf, isUploadBlocked } from './uploadRules';

export const REDIRECT_AFTER_UPLOAD_MS = 1000;

interface UploadZoneProps {
  pendingFile: File | null;
  onUploaded(documentId: string): void;
}

export function UploadZone({ pendingFile, onUploaded }: UploadZoneProps) {
  const user = useAuthStore((state) => state.user);
  const navigate = useNavigate();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [uploading, setUploading] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [queued, setQueued] = useState<File | null>(pendingFile);
  const blocked = isUploadBlocked(user);

  const upload = async (file: File) => {
    setError(null);
    setQueued(null);
    setUploading(file.name);
    setProgress({ loaded: 0, total: file.size, percentage: 0 });
    try {
      const { document } = await documentsApi.upload(file, setProgress);
      onUploaded(document.id);
      toast.success(`Uploaded ${file.name}`);
      window.setTimeout(() => navigate(`/editor/${document.id}`), REDIRECT_AFTER_UPLOAD_MS);
    } catch (failure) {
      const message = failure instanceof ApiError && failure.status > 0 ? failure.message : UPLOAD_MESSAGES.failed;
      setError(message);
      setUploading(null);
      setProgress(null);
    }
  };

  /** Past the daily limit: the PDF opens in the editor from the browser, without being uploaded. */
  const openLocally = async (file: File) => {
    setQueued(null);
    if (!isPdf(file)) {
      setError(UPLOAD_MESSAGES.localPdfOnly);
      return;
    }
    try {
      await handOffGuestFile(file, browserStores());
      navigate('/editor');
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : UPLOAD_MESSAGES.failed);
    }
  };

  const onDrop = (accepted: File[], rejected: FileRejection[]) => {
    const first = accepted[0];
    if (first) {
      void (blocked ? openLocally(first) : upload(first));
      return;
    }
    const message = documentsRejectionMessage(rejected[0]?.errors[0]?.code);
    setError(message);
    toast.error(message);
  };

  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    onDrop,
    accept: DOCUMENT_ACCEPT,
    maxSize: DOCUMENTS_MAX_BYTES,
    disabled: uploading !== null,
  });

  return (
    <div className="stack upload-panel">
      {blocked && (
        <p className="alert" role="alert">
          {UPLOAD_MESSAGES.dailyLimit} {UPLOAD_MESSAGES.openLocally}
        </p>
      )}
      {queued && (
        <div className="card row" style={{ justifyContent: 'space-between' }}>
          <span>
            Ready to upload: <strong>{queued.name}</strong> ({formatSize(queued.size)})
          </span>
          <div className="row">
            <button type="button" className="btn btn-primary" onClick={() => void (blocked ? openLocally(queued) : upload(queued))}>
              {blocked ? 'Open in editor' : 'Upload'}
            </button>
            <button type="button" className="btn" onClick={() => setQueued(null)}>
              Cancel
            </button>
          </div>
        </div>
      )}
      <div
        {...getRootProps({
          className: `dropzone${isDragActive ? ' is-active' : ''}`,
        })}
        aria-label={blocked ? 'Open a PDF in the editor' : 'Upload a document'}
      >
        <input {...getInputProps({ 'aria-label': 'Document file' })} data-testid="upload-file-input" />
        <p className="drop-title">{isDragActive ? 'Drop the file here' : 'Drag & drop a file here, or click to browse'}</p>
        <p className="muted">{blocked ? 'PDF, edited in your browser without cloud save.' : 'PDF, JPG, PNG, DOC or DOCX, up to 100 MB.'}</p>
      </div>
      {uploading && progress && (
        <div className="stack" aria-live="polite">
          <span>
            Uploading {uploading}... {progress.percentage}%
          </span>
          <div
            className="progress"
            role="progressbar"
            aria-label={`Uploading ${uploading}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress.percentage}
          >
            <span style={{ width: `${progress.percentage}%` }} />
          </div>
        </div>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
