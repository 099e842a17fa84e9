// Where a tool takes its PDFs (drop or pick, or from My Documents when signed in), under the spec's
// per-file size rules; every refused file gets the spec's message once.
import { useDropzone, type FileRejection } from 'react-dropzone';
import toast from 'react-hot-toast';
import { UPLOAD_MESSAGES } from '../documents/uploadRules';
import { useAuthStore } from '../../stores/authStore';
import { MyDocumentsPicker } from './MyDocumentsPicker';
import { maxFileBytes, tooLargeMessage } from './toolFiles';
import type { ChosenFile } from './useToolFiles';

interface ToolDropZoneProps {
  multiple: boolean;
  /** "Add PDFs to merge", "Choose a PDF to split"... */
  label: string;
  onFiles(files: (File | ChosenFile)[]): void;
  /** Offer signed-in users their documents (with annotations) as well. */
  fromMyDocuments?: boolean;
}

export function ToolDropZone({ multiple, label, onFiles, fromMyDocuments = true }: ToolDropZoneProps) {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const maxSize = maxFileBytes(isAuthenticated);

  const onDrop = (accepted: File[], rejected: FileRejection[]) => {
    for (const { file, errors } of rejected) {
      const message =
        errors[0]?.code === 'file-too-large'
          ? tooLargeMessage(isAuthenticated)
          : UPLOAD_MESSAGES.landingInvalid;
      toast.error(`${file.name}: ${message}`, { id: `${file.name}:${message}` });
    }
    if (accepted.length > 0) onFiles(multiple ? accepted : accepted.slice(0, 1));
  };

  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    onDrop,
    accept: { 'application/pdf': ['.pdf'] },
    maxSize,
    multiple,
  });

  return (
    <div className="stack">
      <div
        {...getRootProps({ className: `dropzone tool-drop${isDragActive ? ' is-active' : ''}` })}
        aria-label={label}
      >
        <input {...getInputProps({ 'aria-label': label })} data-testid="tool-file-input" />
        <p className="drop-title">{isDragActive ? 'Drop here' : label}</p>
        <p className="muted">
          {multiple
            ? 'Drag & drop PDFs here, or click to choose.'
            : 'Drag & drop a PDF here, or click to choose.'}{' '}
          Up to {maxSize / (1024 * 1024)} MB per file. Files stay in your browser.
        </p>
      </div>
      {fromMyDocuments && <MyDocumentsPicker onChosen={(chosen) => onFiles([chosen])} />}
    </div>
  );
}
