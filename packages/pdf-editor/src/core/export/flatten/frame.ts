// Draws on pages as the user saw them. Each page that gets drawn on has one canvas whose operators
// are in display coordinates (points, origin top-left of the displayed page, y down: the
// annotation model's own space). It opens with the display-to-PDF matrix (/Rotate and CropBox
// offset applied) and round joins; on commit it becomes ONE content stream appended to the page.
import type { PDF, PDFPage } from '../../pdf/engine';
import type { PageSpace } from '../../geometry/pageSpace';
import type { ObjectSink } from '../../pdf/objectWriter';
import { parseHexColor, type RgbComponents } from '../../pdf/color';
import type { ExportContext } from '../context';
import { displayToPdfMatrix } from '../displayMatrix';
import { ContentBuilder, LineJoin } from './contentBuilder';
import { createContentAppender } from './pageContents';
import { createResourceRegistry, type BlendMode, type PageResources } from './pageResources';

/**
 * Where a kind draws one annotation (a page's content, or a native annotation's appearance), in
 * page points with the origin at the top-left of the page as displayed: the frame maps them to PDF.
 */
export interface Canvas {
  /** Displayed page size in points. */
  readonly width: number;
  readonly height: number;
  /** The page's additions so far, in display coordinates. */
  readonly content: ContentBuilder;
  readonly resources: PageResources;
  /** Sets fill and stroke opacity and the blend mode until the enclosing `restore()`. */
  setOpacity(opacity: number, blendMode?: BlendMode): void;
  /** An annotation colour's components (black unless a 6-digit hex), parsed once per export. */
  color(hex: string | undefined): RgbComponents;
}

export interface PageCanvases {
  /** The canvas of the 0-based page. */
  canvas(pageIndex: number): Canvas;
  /** Writes every canvas that was drawn on into its page. Call once, before saving. */
  commit(): void;
}

interface PageCanvas extends Canvas {
  page: PDFPage;
  /** Bytes of the opening frame; a canvas no longer than this was never drawn on. */
  frameSize: number;
}

/**
 * A canvas drawing into `content` in the display coordinates of `space`: it opens the frame (the
 * display-to-PDF matrix, round joins) on `content`, which callers close with one `restore()`.
 * With `origin`, the canvas draws a form XObject whose space starts at that point of PDF space:
 * the frame is one matrix, and neither saved nor restored, as a form's content is painted in a
 * graphics state of its own (a native export's appearances: 22 bytes each).
 */
export function createCanvas(
  space: PageSpace,
  content: ContentBuilder,
  resources: PageResources,
  color: (hex: string | undefined) => RgbComponents,
  origin?: { x: number; y: number },
): Canvas {
  const { a, b, c, d, e, f } = displayToPdfMatrix(space);
  if (origin) content.transform(a, b, c, d, e - origin.x, f - origin.y).lineJoin(LineJoin.round);
  else content.save().transform(a, b, c, d, e, f).lineJoin(LineJoin.round);
  return {
    width: space.width,
    height: space.height,
    content,
    resources,
    setOpacity(opacity, blendMode = 'Normal') {
      const name = resources.opacity(opacity, blendMode);
      if (name) content.graphicsState(name);
    },
    color,
  };
}

/**
 * Canvases over `doc`'s pages, opened as they are first drawn on; `pageAt` finds a page where the
 * document was opened with only the touched pages (pdf/lazyAppend.ts), and the new content
 * streams and graphics states go to `objects` (by default registered with the engine).
 */
export function createPageCanvases(
  doc: PDF,
  context: ExportContext,
  pageAt?: (pageIndex: number) => PDFPage | undefined,
  objects?: ObjectSink,
): PageCanvases {
  const registry = createResourceRegistry(doc, objects);
  const appender = createContentAppender(doc, objects);
  const canvases = new Map<number, PageCanvas>();
  const colors = new Map<string | undefined, RgbComponents>();
  const color = (hex: string | undefined): RgbComponents => {
    let components = colors.get(hex);
    if (!components) colors.set(hex, (components = parseHexColor(hex)));
    return components;
  };

  const open = (pageIndex: number): PageCanvas => {
    const page = pageAt ? pageAt(pageIndex) : doc.getPage(pageIndex);
    if (!page) throw new RangeError(`The document has no page ${pageIndex + 1}.`);
    const content = new ContentBuilder();
    const canvas = createCanvas(context.pageSpace(pageIndex), content, registry.forPage(page), color);
    return { ...canvas, page, frameSize: content.size };
  };

  return {
    canvas(pageIndex) {
      let canvas = canvases.get(pageIndex);
      if (!canvas) canvases.set(pageIndex, (canvas = open(pageIndex)));
      return canvas;
    },
    commit() {
      for (const { page, frameSize, content } of canvases.values()) {
        if (content.size > frameSize) appender.append(page, content.restore().bytes());
      }
      canvases.clear();
    },
  };
}
