// The view slice: the page the user is on, how many pages the document has, and the zoom.
import type { GetState, SetSlice, Slice } from './slice';
import type { EditorStoreOptions } from './types';
import { clampZoom, ZOOM } from './zoom';

export function viewSlice(
  options: EditorStoreOptions,
  set: SetSlice<'currentPage' | 'pageCount' | 'zoom'>,
  get: GetState,
): Slice<'currentPage' | 'pageCount' | 'zoom', 'goToPage' | 'setPageCount' | 'setZoom'> {
  return {
    currentPage: Math.max(1, options.initialPage ?? 1),
    pageCount: 0,
    zoom: options.zoom ?? ZOOM.initial,
    actions: {
      goToPage(page) {
        const count = get().pageCount;
        const target = Math.max(1, count > 0 ? Math.min(count, Math.round(page)) : Math.round(page));
        if (target !== get().currentPage) set({ currentPage: target });
      },
      setPageCount(pageCount) {
        set({ pageCount, currentPage: Math.min(Math.max(1, get().currentPage), Math.max(1, pageCount)) });
      },
      setZoom(zoom) {
        set({ zoom: clampZoom(zoom) });
      },
    },
  };
}
