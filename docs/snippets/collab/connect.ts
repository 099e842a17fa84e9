import { HocuspocusProvider } from '@hocuspocus/provider';
import { connectCollaboration } from '@marginalia/pdf-editor/collab';
import { createEditor } from '@marginalia/pdf-editor/editor';
import * as Y from 'yjs';

declare const documentId: string;
declare const sessionToken: string;

// #region connect
const editor = createEditor({ fileName: 'contract.pdf' });
const doc = new Y.Doc();
const provider = new HocuspocusProvider({
  url: `${location.origin.replace(/^http/, 'ws')}/api/collab`,
  name: documentId,
  document: doc,
  token: sessionToken, // or `share:${shareToken}` to read along
  onClose: ({ event }) => {
    if (event.code === 4403) console.warn('Your access to this document has ended.');
  },
});
// Bound once the first sync is done, so the editor starts from what the collaborators hold.
provider.on('synced', () => {
  const collaboration = connectCollaboration(editor, {
    doc,
    // The server stores the annotations: the editor is saved once it has acknowledged them.
    sync: provider,
    // A collaborator's page operation stored a new PDF: load it (the annotations come through `doc`).
    onPdfChanged: (revision) => console.info(`Load the PDF stored at version ${revision}`),
    onError: (error) => console.warn('A collaborator sent an annotation this version cannot read', error),
  });
  window.addEventListener('pagehide', () => {
    collaboration.disconnect();
    provider.destroy();
  });
});
// #endregion
