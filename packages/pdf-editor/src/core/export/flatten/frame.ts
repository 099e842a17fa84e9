// Draws on pages as the user saw them. Each page that gets drawn on has one canvas whose operators
// are in display coordinates (points, origin top-left of the displayed page, y down: the
// annotation model's own space); on commit they become ONE content stream appended to the page,
// opening with the display-to-PDF matrix (/Rotate and CropBox offset applied) and round joins.
// pdf-lib wraps the page's original content in q ... Q when it first touches the page's /Contents,
// so nothing the original content leaves set (matrix, colours, opacity) leaks into ours.
import type { PDFDocument, PDFPage } from 'pdf-lib';
import type { ExportContext } from '../context';
import { displayToPdfMatrix } from '../displayMatrix';
import { ContentBuilder, LineJoin } from './contentBuilder';
import { createResourceRegistry, type BlendMode, type PageResources } from './pageResources';

export interface Canvas {
  /** Displayed page size in points. */
  readonly width: number;
  readonly height: number;
  /** The page's additions so far, in display coordinates. */
  readonly content: ContentBuilder;
  readonly resources: PageResources;
  /** Sets fill and stroke opacity and the blend mode until the enclosing `restore()`. */
  setOpacity(opacity: number, blendMode?: BlendMode): void;
}

export interface PageCanvases {
  /** The canvas of the 0-based page. */
  canvas(pageIndex: number): Canvas;
  /** Writes every canvas that was drawn on into its page. Call once, before saving. */
  commit(): void;
}

interface PageCanvas extends Canvas {
  page: PDFPage;
  pageIndex: number;
}

const ascii = new TextEncoder();

export function createPageCanvases(doc: PDFDocument, context: ExportContext): PageCanvases {
  const registry = createResourceRegistry(doc);
  const canvases = new Map<number, PageCanvas>();

  const open = (pageIndex: number): PageCanvas => {
    const page = doc.getPage(pageIndex);
    const space = context.pageSpace(pageIndex);
    const content = new ContentBuilder();
    const resources = registry.forPage(page);
    return {
      page,
      pageIndex,
      width: space.width,
      height: space.height,
      content,
      resources,
      setOpacity(opacity, blendMode = 'Normal') {
        const name = resources.opacity(opacity, blendMode);
        if (name) content.graphicsState(name);
      },
    };
  };

  return {
    canvas(pageIndex) {
      let canvas = canvases.get(pageIndex);
      if (!canvas) canvases.set(pageIndex, (canvas = open(pageIndex)));
      return canvas;
    },
    commit() {
      for (const { page, pageIndex, content } of canvases.values()) {
        if (content.isEmpty) continue;
        const { a, b, c, d, e, f } = displayToPdfMatrix(context.pageSpace(pageIndex));
        const frame = new ContentBuilder().save().transform(a, b, c, d, e, f).lineJoin(LineJoin.round);
        // Uncompressed: pdf-lib's JavaScript deflate would cost more than the whole rest of the
        // export, and drawing operators are small next to the pages they are drawn on.
        const bytes = ascii.encode(`${frame.toString()}${content.toString()}Q\n`);
        page.node.addContentStream(doc.context.register(doc.context.stream(bytes)));
      }
      canvases.clear();
    },
  };
}
