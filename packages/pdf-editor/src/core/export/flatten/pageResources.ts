// Resource names for what flattened drawing uses on a page: fonts, images and the /ExtGState
// objects that carry opacity and blend mode. Objects are made once per document (one /ExtGState
// per distinct opacity and blend, fonts and images from the export context's caches) and named
// once in each page's /Resources, with names that cannot clash with the page's own.
import { PDFName, type PDFDict, type PDFDocument, type PDFFont, type PDFImage, type PDFPage, type PDFRef } from 'pdf-lib';

export type BlendMode = 'Normal' | 'Multiply';

export interface PageResources {
  /** The page's name for the font, e.g. `MgF0`. */
  font(font: PDFFont): string;
  /** The page's name for the image XObject. */
  image(image: PDFImage): string;
  /** The page's name for an /ExtGState with this opacity and blend; undefined for the default (opaque, Normal). */
  opacity(opacity: number, blendMode: BlendMode): string | undefined;
}

/** Names, by referenced object, already given in one resource subdictionary (pages may share one). */
type NamesInDict = Map<PDFRef, string>;

export interface ResourceRegistry {
  forPage(page: PDFPage): PageResources;
}

export function createResourceRegistry(doc: PDFDocument): ResourceRegistry {
  const namesByDict = new WeakMap<PDFDict, NamesInDict>();
  const graphicsStates = new Map<string, PDFRef>();

  const nameIn = (dict: PDFDict, prefix: string, ref: PDFRef): string => {
    let names = namesByDict.get(dict);
    if (!names) namesByDict.set(dict, (names = new Map()));
    let name = names.get(ref);
    if (name === undefined) {
      let index = names.size;
      do name = `${prefix}${index++}`;
      while (dict.has(PDFName.of(name)));
      dict.set(PDFName.of(name), ref);
      names.set(ref, name);
    }
    return name;
  };

  const graphicsState = (alpha: number, blendMode: BlendMode): PDFRef => {
    const key = `${alpha} ${blendMode}`;
    let ref = graphicsStates.get(key);
    if (!ref) {
      const state = doc.context.obj({ Type: 'ExtGState', ca: alpha, CA: alpha, BM: blendMode });
      graphicsStates.set(key, (ref = doc.context.register(state)));
    }
    return ref;
  };

  return {
    forPage(page) {
      // Gives the page its own /Resources with /Font, /XObject and /ExtGState subdictionaries.
      const { Font, XObject, ExtGState } = page.node.normalizedEntries();
      return {
        font: (font) => nameIn(Font, 'MgF', font.ref),
        image: (image) => nameIn(XObject, 'MgIm', image.ref),
        opacity(opacity, blendMode) {
          const alpha = Math.min(1, Math.max(0, opacity));
          if (alpha === 1 && blendMode === 'Normal') return undefined;
          return nameIn(ExtGState, 'MgGS', graphicsState(alpha, blendMode));
        },
      };
    },
  };
}
