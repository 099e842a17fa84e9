// /editor, /editor?tool={merge|split|rotate|protect} and /editor/:documentId.
import { useLocation, useParams, useSearchParams } from 'react-router-dom';
import '@marginalia/pdf-editor/styles.css';
import './pdfjsWorker';
import { CloudEditor } from './CloudEditor';
import { LocalEditor } from './LocalEditor';
import { isToolId } from '../tools/toolIds';
import { ToolPage } from '../tools/ToolPage';

export function EditorPage() {
  const { documentId } = useParams();
  const tool = useSearchParams()[0].get('tool');
  // Each visit to /editor opens what it was given afresh: a PDF chosen in the empty editor goes
  // there again, through the same hand-off as the landing page.
  const visit = useLocation().key;
  if (!documentId && isToolId(tool)) return <ToolPage key={tool} tool={tool} />;
  return documentId ? <CloudEditor key={documentId} documentId={documentId} /> : <LocalEditor key={visit} />;
}
