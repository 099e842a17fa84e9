// Keeps an editor's saved signatures in step with the host's SignatureStore: loaded once, then the
// whole list saved whenever it changes. The first failure makes the signatures session-only for
// this editor: after a failed load, a save would overwrite signatures it never saw, and a store
// that cannot save once (blocked or full storage) would report the same error on every use.
import type { SignatureStore } from '../core/index';
import { recentSignatures } from '../core/internal';
import type { EditorStore } from './store/createEditorStore';
import { sameList } from './store/sessionSlice';

/**
 * Loads `signatureStore`'s signatures into `store`, ahead of any drawn before they arrived, and
 * saves every later change. Errors go to `onError` and never reach the caller. Returns the
 * function that stops following the store; saves already started still finish.
 */
export function syncSavedSignatures(store: EditorStore, signatureStore: SignatureStore, onError: (error: unknown) => void): () => void {
  let stopped = false;
  let failed = false;
  let loaded = false;
  // One save at a time, in order: an asynchronous store must not end up with an older list.
  let queue = Promise.resolve();

  const fail = (error: unknown) => {
    failed = true;
    onError(error);
  };
  const save = (signatures: string[]) => {
    queue = queue.then(() => (failed ? undefined : signatureStore.save(signatures))).catch(fail);
  };

  const unsubscribe = store.subscribe((state, previous) => {
    if (loaded && state.savedSignatures !== previous.savedSignatures) save(state.savedSignatures);
  });

  // Through a promise, so a store that throws instead of rejecting is caught all the same.
  Promise.resolve()
    .then(() => signatureStore.load())
    .then((stored) => {
      if (stopped) return;
      const fromStore = recentSignatures(Array.isArray(stored) ? stored : []);
      const { actions, savedSignatures: session } = store.getState();
      actions.setSavedSignatures([...session, ...fromStore]);
      const merged = store.getState().savedSignatures;
      loaded = true;
      if (!sameList(merged, fromStore)) save(merged);
    })
    .catch((error: unknown) => {
      if (!stopped) fail(error);
    });

  return () => {
    stopped = true;
    unsubscribe();
  };
}
