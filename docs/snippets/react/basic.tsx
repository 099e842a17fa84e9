import { PdfEditor } from '@marginalia/pdf-editor';
import '@marginalia/pdf-editor/styles.css';

export function App() {
  return <PdfEditor file="/contract.pdf" fileName="contract.pdf" style={{ height: '100vh' }} />;
}
