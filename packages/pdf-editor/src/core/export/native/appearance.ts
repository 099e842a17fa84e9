// An annotation's normal appearance stream (/AP /N), drawn by its kind's drawer, the very one that
// flattening draws into the page with (kinds/pdfKind.ts): a native and a flattened export look
// alike by construction, and the drawing maths lives in one place. The drawer draws in display
// space (points, origin top-left of the page as displayed, y downwards) on a canvas whose frame
// maps that onto the form's space. The form's /BBox starts at the origin and has the size of the annotation's /Rect,
// with an identity /Matrix (the default, so not written): every viewer (poppler, MuPDF, pdf.js, PDFium, Acrobat) maps such a box
// one to one onto /Rect, including the upright boxes of NoRotate notes on rotated pages, which some
// viewers misplace or drop when the box sits elsewhere.
import type { PageSpace } from '../../geometry/pageSpace';
import type { Rect } from '../../model/types';
import { parseHexColor, type RgbComponents } from '../../pdf/color';
import type { ObjectRef, PdfDictValue, ObjectSink } from '../../pdf/objectWriter';
import type { PdfReference } from '../../pdfObjectTypes';
import type { ExportFont } from '../context';
import { ContentBuilder } from '../flatten/contentBuilder';
import { createCanvas, type Canvas } from '../flatten/frame';
import type { BlendMode, PageResources } from '../flatten/pageResources';
import type { EmbeddedImage } from '../images';
import { whenReady } from './nativeTypes';

/**
 * The form's own /Resources, written inline with it: fonts and images by reference, opacity as
 * direct /ExtGState dictionaries (a form uses one or two).
 */
class FormResources implements PageResources {
  // Made on first use: most forms use none of them, and an export draws a thousand forms.
  private fonts: Map<PdfReference, string> | undefined;
  private images: Map<PdfReference, string> | undefined;
  private states: Map<string, PdfDictValue> | undefined;

  font(font: ExportFont): string {
    return nameFor((this.fonts ??= new Map()), font.ref, 'F');
  }

  image(image: EmbeddedImage): string {
    return nameFor((this.images ??= new Map()), image.ref, 'Im');
  }

  opacity(opacity: number, blendMode: BlendMode): string | undefined {
    const alpha = Math.min(1, Math.max(0, opacity));
    if (alpha === 1 && blendMode === 'Normal') return undefined;
    const states = (this.states ??= new Map());
    const name = `GS${states.size}`;
    states.set(name, { Type: 'ExtGState', ca: alpha, CA: alpha, BM: blendMode });
    return name;
  }

  /** The form's /Resources; undefined when it uses none. */
  dictionary(): PdfDictValue | undefined {
    if (!this.states && !this.fonts && !this.images) return undefined;
    const resources: Record<string, PdfDictValue> = {};
    if (this.states) resources.ExtGState = Object.fromEntries(this.states);
    if (this.fonts) resources.Font = byName(this.fonts);
    if (this.images) resources.XObject = byName(this.images);
    return resources;
  }
}

function nameFor(names: Map<PdfReference, string>, ref: PdfReference, prefix: string): string {
  let name = names.get(ref);
  if (!name) names.set(ref, (name = `${prefix}${names.size}`));
  return name;
}

function byName(names: Map<PdfReference, string>): PdfDictValue {
  const dict: Record<string, PdfReference> = {};
  for (const [ref, name] of names) dict[name] = ref;
  return dict;
}

/** Writes the appearance streams of one export. */
export class AppearanceWriter {
  /** Colour components by colour string: an export draws with a handful of colours. */
  private readonly colors = new Map<string | undefined, RgbComponents>();
  private readonly color = (hex: string | undefined): RgbComponents => {
    let components = this.colors.get(hex);
    if (!components) this.colors.set(hex, (components = parseHexColor(hex)));
    return components;
  };

  /** One builder for every appearance, drawn one at a time: no new buffer per annotation. */
  private readonly content = new ContentBuilder();

  constructor(private readonly objects: ObjectSink) {}

  /**
   * The form XObject covering `pdfRect` (the annotation's /Rect in user space) that `draw` paints
   * on a canvas in the display coordinates of `space`; returns its ref, through a promise only when
   * `draw` returns one (text and images). Stored uncompressed: appearances are a few hundred bytes,
   * where deflate costs more than it saves.
   */
  write(space: PageSpace, pdfRect: Rect, draw: (canvas: Canvas) => Promise<void> | void): Promise<ObjectRef> | ObjectRef {
    const content = this.content.clear();
    const resources = new FormResources();
    return whenReady(draw(createCanvas(space, content, resources, this.color, pdfRect)), () => {
      // No /FormType or /Matrix: their defaults (1, the identity) are what is meant, and an
      // export writes a thousand forms; no /Resources either when the form uses none.
      const dictionary: Record<string, PdfDictValue[string]> = { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, pdfRect.width, pdfRect.height] };
      const used = resources.dictionary();
      if (used) dictionary.Resources = used;
      return this.objects.add(dictionary, content.view());
    });
  }
}
