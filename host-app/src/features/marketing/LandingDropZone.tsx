// The landing page's one-PDF drop zone (10 MB). Guests go to the editor with the file handed off;
// signed-in users go to their documents with the file ready to upload.
import { useDropzone, type FileRejection } from 'react-dropzone';
import { useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';
import { useAuthStore } from '../../stores/authStore';
import { storeGuestFile } from '../guest/guestFiles';
import { LANDING_MAX_BYTES, landingRejectionMessage } from '../documents/uploadRules';
import { setPendingUpload } from '../documents/pendingUpload';

export function LandingDropZone() {
  const navigate = useNavigate();
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);

  const onDrop = async (accepted: File[], rejected: FileRejection[]) => {
    if (rejected.length > 0) {
      toast.error(landingRejectionMessage(rejected[0]?.errors[0]?.code));
      return;
    }
    const file = accepted[0];
    if (!file) return;
    if (isAuthenticated) {
      await setPendingUpload(file, sessionStorage);
      navigate('/documents');
      return;
    }
    const loading = toast.loading(`Loading "${file.name}"...`);
    try {
      await storeGuestFile(file, sessionStorage);
      toast.success('Opening editor...', { id: loading });
      navigate('/editor');
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Failed to process file', { id: loading });
    }
  };

  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    onDrop: (accepted, rejected) => void onDrop(accepted, rejected),
    accept: { 'application/pdf': ['.pdf'] },
    maxSize: LANDING_MAX_BYTES,
    maxFiles: 1,
    multiple: false,
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
