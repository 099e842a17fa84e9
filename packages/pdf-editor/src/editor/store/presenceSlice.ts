// The presence slice: the collaborators here (as a presence binding such as `connectPresence` of
// "./collab" reports them) and the one whose view this editor follows. Following goes to the page
// they look at, and again whenever they change page; the user's own navigation ends it: any other
// change of the current page, or a scroll of the view within a page (the view calls followPeer(null)).
import type { GetState, SetSlice, Slice } from './slice';
import type { EditorState, Peer } from './types';

type PresenceField = 'peers' | 'following';

export function presenceSlice(
  set: SetSlice<PresenceField>,
  get: GetState,
  subscribe: (listener: (state: EditorState, previous: EditorState) => void) => void,
): Slice<PresenceField, 'setPeers' | 'followPeer'> {
  // True while following moves the view, so that this page change is not taken for the user's.
  let following = false;
  const goTo = (peer: Peer) => {
    following = true;
    try {
      get().actions.goToPage(peer.page);
    } finally {
      following = false;
    }
  };
  subscribe((state, previous) => {
    if (state.following !== null && !following && state.currentPage !== previous.currentPage) set({ following: null });
  });

  return {
    peers: [],
    following: null,
    actions: {
      setPeers(peers) {
        const id = get().following;
        const followed = id === null ? undefined : peers.find((peer) => peer.clientId === id);
        // A followed collaborator who left is followed no more.
        set(id !== null && !followed ? { peers, following: null } : { peers });
        if (followed && followed.page !== get().currentPage) goTo(followed);
      },
      followPeer(clientId) {
        const peer = clientId === null ? undefined : get().peers.find((candidate) => candidate.clientId === clientId);
        set({ following: peer ? peer.clientId : null });
        if (peer) goTo(peer);
      },
    },
  };
}
