// Keyboard focus for a modal dialog: focus moves into it when it opens, Tab and Shift+Tab cycle
// through its controls without escaping to the page behind the backdrop, Escape closes it, and
// focus goes back to whatever had it before the dialog opened.
import { useEffect } from 'react';
import type { KeyboardEvent, RefObject } from 'react';

const TABBABLE = [
  'button:not([disabled])',
  'a[href]',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([disabled])',
].join(', ');

/** The dialog's controls in document order (no positive tabindex here); read on every Tab, as they enable and disable. */
function tabbables(dialog: HTMLElement): HTMLElement[] {
  return [...dialog.querySelectorAll<HTMLElement>(TABBABLE)].filter((element) => element.tabIndex >= 0);
}

/**
 * Traps focus in the dialog `ref` points at (give it `tabIndex={-1}`, its fallback when it holds
 * no control) and returns the `onKeyDown` to put on it. `onClose` runs on Escape.
 */
export function useDialogFocus(ref: RefObject<HTMLElement | null>, onClose: () => void): (event: KeyboardEvent<HTMLElement>) => void {
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    (tabbables(dialog)[0] ?? dialog).focus();
    return () => {
      // The opener may have gone with the dialog's reason to exist (a tool switched, a page removed).
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, [ref]);

  return (event) => {
    const dialog = ref.current;
    if (!dialog) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      // Handled here: the editor's own Escape shortcut must not run a second time on the same key.
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    const controls = tabbables(dialog);
    const first = controls[0];
    const last = controls.at(-1);
    const active = document.activeElement;
    if (!first || !last) {
      event.preventDefault();
      dialog.focus();
    } else if (event.shiftKey && (active === first || active === dialog)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };
}
