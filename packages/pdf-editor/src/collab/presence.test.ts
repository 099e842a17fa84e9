// Two editor objects, each with its own Yjs document and awareness, the awarenesses exchanging
// their updates as a provider and its server would: what each user sees of the other.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyAwarenessUpdate, Awareness, encodeAwarenessUpdate } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { createEditor } from '../editor/createEditor';
import { connectPresence, PRESENCE_COLORS, type PresenceUser } from './presence';

/** Two awarenesses, each change of one sent to the other, as the server relays them. */
function linkedAwarenesses() {
  const [a, b] = [new Awareness(new Y.Doc()), new Awareness(new Y.Doc())];
  for (const [from, to] of [
    [a, b],
    [b, a],
  ] as const) {
    from.on('update', ({ added, updated, removed }: { added: number[]; updated: number[]; removed: number[] }, origin: unknown) => {
      if (origin !== 'network') applyAwarenessUpdate(to, encodeAwarenessUpdate(from, [...added, ...updated, ...removed]), 'network');
    });
  }
  return { a, b };
}

/** Two editors with presence on linked awarenesses: A as `userA`, B as Bo (no colour of his own). */
function twoUsers(userA: PresenceUser = { id: 'ana', name: 'Ana Lima', color: '#0277BD' }) {
  const awareness = linkedAwarenesses();
  const a = createEditor({ signatureStore: null });
  const b = createEditor({ signatureStore: null });
  const presenceA = connectPresence(a, { awareness: awareness.a, user: userA });
  const presenceB = connectPresence(b, { awareness: awareness.b, user: { name: 'Bo' } });
  return { a, b, awareness, presenceA, presenceB };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('connectPresence', () => {
  it("shows B who A is, the page A looks at, A's pointer and A's selection", () => {
    const { a, b, awareness } = twoUsers();
    expect(b.getState().peers).toEqual([
      { clientId: awareness.a.clientID, name: 'Ana Lima', color: '#0277BD', page: 1, pointer: null, selection: [] },
    ]);
    // B has no colour of its own: one of the palette's, chosen by its client id.
    expect(a.getState().peers).toMatchObject([{ name: 'Bo', color: expect.stringMatching(new RegExp(PRESENCE_COLORS.join('|'))) }]);

    a.goToPage(3);
    vi.advanceTimersByTime(50);
    a.pointer.move({ page: 3, x: 120.5, y: 300 });
    vi.advanceTimersByTime(50);
    a.getState().actions.select(['r1', 'r2']);
    vi.advanceTimersByTime(50);
    expect(b.getState().peers).toMatchObject([{ name: 'Ana Lima', page: 3, pointer: { page: 3, x: 120.5, y: 300 }, selection: ['r1', 'r2'] }]);

    a.pointer.move(null);
    vi.advanceTimersByTime(50);
    expect(b.getState().peers[0]?.pointer).toBeNull();
  });

  it("publishes a user's colour in another form as one of the palette's, so the others still show them", () => {
    const { a, b } = twoUsers({ name: 'Cy', color: 'red' });
    expect(b.getState().peers).toMatchObject([{ name: 'Cy', color: expect.stringMatching(new RegExp(PRESENCE_COLORS.join('|'))) }]);
    expect(a.getState().peers).toHaveLength(1);
  });

  it('sends pointer moves at most every 50 ms, the last one always', () => {
    const { a, b } = twoUsers();
    const pointer = () => b.getState().peers[0]?.pointer;
    vi.advanceTimersByTime(50);
    a.pointer.move({ page: 1, x: 1, y: 1 });
    a.pointer.move({ page: 1, x: 2, y: 2 });
    a.pointer.move({ page: 1, x: 3, y: 3 });
    expect(pointer()).toEqual({ page: 1, x: 1, y: 1 });
    vi.advanceTimersByTime(49);
    expect(pointer()).toEqual({ page: 1, x: 1, y: 1 });
    vi.advanceTimersByTime(1);
    expect(pointer()).toEqual({ page: 1, x: 3, y: 3 });
  });

  it("follows A: B goes to A's page, again when A changes page, until B goes to a page of its own", () => {
    const { a, b, awareness } = twoUsers();
    a.goToPage(4);
    vi.advanceTimersByTime(50);
    b.getState().actions.followPeer(awareness.a.clientID);
    expect(b.getState()).toMatchObject({ following: awareness.a.clientID, currentPage: 4 });

    a.goToPage(7);
    vi.advanceTimersByTime(50);
    expect(b.getState()).toMatchObject({ following: awareness.a.clientID, currentPage: 7 });

    b.goToPage(2);
    expect(b.getState()).toMatchObject({ following: null, currentPage: 2 });
    a.goToPage(9);
    vi.advanceTimersByTime(50);
    expect(b.getState().currentPage).toBe(2);
  });

  it('stops following a collaborator who leaves, and B no longer sees them', () => {
    const { b, awareness, presenceA } = twoUsers();
    b.getState().actions.followPeer(awareness.a.clientID);
    presenceA.disconnect();
    expect(b.getState()).toMatchObject({ peers: [], following: null });
  });

  it('ignores a malformed state and keeps showing the valid ones', () => {
    const { b, awareness } = twoUsers();
    const intruder = new Awareness(new Y.Doc());
    const send = () => applyAwarenessUpdate(awareness.b, encodeAwarenessUpdate(intruder, [intruder.clientID]), 'network');
    for (const state of [
      { user: { name: 'Eve' }, marginalia: { page: 'one', pointer: null, selection: [] } },
      { user: { name: '  ' }, marginalia: { page: 1, pointer: null, selection: [] } },
      { user: { name: 'Eve', color: 'url(https://tracker.example/x)' }, marginalia: { page: 1, pointer: null, selection: [] } },
      { user: { name: 'Eve' }, marginalia: { page: 1, pointer: { page: 1, x: 'left', y: 0 }, selection: [] } },
      { user: { name: 'Eve' }, marginalia: { page: 1, pointer: null, selection: 'all' } },
      { user: 'Eve', marginalia: null },
      { cursor: { anchor: 3 } },
    ]) {
      intruder.setLocalState(state);
      expect(send).not.toThrow();
      expect(b.getState().peers.map(({ name }) => name)).toEqual(['Ana Lima']);
    }
    intruder.setLocalState({ user: { name: 'Eve' }, marginalia: { page: 2, pointer: null, selection: [] } });
    send();
    expect(b.getState().peers.find(({ clientId }) => clientId === intruder.clientID)).toMatchObject({ name: 'Eve', page: 2 });
    expect(b.getState().peers).toHaveLength(2);
  });
});
