// Builds an annotation's normal appearance stream (/AP /N). Writers draw in the editor's display
// space (points, origin top-left of the page as displayed, y downwards); one `cm` maps that onto
// the form's space. The form's /BBox starts at the origin and has the size of the annotation's
// /Rect, with an identity /Matrix: every viewer (poppler, MuPDF, pdf.js, PDFium, Acrobat) maps such
// a box one to one onto /Rect, including the upright boxes of NoRotate notes on rotated pages,
// which some viewers misplace or drop when the box sits elsewhere.
import type { PDF, PdfRef } from '@libpdf/core';
import type { PageSpace } from '../../geometry/pageSpace';
import type { Rect } from '../../model/types';
import { pdfDict, pdfStream, type PdfValue } from '../../pdf/objects';
import type { ExportFont } from '../context';
import { displayToPdfMatrix } from '../displayMatrix';
import { num } from './pdfValues';

type BlendMode = 'Normal' | 'Multiply';

const encoder = new TextEncoder();

export class AppearanceBuilder {
  private readonly operators: string[] = [];
  private readonly states = new Map<string, { alpha: number; blendMode: BlendMode }>();
  private readonly fonts = new Map<PdfRef, string>();
  private readonly xObjects = new Map<PdfRef, string>();

  constructor(
    private readonly doc: PDF,
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
    this.states.set(name, { alpha: Math.min(1, Math.max(0, opacity)), blendMode });
    this.push(`/${name} gs`);
  }

  /** Resource name of a font, added to the stream's /Resources. */
  fontName(font: ExportFont): string {
    return this.resourceName(this.fonts, font.ref, 'F');
  }

  /** Resource name of an image or form XObject, added to the stream's /Resources. */
  xObjectName(ref: PdfRef): string {
    return this.resourceName(this.xObjects, ref, 'Im');
  }

  /**
   * Registers the form drawn over `pdfRect` (the annotation's /Rect in user space) and returns its
   * ref. Stored uncompressed: appearances are a few hundred bytes, where deflate costs more than it saves.
   */
  register(pdfRect: Rect): PdfRef {
    const { a, b, c, d, e, f } = displayToPdfMatrix(this.space);
    const toForm = `1 0 0 1 ${num(-pdfRect.x)} ${num(-pdfRect.y)} cm`;
    const content = ['q', toForm, `${[a, b, c, d, e, f].map(num).join(' ')} cm`, ...this.operators, 'Q'].join('\n');
    const resources: Record<string, { [name: string]: PdfValue }> = {};
    if (this.states.size > 0) {
      resources.ExtGState = Object.fromEntries(
        [...this.states].map(([name, { alpha, blendMode }]) => [name, pdfDict({ Type: 'ExtGState', ca: alpha, CA: alpha, BM: blendMode })]),
      );
    }
    if (this.fonts.size > 0) resources.Font = Object.fromEntries(invert(this.fonts));
    if (this.xObjects.size > 0) resources.XObject = Object.fromEntries(invert(this.xObjects));
    const stream = pdfStream(
      {
        Type: 'XObject',
        Subtype: 'Form',
        FormType: 1,
        BBox: [0, 0, pdfRect.width, pdfRect.height],
        Matrix: [1, 0, 0, 1, 0, 0],
        Resources: resources,
      },
      encoder.encode(content),
    );
    return this.doc.register(stream);
  }

  private resourceName(map: Map<PdfRef, string>, ref: PdfRef, prefix: string): string {
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
