// The session slice: what this editor holds beside the document for as long as it lives: the
// password the document opened with, the signatures the user drew, the notice on show, and the
// gate every gated action asks.
import { openGate, recentSignatures } from '../../core/internal';
import type { GetState, SetSlice, Slice } from './slice';
import type { EditorStoreOptions } from './types';

type SessionField = 'pdfPassword' | 'savedSignatures' | 'notice';

export const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item, i) => item === b[i]);

export function sessionSlice(
  options: EditorStoreOptions,
  set: SetSlice<SessionField>,
  get: GetState,
): Slice<SessionField, 'allow' | 'setPdfPassword' | 'setNotice' | 'setSavedSignatures' | 'removeSavedSignature'> {
  const gate = options.gate ?? openGate;
  return {
    pdfPassword: null,
    savedSignatures: [],
    notice: null,
    actions: {
      allow(action) {
        const decision = gate.check(action);
        if (decision === 'allow') return true;
        options.onGatePrompt?.(decision, action);
        return false;
      },
      setPdfPassword(pdfPassword) {
        set({ pdfPassword });
      },
      setNotice(notice) {
        set({ notice });
      },
      setSavedSignatures(signatures) {
        const kept = recentSignatures(signatures);
        if (!sameList(kept, get().savedSignatures)) set({ savedSignatures: kept });
      },
      removeSavedSignature(imageData) {
        const saved = get().savedSignatures;
        if (saved.includes(imageData)) set({ savedSignatures: saved.filter((url) => url !== imageData) });
      },
    },
  };
}
