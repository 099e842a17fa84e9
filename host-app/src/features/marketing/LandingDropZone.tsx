// The landing page's one-PDF drop zone (10 MB). Several files dropped at once: the first PDF is
// taken. Guests go to the editor with the file handed off (one toast follows the file until the
// editor has opened it); signed-in users go to their documents with the file ready to upload.
import { useDropzone, type FileRejection } from 'react-dropzone';
import { useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';
import { useAuthStore } from '../../stores/authStore';
import { browserStores, handOffGuestFile } from '../guest/recovery';
import { LANDING_MAX_BYTES, landingRejectionMessage } from '../documents/uploadRules';
import { setPendingUpload } from '../documents/pendingUpload';
import { FILE_OPEN_TOAST } from '../editor/naming';

export function LandingDropZone() {
  const navigate = useNavigate();
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);

  const onDrop = async (accepted: File[], rejected: FileRejection[]) => {
    const file = accepted[0];
    if (!file) {
      toast.error(landingRejectionMessage(rejected[0]?.errors[0]?.code));
      return;
    }
    if (isAuthenticated) {
      await setPendingUpload(file, sessionStorage);
      navigate('/documents');
      return;
    }
    toast.loading(`Loading "${file.name}"...`, { id: FILE_OPEN_TOAST });
    try {
      await handOffGuestFile(file, browserStores());
      navigate('/editor');
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Failed to process file', { id: FILE_OPEN_TOAST });
    }
  };

  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    onDrop: (accepted, rejected) => void onDrop(accepted, rejected),
    accept: { 'application/pdf': ['.pdf'] },
    maxSize: LANDING_MAX_BYTES,
    multiple: true,
  });

  return (
    <div
      {...getRootProps({ className: `dropzone landing-drop${isDragActive ? ' is-active' : ''}` })}
      aria-label="Choose a PDF to edit"
    >
      <input {...getInputProps({ 'aria-label': 'PDF file' })} data-testid="landing-file-input" />
      <svg width="48" height="48" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="var(--color-primary)" strokeWidth="1.6">
        <path d="M12 16V4m0 0l-4 4m4-4l4 4" strokeLinecap="round" strokeLinejoin="round" />
        <path d="M4 16v3a1 1 0 001 1h14a1 1 0 001-1v-3" strokeLinecap="round" />
      </svg>
      <p className="drop-title">{isDragActive ? 'Drop your PDF here' : 'Drag & drop a PDF here, or click to choose'}</p>
      <p className="muted">One PDF, up to 10 MB. Files auto-delete after 2 hours.</p>
    </div>
  );
}
