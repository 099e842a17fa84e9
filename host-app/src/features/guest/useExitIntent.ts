// Exit intent for guests with unsaved edits (spec section 4): the mouse leaving through the top of the
// window or closing the page opens the exit modal; hiding the tab keeps a recovery record.
import { useEffect, useRef } from 'react';

interface ExitIntentOptions {
  enabled: boolean;
  editCount: number;
  onIntent(): void;
  onHidden(): void;
}

export const HIDDEN_SAVE_MIN_EDITS = 2;

export function useExitIntent({ enabled, editCount, onIntent, onHidden }: ExitIntentOptions): void {
  const latest = useRef({ onIntent, onHidden, editCount });
  latest.current = { onIntent, onHidden, editCount };

  useEffect(() => {
    if (!enabled) return;
    const onMouseOut = (event: MouseEvent) => {
      if (event.relatedTarget === null && event.clientY <= 0) latest.current.onIntent();
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      latest.current.onIntent();
      event.preventDefault();
      // Older browsers show the leave warning only when returnValue is set.
      event.returnValue = '';
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden' && latest.current.editCount > HIDDEN_SAVE_MIN_EDITS) {
        latest.current.onHidden();
      }
    };
    document.addEventListener('mouseout', onMouseOut);
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('mouseout', onMouseOut);
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [enabled]);
}
