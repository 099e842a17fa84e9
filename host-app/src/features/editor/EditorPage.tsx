// /editor and /editor/:documentId.
import { useParams } from 'react-router-dom';
import '@marginalia/pdf-editor/styles.css';
import './pdfjsWorker';
import { CloudEditor } from './CloudEditor';
import { LocalEditor } from './LocalEditor';

export function EditorPage() {
  const { documentId } = useParams();
  return documentId ? <CloudEditor key={documentId} documentId={documentId} /> : <LocalEditor />;
}
