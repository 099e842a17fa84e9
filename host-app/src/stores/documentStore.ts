// Edit tracking for the open document (spec section 3, "Document store"; section 4, "Edit tracking").
import { create } from 'zustand';

interface DocumentState {
  fileName: string | null;
  isGuest: boolean;
  hasUnsavedChanges: boolean;
  editCount: number;
  startTime: number | null;
  lastEditTime: number | null;
  open(fileName: string, isGuest: boolean): void;
  recordEdit(now?: number): void;
  restore(editCount: number, now?: number): void;
  markSaved(): void;
  reset(): void;
}

const empty = {
  fileName: null,
  isGuest: false,
  hasUnsavedChanges: false,
  editCount: 0,
  startTime: null,
  lastEditTime: null,
};

export const useDocumentStore = create<DocumentState>()((set) => ({
  ...empty,
  open(fileName, isGuest) {
    set({ ...empty, fileName, isGuest });
  },
  recordEdit(now = Date.now()) {
    set((state) => ({
      hasUnsavedChanges: true,
      editCount: state.editCount + 1,
      lastEditTime: now,
      startTime: state.startTime ?? now,
    }));
  },
  restore(editCount, now = Date.now()) {
    set({ editCount, hasUnsavedChanges: true, startTime: now, lastEditTime: now });
  },
  markSaved() {
    set({ hasUnsavedChanges: false });
  },
  reset() {
    set(empty);
  },
}));

/** Whole minutes since the first edit. */
export function minutesSpent(startTime: number | null, now = Date.now()): number {
  return startTime === null ? 0 : Math.max(0, Math.floor((now - startTime) / 60_000));
}
