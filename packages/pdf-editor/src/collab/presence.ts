// Presence: who else has the document open, the page each one looks at, their pointer and their
// selection, carried by a Yjs awareness (y-protocols' `Awareness`; HocuspocusProvider's
// `provider.awareness`, which the server relays to the other collaborators). Each editor publishes
// its own view in its awareness state; the others' states, untrusted, are checked and become the
// store's `peers`, which the React editor draws and `followPeer` follows.
import * as z from 'zod';
import type { PagePoint, Peer } from '../editor/index';

/**
 * What presence uses of a Yjs awareness. y-protocols' `Awareness` (a HocuspocusProvider's
 * `provider.awareness`) is one.
 */
export interface PresenceAwareness {
  /** This client's id among the states. */
  readonly clientID: number;
  /** Sets one field of this client's state, which the provider sends to the others. */
  setLocalStateField(field: string, value: unknown): void;
  /** Every client's state by client id, this one's included. */
  getStates(): ReadonlyMap<number, Readonly<Record<string, unknown>>>;
  /** Calls `listener` whenever a client's state changed (joined, updated, left). */
  on(event: 'change', listener: () => void): void;
  /** Stops calling a listener given to `on`. */
  off(event: 'change', listener: () => void): void;
}

/**
 * What `connectPresence` uses of an editor object: the page, the selection, the pointer, and the
 * store action that shows the peers. An `Editor` made by `createEditor` ("./editor") is one.
 */
export interface PresenceEditor {
  /** The editor's store. */
  readonly store: {
    getState(): PresenceEditorState;
    subscribe(listener: (state: PresenceEditorState, previous: PresenceEditorState) => void): () => void;
  };
  /** Where the user's pointer is over the pages (`Editor.pointer`). */
  readonly pointer: {
    readonly position: PagePoint | null;
    subscribe(listener: (position: PagePoint | null) => void): () => void;
  };
}

/** What presence reads of an editor's state, and the action that shows the peers. */
export interface PresenceEditorState {
  /** The page the user looks at, published as theirs. */
  readonly currentPage: number;
  /** The annotations the user selected, published as theirs. */
  readonly selectedIds: readonly string[];
  /** `setPeers` shows the others. */
  readonly actions: { setPeers(peers: readonly Peer[]): void };
}

/** Who the local user is to the others. */
export interface PresenceUser {
  /** The user's id in the host (an account id): picks their colour when none is given. */
  id?: string;
  /** The name the others see beside the pointer and on the avatar (its initials). */
  name: string;
  /** `#rrggbb`; by default (or in another form) one of `PRESENCE_COLORS`, the same for the same `id`. */
  color?: string;
}

/** Options of `connectPresence`. */
export interface PresenceOptions {
  /** The awareness of the provider that syncs the document (HocuspocusProvider's `provider.awareness`). */
  awareness: PresenceAwareness;
  /** Who the local user is to the others. */
  user: PresenceUser;
}

/** A presence binding made by `connectPresence`. */
export interface Presence {
  /** Stops publishing (the others see this user leave) and clears the editor's peers. */
  disconnect(): void;
}

/** The colours given to users without one: each readable under white initials. */
export const PRESENCE_COLORS: readonly string[] = ['#C62828', '#AD1457', '#6A1B9A', '#283593', '#0277BD', '#00695C', '#2E7D32', '#BF360C'];

/** The awareness fields presence writes: the user (the field other Yjs tools read too) and the view. */
const USER_FIELD = 'user';
const VIEW_FIELD = 'marginalia';
/** Pointer moves are published at most this often (ms); the last position always goes out. */
const THROTTLE_MS = 50;

const color = z.string().regex(/^#[0-9a-fA-F]{6}$/);
const pagePoint = z.object({ page: z.number().int().min(1), x: z.number(), y: z.number() });
// Another client's state, as it may arrive: anything. Bounds keep a hostile one from costing much.
const remoteState = z.object({
  [USER_FIELD]: z.object({ id: z.string().max(256).optional(), name: z.string().trim().min(1).max(100), color: color.optional() }),
  [VIEW_FIELD]: z.object({
    page: z.number().int().min(1),
    pointer: pagePoint.nullable(),
    selection: z.array(z.string().max(256)).max(10_000),
  }),
});

/** A colour of `PRESENCE_COLORS`, the same for the same key. */
function paletteColor(key: string | number): string {
  let hash = 2166136261;
  for (const char of String(key)) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 16777619);
  return PRESENCE_COLORS[(hash >>> 0) % PRESENCE_COLORS.length] as string;
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item, i) => item === b[i]);

