// What /editor (no document id) opens (spec section 4, "Editor entry"): restored recovery data first,
// otherwise the guest file handed off by the landing page, if the daily free-edit counter allows it.
import type { Annotation } from '@marginalia/pdf-editor/core';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useAuthStore } from '../../stores/authStore';
import { useDocumentStore } from '../../stores/documentStore';
import { useGuestPrompts } from '../../stores/guestStore';
import { dataUrlToBytes, fileToBytes } from '../guest/dataUrl';
import { checkGuestEdit, DAILY_LIMIT_MESSAGE, fileFingerprint } from '../guest/editCounter';
import { loadGuestFile } from '../guest/guestFiles';
import { getGuestFile } from '../guest/idb';
import { browserStores, clearRecoveryData, getRecoveryData } from '../guest/recovery';
import { FILE_OPEN_TOAST } from './naming';

export const RESTORED_MESSAGE = 'Document restored successfully!';
export const LOAD_FAILED_MESSAGE = 'Failed to load file. Please try uploading again.';

export interface OpenedFile {
  name: string;
  bytes: Uint8Array;
  /** IndexedDB id when the guest file lives there (files over 3 MB). */
  localId?: string;
  annotations: Annotation[];
  restored: boolean;
  /** A guest's file: its fingerprint, spent from the daily free edits once the PDF has opened. */
  guestEditKey?: string;
}

export type GuestSession =
  | { status: 'loading' }
  | { status: 'empty' }
  | { status: 'blocked' }
  | { status: 'ready'; file: OpenedFile };

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
  const isGuest = !useAuthStore.getState().isAuthenticated;
  // A signed-in user's restored work stays in the browser until it is saved to the account.
  if (isGuest) clearRecoveryData(stores);
  useDocumentStore.getState().open(recovery.fileName, isGuest);
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
        toast.success(RESTORED_MESSAGE, { id: FILE_OPEN_TOAST, duration: 4000 });
        return { status: 'ready', file: restored };
      }
      const guestFile = await loadGuestFile(sessionStorage);
      if (!guestFile) return { status: 'empty' };
      const isGuest = !useAuthStore.getState().isAuthenticated;
      let guestEditKey: string | undefined;
      if (isGuest) {
        // Only checked here: the edit is spent once the PDF has opened (a file that fails spends none).
        guestEditKey = await fileFingerprint(guestFile.bytes);
        if (!checkGuestEdit(localStorage, guestEditKey).allowed) {
          useGuestPrompts.getState().openLogin('limit-reached');
          toast.error(DAILY_LIMIT_MESSAGE, { id: FILE_OPEN_TOAST });
          return { status: 'blocked' };
        }
      }
      useDocumentStore.getState().open(guestFile.name, isGuest);
      return {
        status: 'ready',
        file: { name: guestFile.name, bytes: guestFile.bytes, localId: guestFile.localId, annotations: [], restored: false, guestEditKey },
      };
    };
    run().then(setSession, (error: unknown) => {
      console.error('Opening the guest file failed', error);
      toast.error(LOAD_FAILED_MESSAGE, { id: FILE_OPEN_TOAST });
      setSession({ status: 'empty' });
    });
  }, []);

  return session;
}
