// Resource names for what flattened drawing uses on a page: fonts, images and the /ExtGState
// objects that carry opacity and blend mode. Objects are made once per document (one /ExtGState
// per distinct opacity and blend, fonts and images from the export context's caches) and named
// once in the page's /Resources, with names that cannot clash with the page's own. Pages that
// inherit or share a /Resources dictionary share the names too: every name points at a
// document-wide object, so it means the same on each of them.
import { PdfDict, type PDF, type PDFPage, type PdfRef } from '../../pdf/engine';
import { pdfValue } from '../../pdf/objects';
import { engineObjects, engineRef, type ObjectSink } from '../../pdf/objectWriter';
import type { PdfReference } from '../../pdfObjectTypes';
import { resolved, writableResources } from '../../pdf/pageAttributes';
import type { ExportFont } from '../context';
import type { EmbeddedImage } from '../images';

/** How a drawing mixes with what is under it: as it is, or multiplied (a highlight over text). */
export type BlendMode = 'Normal' | 'Multiply';

/** The names under which a page's (or form's) /Resources hold fonts, images and opacity states. */
export interface PageResources {
  /** The page's name for the font, e.g. `MgF0`. */
  font(font: ExportFont): string;
  /** The page's name for the image XObject. */
  image(image: EmbeddedImage): string;
  /** The page's name for an /ExtGState with this opacity and blend; undefined for the default (opaque, Normal). */
  opacity(opacity: number, blendMode: BlendMode): string | undefined;
}

export interface ResourceRegistry {
  forPage(page: PDFPage): PageResources;
  /** Names in a form XObject's own /Resources dictionary. */
  forDictionary(resources: PdfDict): PageResources;
}

/** Resource names in `doc`'s pages and forms; new graphics states go to `objects` (by default registered with the engine). */
export function createResourceRegistry(doc: PDF, objects: ObjectSink = engineObjects(doc)): ResourceRegistry {
  /** Names already given in a resource subdictionary, by the object they refer to. */
  const namesByDict = new WeakMap<PdfDict, Map<PdfReference, string>>();
  const graphicsStates = new Map<string, PdfRef>();

  const nameIn = (dict: PdfDict, prefix: string, ref: PdfReference): string => {
    let names = namesByDict.get(dict);
    if (!names) namesByDict.set(dict, (names = new Map()));
    let name = names.get(ref);
    if (name === undefined) {
      let index = names.size;
      do name = `${prefix}${index++}`;
      while (dict.has(name));
      dict.set(name, pdfValue(ref));
      names.set(ref, name);
    }
    return name;
  };

  const graphicsState = (alpha: number, blendMode: BlendMode): PdfRef => {
    const key = `${alpha} ${blendMode}`;
    let ref = graphicsStates.get(key);
    if (!ref) graphicsStates.set(key, (ref = engineRef(objects.add({ Type: 'ExtGState', ca: alpha, CA: alpha, BM: blendMode }))));
    return ref;
  };

  const namesIn = (resourcesDict: () => PdfDict): PageResources => {
    let resources: PdfDict | undefined;
    const subdictionaries = new Map<string, PdfDict>();
    // Looked up (and created where missing) only when a name is first needed.
    const subdictionary = (key: 'Font' | 'XObject' | 'ExtGState'): PdfDict => {
      let dict = subdictionaries.get(key);
      if (dict) return dict;
      resources ??= resourcesDict();
      const found = resolved(doc, resources.get(key));
      if (found instanceof PdfDict) dict = found;
      else resources.set(key, (dict = new PdfDict()));
      subdictionaries.set(key, dict);
      return dict;
    };
    return {
      font: (font) => nameIn(subdictionary('Font'), 'MgF', font.ref),
      image: (image) => nameIn(subdictionary('XObject'), 'MgIm', image.ref),
      opacity(opacity, blendMode) {
        const alpha = Math.min(1, Math.max(0, opacity));
        if (alpha === 1 && blendMode === 'Normal') return undefined;
        return nameIn(subdictionary('ExtGState'), 'MgGS', graphicsState(alpha, blendMode));
      },
    };
  };

  return {
    forPage: (page) => namesIn(() => writableResources(doc, page.dict)),
    forDictionary: (resources) => namesIn(() => resources),
  };
}
