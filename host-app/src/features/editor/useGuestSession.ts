// What /editor (no document id) opens (spec section 4, "Editor entry"): restored recovery data first,
// otherwise the guest file handed off by the landing page, if the daily free-edit counter allows it.
// Recovered work of one file and a newly chosen other file: the user is asked which to open, so
// neither the new choice nor the unsaved work is dropped without their say.
import type { Annotation } from '@marginalia/pdf-editor/core';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useAuthStore } from '../../stores/authStore';
import { useDocumentStore } from '../../stores/documentStore';
import { useGuestPrompts } from '../../stores/guestStore';
import { dataUrlToBytes, fileToBytes } from '../guest/dataUrl';
import { checkGuestEdit, DAILY_LIMIT_MESSAGE, fileFingerprint } from '../guest/editCounter';
import { loadGuestFile, type GuestFile } from '../guest/guestFiles';
import { getGuestFile } from '../guest/idb';
import {
  browserStores,
  clearRecoveryData,
  discardRecoveredWork,
  getRecoveryData,
  isOfHandedOffFile,
  type RecoveryData,
} from '../guest/recovery';
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
  | { status: 'ready'; file: OpenedFile }
  | {
      status: 'choose';
      /** The file with unsaved work in this browser, and the one the user has just chosen. */
      draftName: string;
      newName: string;
      keepDraft(): void;
      openNew(): void;
    };

async function restore(recovery: RecoveryData): Promise<OpenedFile | null> {
  const stores = browserStores();
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
    const openRecovery = async (recovery: RecoveryData): Promise<GuestSession | null> => {
      const restored = await restore(recovery);
      if (!restored) return null;
      toast.success(RESTORED_MESSAGE, { id: FILE_OPEN_TOAST, duration: 4000 });
      return { status: 'ready', file: restored };
    };
    const openGuestFile = async (guestFile: GuestFile): Promise<GuestSession> => {
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
    const settle = (opening: Promise<GuestSession>) =>
      opening.then(setSession, (error: unknown) => {
        console.error('Opening the guest file failed', error);
        toast.error(LOAD_FAILED_MESSAGE, { id: FILE_OPEN_TOAST });
        setSession({ status: 'empty' });
      });
    const run = async (): Promise<GuestSession> => {
      const recovery = getRecoveryData(browserStores());
      const guestFile = await loadGuestFile(sessionStorage);
      if (recovery && guestFile && !isOfHandedOffFile(recovery, sessionStorage)) {
        // The landing page's loading toast gives way to the question.
        toast.dismiss(FILE_OPEN_TOAST);
        return {
          status: 'choose',
          draftName: recovery.fileName,
          newName: guestFile.name,
          keepDraft: () => {
            setSession({ status: 'loading' });
            void settle(openRecovery(recovery).then((opened) => opened ?? openGuestFile(guestFile)));
          },
          openNew: () => {
            discardRecoveredWork(browserStores());
            setSession({ status: 'loading' });
            void settle(openGuestFile(guestFile));
          },
        };
      }
      const restored = recovery ? await openRecovery(recovery) : null;
      if (restored) return restored;
      return guestFile ? openGuestFile(guestFile) : { status: 'empty' };
    };
    void settle(run());
  }, []);

  return session;
}
