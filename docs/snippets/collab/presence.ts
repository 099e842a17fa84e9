import { HocuspocusProvider } from '@hocuspocus/provider';
import { connectPresence } from '@marginalia/pdf-editor/collab';
import { createEditor } from '@marginalia/pdf-editor/editor';
import * as Y from 'yjs';

declare const documentId: string;
declare const sessionToken: string;
declare const account: { id: string; name: string };

const editor = createEditor({ fileName: 'contract.pdf' });
const doc = new Y.Doc();

// #region presence
const provider = new HocuspocusProvider({ url: `${location.origin.replace(/^http/, 'ws')}/api/collab`, name: documentId, document: doc, token: sessionToken });
if (provider.awareness) {
  const presence = connectPresence(editor, {
    awareness: provider.awareness,
    // No colour given: one of PRESENCE_COLORS, the same for this account everywhere.
    user: { id: account.id, name: account.name },
  });
  window.addEventListener('pagehide', () => presence.disconnect());
}
// In React: connect the editor of usePdfEditor in an effect; the Toolbar and PdfViewer inside its
// <EditorProvider> draw the peers (custom-layouts.md).
// #endregion