/** The peer a client's state describes, or null when it is not a valid presence state. */
function peerOf(clientId: number, state: unknown, previous: Peer | undefined): Peer | null {
  const parsed = remoteState.safeParse(state);
  if (!parsed.success) return null;
  const { user, marginalia: view } = parsed.data;
  return {
    clientId,
    name: user.name,
    color: user.color ?? paletteColor(user.id ?? clientId),
    page: view.page,
    pointer: view.pointer,
    // The same array while it is the same selection, so the outlines drawn from it stay as they are.
    selection: previous && sameList(previous.selection, view.selection) ? previous.selection : view.selection,
  };
}

/**
 * Shows `editor`'s user to the other clients of `options.awareness` (their name and colour, the
 * page they look at, their pointer and their selection) and those clients to the editor, as its
 * store's `peers`. A state that is not a valid presence state (another tool's, a hostile one) is
 * left out.
 *
 * @example
 * const provider = new HocuspocusProvider({ url, name: documentId, document: doc, token });
 * const presence = connectPresence(editor, { awareness: provider.awareness!, user: { id: user.id, name: user.name } });
 */
export function connectPresence(editor: PresenceEditor, options: PresenceOptions): Presence {
  const { awareness } = options;
  const { store, pointer } = editor;
  // Published as the others check it, or they would leave this user out: a colour in another form
  // gives way to the palette's, a name is cut to its first 100 characters.
  const { id } = options.user;
  const user = {
    ...(id === undefined ? {} : { id }),
    name: options.user.name.trim().slice(0, 100),
    color: color.safeParse(options.user.color).success ? options.user.color : paletteColor(id ?? awareness.clientID),
  };

  let publishedAt = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const publish = () => {
    timer = undefined;
    publishedAt = Date.now();
    const { currentPage, selectedIds } = store.getState();
    awareness.setLocalStateField(VIEW_FIELD, { page: currentPage, pointer: pointer.position, selection: [...selectedIds] });
  };
  const schedule = () => {
    if (timer !== undefined) return;
    const wait = publishedAt + THROTTLE_MS - Date.now();
    if (wait <= 0) publish();
    else timer = setTimeout(publish, wait);
  };

  // The peers as last read, and the state each was read from: an awareness change replaces the
  // states of the clients that changed only, so the others are not checked again.
  let read = new Map<number, { state: unknown; peer: Peer | null }>();
  let peers: readonly Peer[] = [];
  const readPeers = () => {
    const next = new Map<number, { state: unknown; peer: Peer | null }>();
    for (const [clientId, state] of awareness.getStates()) {
      if (clientId === awareness.clientID) continue;
      const known = read.get(clientId);
      next.set(clientId, known?.state === state ? known : { state, peer: peerOf(clientId, state, known?.peer ?? undefined) });
    }
    read = next;
    const list = [...next.values()].flatMap(({ peer }) => (peer ? [peer] : [])).sort((a, b) => a.clientId - b.clientId);
    if (list.length === peers.length && list.every((peer, i) => peer === peers[i])) return;
    peers = list;
    store.getState().actions.setPeers(peers);
  };

  awareness.setLocalStateField(USER_FIELD, user);
  publish();
  readPeers();
  awareness.on('change', readPeers);
  const stopStore = store.subscribe((state, previous) => {
    if (state.currentPage !== previous.currentPage || state.selectedIds !== previous.selectedIds) schedule();
  });
  const stopPointer = pointer.subscribe(schedule);

  return {
    disconnect() {
      awareness.off('change', readPeers);
      stopStore();
      stopPointer();
      clearTimeout(timer);
      awareness.setLocalStateField(VIEW_FIELD, null);
      awareness.setLocalStateField(USER_FIELD, null);
      store.getState().actions.setPeers([]);
    },
  };
}
