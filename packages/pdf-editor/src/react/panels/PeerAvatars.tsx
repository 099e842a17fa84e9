// The collaborators in the document (presence), in the toolbar: each one's initials in their colour,
// a button that follows their view (pressed while following). Nothing while no one else is here.
import { format } from '../../editor/internal';
import { useEditorRuntime, useEditorState } from '../context';

/** Up to two letters: the first of the first two words ("Ana Lima" → "AL"). */
const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word)[0])
    .join('')
    .toUpperCase();

export function PeerAvatars() {
  const { messages, store } = useEditorRuntime();
  const peers = useEditorState((s) => s.peers);
  const following = useEditorState((s) => s.following);
  if (peers.length === 0) return null;
  return (
    <div className="mg-peers" role="group" aria-label={messages.collaborators}>
      {peers.map(({ clientId, name, color }) => {
        const followed = following === clientId;
        return (
          <button key={clientId} type="button" className="mg-avatar" style={{ background: color }} aria-label={name}
            title={format(followed ? messages.stopFollowingPeer : messages.followPeer, { name })} aria-pressed={followed}
            onClick={() => store.getState().actions.followPeer(followed ? null : clientId)}>
            {initials(name)}
          </button>
        );
      })}
    </div>
  );
}
