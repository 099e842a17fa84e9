// Thumbnails of one PDF's pages as React state: page number → image URL, filled in as pages render,
// and rendered anew whenever the bytes change. While a new version of the same file (`fileId`, e.g.
// after a rotation) renders, the previous images stay so the grid does not flash; another file
// starts from an empty grid.
import { useEffect, useState } from 'react';
import { renderThumbnails } from './thumbnails';

export function useThumbnails(bytes: Uint8Array | null, fileId: string | null): ReadonlyMap<number, string> {
  const [state, setState] = useState<{ fileId: string | null; urls: ReadonlyMap<number, string> }>({
    fileId,
    urls: new Map(),
  });
  useEffect(() => {
    if (!bytes) return;
    const controller = new AbortController();
    renderThumbnails(
      bytes,
      (page, url) =>
        setState((current) => ({
          fileId,
          urls: new Map(current.fileId === fileId ? current.urls : []).set(page, url),
        })),
      controller.signal,
    ).catch((error: unknown) => {
      if (!controller.signal.aborted) console.warn('Thumbnails could not be rendered', error);
    });
    return () => controller.abort();
  }, [bytes, fileId]);
  return state.fileId === fileId ? state.urls : new Map();
}
