// Where toasts go: at the top right, under the site header, and on the editor page under its toolbar
// and over the pages (not over the style panel), so a toast never covers a control. Another page
// can register its own area and mark the controls at its top with `data-toasts-below` (the tool
// page's tabs, which a phone-width toast would otherwise cover). A hovered toast
// stays open, so one covering a button could hide it for good.
import { useEffect, type RefObject } from 'react';
import { create } from 'zustand';

export const TOAST_GAP_PX = 12;

/** The page element whose working area toasts sit in; null for ordinary pages. */
export const useToastArea = create<{ area: HTMLElement | null }>(() => ({ area: null }));

/** Makes toasts sit inside `ref`'s element while it is mounted (the editor frame). */
export function useToastAreaOf(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = ref.current;
    useToastArea.setState({ area: element });
    return () => {
      if (useToastArea.getState().area === element) useToastArea.setState({ area: null });
    };
  }, [ref]);
}

export interface ToastOffset {
  top: number;
  right: number;
}

/**
 * The toaster's distance from the window's top and right edges: below the header and, in `area`,
 * below everything at the top of it (the editor's toolbar) and left of the pages' right edge.
 */
export function toastOffset(area: HTMLElement | null, doc: Document = document): ToastOffset {
  const view = doc.defaultView;
  const width = view?.innerWidth ?? 0;
  let top = doc.querySelector('header.navbar')?.getBoundingClientRect().bottom ?? 0;
  let right = 0;
  if (area) {
    const box = area.getBoundingClientRect();
    const toolbar = area.querySelector('.mg-toolbar, [data-toasts-below]')?.getBoundingClientRect();
    const pages = area.querySelector('.mg-main')?.getBoundingClientRect() ?? box;
    top = Math.max(top, toolbar?.bottom ?? box.top, pages.top);
    right = Math.max(0, width - pages.right);
  }
  return { top: Math.round(top) + TOAST_GAP_PX, right: Math.round(right) + TOAST_GAP_PX };
}
