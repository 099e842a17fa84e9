import { PdfEditor, browserStorage, httpStorage, memoryStorage } from '@marginalia/pdf-editor';
import { sessionStorageAdapter } from './storage';

declare const token: string;

// #region usage
// With `storage` and `documentId`, the editor loads the saved annotations and shows a Save button.
export const WithSessionStorage = ({ file }: { file: Blob }) => (
  <PdfEditor
    file={file}
    storage={sessionStorageAdapter()}
    documentId="invoice-42"
    onError={(error) => alert(error.message)}
  />
);
// #endregion

// #region builtins
// In memory (tests, demos), seeded with nothing:
const inMemory = memoryStorage();
// localStorage under "pdf-annotations", moving large documents to IndexedDB:
const local = browserStorage();
// The reference server's GET/PUT /api/documents/{id}/annotations, with a bearer token:
const remote = httpStorage('https://marginalia.example.com', () => token);
// #endregion

export { inMemory, local, remote };
