// Builds an annotation's normal appearance stream (/AP /N). Writers draw in the editor's display
// space (points, origin top-left of the page as displayed, y downwards); one `cm` maps that onto
// PDF user space, so the drawing lands where the user saw it on rotated and offset pages. The form's
// /BBox is the annotation's /Rect in user space with an identity /Matrix, which makes viewers
// (poppler, MuPDF, pdf.js, Acrobat) place it one to one.
import { PDFName, type PDFDict, type PDFDocument, type PDFFont, type PDFRef } from 'pdf-lib';
import type { PageSpace } from '../../geometry/pageSpace';
import type { Rect } from '../../model/types';
import { displayToPdfMatrix } from '../displayMatrix';
import { num } from './pdfValues';

type BlendMode = 'Normal' | 'Multiply';

export class AppearanceBuilder {
  private readonly operators: string[] = [];
  private readonly states = new Map<string, PDFDict>();
  private readonly fonts = new Map<PDFRef, string>();
  private readonly xObjects = new Map<PDFRef, string>();

  constructor(
    private readonly doc: PDFDocument,
    private space: PageSpace,
  ) {}

  /**
   * Draws in another frame than the page's display space: a sticky note keeps its icon upright
   * on screen (NoRotate), so it draws in its own unrotated box.
   */
  useFrame(space: PageSpace): void {
    this.space = space;
  }

  /** Appends content-stream operators, in display coordinates. */
  push(...operators: string[]): void {
    this.operators.push(...operators);
  }

  /** Sets fill and stroke opacity (and the blend mode) for what is drawn next. */
  setOpacity(opacity: number, blendMode: BlendMode = 'Normal'): void {
    if (opacity >= 1 && blendMode === 'Normal') return;
    const name = `GS${this.states.size}`;
    const alpha = Math.min(1, Math.max(0, opacity));
    this.states.set(
      name,
      this.doc.context.obj({ Type: 'ExtGState', ca: alpha, CA: alpha, BM: blendMode }),
    );
    this.push(`/${name} gs`);
  }

  /** Resource name of a font, added to the stream's /Resources. */
  fontName(font: PDFFont): string {
    return this.resourceName(this.fonts, font.ref, 'F');
  }

  /** Resource name of an image or form XObject, added to the stream's /Resources. */
  xObjectName(ref: PDFRef): string {
    return this.resourceName(this.xObjects, ref, 'Im');
  }

  /** Registers the stream whose /BBox is `pdfRect` (the annotation's /Rect) and returns its ref. */
  register(pdfRect: Rect): PDFRef {
    const { a, b, c, d, e, f } = displayToPdfMatrix(this.space);
    const content = ['q', `${[a, b, c, d, e, f].map(num).join(' ')} cm`, ...this.operators, 'Q'].join('\n');
    const context = this.doc.context;
    const resources = context.obj({});
    const addGroup = (key: string, entries: Iterable<[string, PDFDict | PDFRef]>) => {
      const group = context.obj({});
      for (const [name, value] of entries) group.set(PDFName.of(name), value);
      if (group.keys().length > 0) resources.set(PDFName.of(key), group);
    };
    addGroup('ExtGState', this.states);
    addGroup('Font', invert(this.fonts));
    addGroup('XObject', invert(this.xObjects));
    const stream = context.flateStream(content, {
      Type: 'XObject',
      Subtype: 'Form',
      FormType: 1,
      BBox: [pdfRect.x, pdfRect.y, pdfRect.x + pdfRect.width, pdfRect.y + pdfRect.height],
      Matrix: [1, 0, 0, 1, 0, 0],
      Resources: resources,
    });
    return context.register(stream);
  }

  private resourceName(map: Map<PDFRef, string>, ref: PDFRef, prefix: string): string {
    let name = map.get(ref);
    if (!name) {
      name = `${prefix}${map.size}`;
      map.set(ref, name);
    }
    return name;
  }
}

function invert<V>(map: Map<V, string>): [string, V][] {
  return [...map].map(([value, name]) => [name, value]);
}

/** Path operators for a rectangle given in display coordinates. */
export function rectPath({ x, y, width, height }: Rect): string {
  return `${num(x)} ${num(y)} ${num(width)} ${num(height)} re`;
}

/** Path operators for an ellipse (four Bezier arcs) centred at cx, cy. */
export function ellipsePath(cx: number, cy: number, rx: number, ry: number): string {
  const k = 0.5522847498;
  const ox = rx * k;
  const oy = ry * k;
  const p = (...values: number[]) => values.map(num).join(' ');
  return [
    `${p(cx + rx, cy)} m`,
    `${p(cx + rx, cy + oy, cx + ox, cy + ry, cx, cy + ry)} c`,
    `${p(cx - ox, cy + ry, cx - rx, cy + oy, cx - rx, cy)} c`,
    `${p(cx - rx, cy - oy, cx - ox, cy - ry, cx, cy - ry)} c`,
    `${p(cx + ox, cy - ry, cx + rx, cy - oy, cx + rx, cy)} c`,
    'h',
  ].join(' ');
}

/** Path operators joining the points with straight segments. */
export function polylinePath(points: readonly { x: number; y: number }[]): string {
  return points.map((point, index) => `${num(point.x)} ${num(point.y)} ${index === 0 ? 'm' : 'l'}`).join(' ');
}
