// What /editor (no document id) opens (spec section 4, "Editor entry"): restored recovery data first,
// otherwise the guest file handed off by the landing page, subject to the daily free-edit counter.
import type { Annotation } from '@marginalia/pdf-editor/core';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useAuthStore } from '../../stores/authStore';
import { useDocumentStore } from '../../stores/documentStore';
import { useGuestPrompts } from '../../stores/guestStore';
import { dataUrlToBytes, fileToBytes } from '../guest/dataUrl';
import { consumeGuestEdit, DAILY_LIMIT_MESSAGE, loadedMessage } from '../guest/editCounter';
import { loadGuestFile } from '../guest/guestFiles';
import { getGuestFile } from '../guest/idb';
import { browserStores, clearRecoveryData, getRecoveryData } from '../guest/recovery';
import { recordStreakEdit } from '../guest/streak';

export const RESTORED_MESSAGE = 'Document restored successfully!';
export const LOAD_FAILED_MESSAGE = 'Failed to load file. Please try uploading again.';

export interface OpenedFile {
  name: string;
  bytes: Uint8Array;
  /** IndexedDB id when the guest file lives there (files over 3 MB). */
  localId?: string;
  annotations: Annotation[];
  restored: boolean;
}

export type GuestSession =
  | { status: 'loading' }
  | { status: 'empty' }
  | { status: 'blocked' }
  | { status: 'ready'; file: OpenedFile; celebrateStreak: number | null };

async function restore(): Promise<OpenedFile | null> {
  const stores = browserStores();
  const recovery = getRecoveryData(stores);
  if (!recovery) return null;
  let bytes: Uint8Array | null = null;
  if (recovery.fileData) bytes = dataUrlToBytes(recovery.fileData);
  else if (recovery.fileRef) {
    const stored = await getGuestFile(recovery.fileRef);
    bytes = stored ? await fileToBytes(stored.data) : null;
  }
  if (!bytes) return null;
  clearRecoveryData(stores);
  useDocumentStore.getState().open(recovery.fileName, !useAuthStore.getState().isAuthenticated);
  useDocumentStore.getState().restore(recovery.editCount);
  return { name: recovery.fileName, bytes, localId: recovery.fileRef, annotations: recovery.annotations, restored: true };
}

export function useGuestSession(): GuestSession {
  const [session, setSession] = useState<GuestSession>({ status: 'loading' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const run = async (): Promise<GuestSession> => {
      const restored = await restore();
      if (restored) {
        toast.success(RESTORED_MESSAGE, { duration: 4000 });
        return { status: 'ready', file: restored, celebrateStreak: null };
      }
      const guestFile = await loadGuestFile(sessionStorage);
      if (!guestFile) return { status: 'empty' };
      const isGuest = !useAuthStore.getState().isAuthenticated;
      let celebrateStreak: number | null = null;
      if (isGuest) {
        const check = consumeGuestEdit(localStorage);
        if (!check.allowed) {
          useGuestPrompts.getState().openLogin('limit-reached');
          toast.error(DAILY_LIMIT_MESSAGE);
          return { status: 'blocked' };
        }
        toast.success(loadedMessage(guestFile.name, check.remaining), { duration: 4000 });
        const streak = recordStreakEdit(localStorage);
        if (streak.celebrate) celebrateStreak = streak.record.currentStreak;
      }
      useDocumentStore.getState().open(guestFile.name, isGuest);
      return {
        status: 'ready',
        file: { name: guestFile.name, bytes: guestFile.bytes, localId: guestFile.localId, annotations: [], restored: false },
        celebrateStreak,
      };
    };
    run().then(setSession, (error: unknown) => {
      console.error('Opening the guest file failed', error);
      toast.error(LOAD_FAILED_MESSAGE);
      setSession({ status: 'empty' });
    });
  }, []);

  return session;
}
