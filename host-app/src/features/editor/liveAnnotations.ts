// Keeps an editor's annotations in step with the server's shared document of `documentId`
// (/api/collab, docs/collaboration.md): what collaborators and saves over HTTP change there comes
// into the editor as it happens. Used where nothing is edited (a share link's view), so the
// editor's own saving is untouched; `credential` is `share:<token>` or a session token.
import { HocuspocusProvider } from '@hocuspocus/provider';
import type { Editor } from '@marginalia/pdf-editor';
import { connectCollaboration } from '@marginalia/pdf-editor/collab';
import { useEffect, useRef, useState } from 'react';
import * as Y from 'yjs';

/** The collaboration endpoint on the page's own origin. */
export function collaborationUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/collab`;
}

/**
 * Whether the editor is following the shared document now (false while connecting or cut off).
 * `onPagesChanged` is told when the document's PDF was replaced (a page operation saved): the view
 * loads it again.
 */
export function useLiveAnnotations(editor: Editor, live: { documentId: string; credential: string } | undefined, onPagesChanged?: () => void): boolean {
  const [following, setFollowing] = useState(false);
  const pagesChanged = useRef(onPagesChanged);
  pagesChanged.current = onPagesChanged;
  const documentId = live?.documentId;
  const credential = live?.credential;
  useEffect(() => {
    if (!documentId || !credential) return;
    const doc = new Y.Doc();
    let binding: { disconnect(): void } | undefined;
    const provider = new HocuspocusProvider({
      url: collaborationUrl(),
      name: documentId,
      document: doc,
      token: credential,
      onSynced: () => {
        // Bound once, after the first sync: the editor then starts from what the server holds.
        binding ??= connectCollaboration(editor, {
          doc,
          onError: (error) => console.warn('A shared annotation could not be read', error),
          onPdfChanged: () => pagesChanged.current?.(),
        });
        setFollowing(true);
      },
      onDisconnect: () => setFollowing(false),
      // A revoked link: stop trying; the view keeps what it shows.
      onAuthenticationFailed: () => provider.destroy(),
      onClose: ({ event }) => {
        if (event.code === 4403) provider.destroy();
      },
    });
    return () => {
      binding?.disconnect();
      provider.destroy();
      doc.destroy();
      setFollowing(false);
    };
  }, [editor, documentId, credential]);
  return following;
}
