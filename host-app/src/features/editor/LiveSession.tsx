// Rendered in the editor's toolbar while a document is edited together: binds the editor to the
// shared document once the first sync is done (the SDK's connectCollaboration, with the provider
// as the server of record), shows who else is here (connectPresence), follows a collaborator's page edits by loading the new PDF, and says
// where the work stands: saved live, being sent, or kept on this device while offline.
import { useEditorRuntime, useEditorState } from '@marginalia/pdf-editor';
import { connectCollaboration, connectPresence } from '@marginalia/pdf-editor/collab';
import { useEffect, useRef } from 'react';
import { ACCESS_ENDED_MESSAGE, isOwnPdfRevision, OFFLINE_MESSAGE, type LiveDocument, type LiveStatus } from './liveEditing';

export const LIVE_SAVED = 'Live: all changes saved';
export const LIVE_SAVING = 'Live: saving…';
export const LIVE_CONNECTING = 'Connecting…';

interface LiveSessionProps {
  live: LiveDocument;
  /** Who this user is to the others: their avatar, pointer and selection carry it. */
  user: { id: string; name: string };
  status: LiveStatus;
  /** A collaborator stored new pages: load the document again. */
  onPagesChanged(): void;
}

export function LiveSession({ live, user, status, onPagesChanged }: LiveSessionProps) {
  const editor = useEditorRuntime();
  const dirty = useEditorState((state) => state.dirty);
  const latest = useRef(onPagesChanged);
  latest.current = onPagesChanged;

  useEffect(() => {
    const { provider, doc } = live;
    let binding: { disconnect(): void } | undefined;
    const bind = () => {
      binding ??= connectCollaboration(editor, {
        doc,
        sync: provider,
        onError: (error) => console.warn('A shared annotation could not be read', error),
        onPdfChanged: (revision) => {
          void isOwnPdfRevision(live, revision).then((own) => {
            if (!own) latest.current();
          });
        },
      });
    };
    if (provider.isSynced) bind();
    else provider.on('synced', bind);
    return () => {
      provider.off('synced', bind);
      binding?.disconnect();
    };
  }, [editor, live]);

  // Who is here: the avatars, pointers and selections the toolbar and pages draw.
  const { id, name } = user;
  useEffect(() => {
    const { awareness } = live.provider;
    if (!awareness) return;
    const presence = connectPresence(editor, { awareness, user: { id, name } });
    return () => presence.disconnect();
  }, [editor, live, id, name]);

  const [text, tone] =
    status === 'ended'
      ? [ACCESS_ENDED_MESSAGE, 'badge-warning']
      : status === 'offline'
        ? [OFFLINE_MESSAGE, 'badge-warning']
        : status === 'connecting' ? [LIVE_CONNECTING, ''] : dirty ? [LIVE_SAVING, ''] : [LIVE_SAVED, 'badge-live'];
  return (
    <span className={`badge ${tone}`} role="status">
      {text}
    </span>
  );
}
