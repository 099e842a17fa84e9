// The page viewer: navigation, then a continuously scrolling, virtualised column of pages.
// It attaches itself to the editor as its view (scroll to a page, fit width, text lines for the
// markup tools) and keeps the current page in step with the scroll position.
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Annotation, Rect } from '../../core/index';
import type { EditorState } from '../../editor/index';
import { useDocumentView, useEditorRuntime, useEditorState } from '../context';
import { centerPage, layoutPages, PAGE_GAP, visiblePages } from './layout';
import type { PageLayout } from './layout';
import { PageNavigation } from './PageNavigation';
import { PageView } from './PageView';
import { PasswordPrompt } from './PasswordPrompt';
import { createPointerRouter } from './pointerRouter';
import { fallbackEmHeights, loadFontsFor, TextHeightsContext, unicodeFontStack } from './screenFonts';

/** Props of <PdfViewer />. */
export interface PdfViewerProps {
  /** Show zoom buttons (hidden when the host supplies the zoom). */
  zoomControls?: boolean;
  /** Show Previous / Page N of M / Next. */
  navigation?: boolean;
}

/** The page viewer: navigation, zoom and a virtualised, continuously scrolling column of pages. */
export function PdfViewer({ zoomControls = true, navigation = true }: PdfViewerProps) {
  const runtime = useEditorRuntime();
  const { messages } = runtime;
  const status = useDocumentView((v) => v.status);
  const error = useDocumentView((v) => v.error);
  const pdf = useDocumentView((v) => v.pdf);
  const sizes = useDocumentView((v) => v.pageSizes);
  const zoom = useEditorState((s) => s.zoom);
  const scrollRef = useRef<HTMLDivElement>(null);
  const textLayers = useRef(new Map<number, HTMLDivElement>());
  const scrolledTo = useRef(0);
  // The scroll position the view last went to by itself (to the editor's page, or keeping that page
  // in place as sizes are learned), NaN once the user scrolls: the view there shows the editor's
  // page, so neither does its centre page replace it nor does the scroll stop following a
  // collaborator, which any scroll of the user's does.
  const ownTop = useRef(Number.NaN);
  const scrollOwn = (el: HTMLElement, top: number) => {
    const before = el.scrollTop;
    el.scrollTop = top;
    if (el.scrollTop !== before) ownTop.current = el.scrollTop;
  };
  const fittedFor = useRef<{ pdf: unknown; width: number }>({ pdf: null, width: 0 });
  // What the render depends on: the pages to mount and the viewer's width, not the scroll position,
  // so a scroll event that mounts no new page re-renders nothing (it fires at every frame).
  const [mounted, setMounted] = useState({ first: 1, last: 0, width: 800 });
  const descriptionId = useId();
  const fonts = runtime.options.exportFonts;
  const fontStack = useMemo(() => unicodeFontStack(fonts), [fonts]);
  // Counts the fallbacks fetched, so texts drawn with one move to the baseline its heights give.
  const [fontsLoaded, setFontsLoaded] = useState(0);
  const textHeights = useMemo(() => (text: string) => fallbackEmHeights(fonts, text), [fonts, fontsLoaded]);

  // The export's lazy fonts a text on the pages (or being typed) needs are fetched for the screen too.
  // Only what an edit added or changed is looked at, so an edit's cost does not grow with the document.
  useEffect(() => {
    const { store } = runtime;
    const load = (annotations: readonly Annotation[], editing: EditorState['editing']) =>
      loadFontsFor(fonts, [...annotations.map((a) => ('content' in a && typeof a.content === 'string' ? a.content : '')), editing?.content ?? ''], () =>
        setFontsLoaded((n) => n + 1),
      );
    load(store.getState().annotations, store.getState().editing);
    const unsubscribeHistory = store.history.subscribe((_, { diff }) => {
      if (diff.added.length > 0 || diff.updated.length > 0) load([...diff.added, ...diff.updated.map(([, after]) => after)], null);
    });
    const unsubscribeStore = store.subscribe((state, previous) => {
      if (state.editing !== previous.editing) load([], state.editing);
    });
    return () => {
      unsubscribeHistory();
      unsubscribeStore();
    };
  }, [runtime, fonts]);

  const layout = useMemo(() => layoutPages(sizes, zoom), [sizes, zoom]);
  const layoutRef = useRef(layout);
  layoutRef.current = layout;

  const router = useMemo(
    () =>
      createPointerRouter({
        machine: () => runtime.machine(),
        getZoom: () => runtime.store.getState().zoom,
        setZoom: (z) => runtime.store.getState().actions.setZoom(z),
      }),
    [runtime],
  );

  // A page's rank in the render queue: how far it is from the middle of the view, read when a
  // turn comes, so the pages in view go first wherever the scroll went meanwhile, and the pages
  // beside it (mounted ahead of scrolling) never slow down the first one.
  const renderRank = useCallback((page: number) => {
    const el = scrollRef.current;
    const top = layoutRef.current.tops[page - 1];
    const height = layoutRef.current.heights[page - 1];
    if (!el || top === undefined || height === undefined) return Number.MAX_SAFE_INTEGER;
    return Math.abs(top + height / 2 - (el.scrollTop + el.clientHeight / 2));
  }, []);

  const registerTextLayer = useCallback((page: number, element: HTMLDivElement | null) => {
    if (element) textLayers.current.set(page, element);
    else textLayers.current.delete(page);
  }, []);

  const mount = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    const { first, last } = visiblePages(layoutRef.current, el.scrollTop, el.clientHeight || 800);
    const width = el.clientWidth || 800;
    setMounted((now) => (now.first === first && now.last === last && now.width === width ? now : { first, last, width }));
  }, []);

  const measure = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    // The compact layout sets --mg-fit-page-width: 1, so a document opens (and a turned phone
    // re-fits) with the page as wide as the viewer instead of off-screen at the initial zoom,
    // unless the host drives the zoom.
    const pdf = runtime.document.getState().pdf;
    if (zoomControls && pdf && (fittedFor.current.pdf !== pdf || fittedFor.current.width !== el.clientWidth)) {
      fittedFor.current = { pdf, width: el.clientWidth };
      if (getComputedStyle(el).getPropertyValue('--mg-fit-page-width').trim() === '1') runtime.view?.fitWidth();
    }
    mount();
    const page = centerPage(layoutRef.current, el.scrollTop, el.clientHeight);
    if (layoutRef.current.tops.length > 0 && el.scrollTop !== ownTop.current && page !== runtime.store.getState().currentPage) {
      scrolledTo.current = page;
      runtime.store.getState().actions.goToPage(page);
    }
  }, [runtime, zoomControls, mount]);

  const onScroll = useCallback(() => {
    const el = scrollRef.current;
    if (el && el.scrollTop !== ownTop.current) {
      ownTop.current = Number.NaN;
      const { following, actions } = runtime.store.getState();
      if (following !== null) actions.followPeer(null);
    }
    measure();
  }, [runtime, measure]);

  useLayoutEffect(
    () =>
      runtime.attachView({
        scrollToPage(page) {
          const el = scrollRef.current;
          const top = layoutRef.current.tops[page - 1];
          if (!el || top === undefined || scrolledTo.current === page) return;
          scrolledTo.current = page;
          scrollOwn(el, top - PAGE_GAP);
        },
        fitWidth() {
          const el = scrollRef.current;
          const size = runtime.document.getState().pageSizes[runtime.store.getState().currentPage - 1];
          if (el && size) runtime.store.getState().actions.setZoom((el.clientWidth - 2 * PAGE_GAP) / size.width);
        },
        textSpans(page: number): Rect[] {
          const layer = textLayers.current.get(page);
          if (!layer) return [];
          const origin = layer.getBoundingClientRect();
          const scale = runtime.store.getState().zoom;
          return [...layer.querySelectorAll('span')].map((span) => {
            const r = span.getBoundingClientRect();
            return { x: (r.left - origin.left) / scale, y: (r.top - origin.top) / scale, width: r.width / scale, height: r.height / scale };
          });
        },
      }),
    [runtime],
  );

  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(el);
    measure();
    return () => observer?.disconnect();
  }, [measure, status]);

  // A new zoom or document shows the current page from its top. A page measured when drawn (until
  // then it has page 1's size) moves the pages after it: the page the user is on stays where it is
  // on screen, so refining a size above it never makes the view jump.
  const shown = useRef<{ layout: PageLayout; zoom: number; pdf: unknown }>({ layout, zoom, pdf: undefined });
  useLayoutEffect(() => {
    const el = scrollRef.current;
    const before = shown.current;
    shown.current = { layout, zoom, pdf };
    const page = runtime.store.getState().currentPage;
    const top = layout.tops[page - 1];
    if (el && top !== undefined) {
      if (before.zoom === zoom && before.pdf === pdf) scrollOwn(el, el.scrollTop + top - (before.layout.tops[page - 1] ?? top));
      else {
        scrollOwn(el, top - PAGE_GAP);
        scrolledTo.current = page;
      }
    }
    measure();
  }, [layout]);

  if (status === 'password') return <PasswordPrompt />;
  if (status === 'error') return <p className="mg-error" role="alert">{error}</p>;
  if (status === 'empty') return <p className="mg-empty">{messages.noDocument}</p>;

  const { first, last } = mounted;
  const innerWidth = Math.max(mounted.width, layout.maxWidth + 2 * PAGE_GAP);
  const pages: number[] = [];
  for (let n = first; n <= last; n++) pages.push(n);

  return (
    <div className="mg-viewer" style={{ ['--mg-unicode-fonts' as string]: fontStack }}>
      {navigation && <PageNavigation zoomControls={zoomControls} />}
      <p id={descriptionId} className="mg-visually-hidden">{messages.canvasDescription}</p>
      <div ref={scrollRef} className="mg-scroll" onScroll={onScroll}>
        {status === 'loading' || !pdf ? (
          <p className="mg-loading" role="status">{messages.loadingPdf}</p>
        ) : (
          <TextHeightsContext.Provider value={textHeights}>
            <div className="mg-pages" style={{ height: layout.totalHeight, width: innerWidth }}>
              {pages.map((n) => {
                const size = sizes[n - 1];
                if (!size) return null;
                return (
                  <div key={n} className="mg-page-slot" style={{ left: (innerWidth - size.width * zoom) / 2 }}>
                    <PageView pdf={pdf} pageNumber={n} size={size} zoom={zoom} top={layout.tops[n - 1] ?? 0} router={router} renderRank={renderRank}
                      descriptionId={descriptionId} registerTextLayer={registerTextLayer} />
                  </div>
                );
              })}
            </div>
          </TextHeightsContext.Provider>
        )}
      </div>
    </div>
  );
}
