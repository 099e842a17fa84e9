// Type tests of the public API of @marginalia/pdf-editor/core, as a TypeScript caller meets it:
// what compiles, what does not (each `@ts-expect-error` must stay an error), and that no `any`
// reaches a caller. Checked by tsc through vitest's typecheck (the `types` project); never run.
import { assertType, describe, expectTypeOf, it } from 'vitest';
import * as z from 'zod';
import {
  AnnotationExportError,
  AnnotationValidationError,
  applyPageOperation,
  createHistory,
  createPageSpace,
  diffAnnotations,
  diffDocument,
  exportPdf,
  exportPdfWithReport,
  FontLoadError,
  importAnnotations,
  InvalidInputError,
  memorySignatureStore,
  memoryStorage,
  normalizeAnnotation,
  normalizeRotation,
  openGate,
  PageRangeError,
  parseAnnotations,
  PdfEncryptedError,
  PdfPasswordError,
  remapAnnotations,
  rotatePages,
  splitPdf,
  UnsupportedCharactersError,
  findPagesWithoutText,
  OcrLanguageError,
  OcrPageError,
  recognizeText,
  type RecognizeTextOptions,
  registerKinds,
  hostAnnotationSchema,
  type Annotation,
  type CustomAnnotation,
  type CustomType,
  type HostKind,
  type AnnotationDiff,
  type DocumentDiff,
  type DocumentState,
  type AnnotationOfType,
  type AnnotationType,
  type ArrowAnnotation,
  type CircleAnnotation,
  type ExportOptions,
  type ExportResult,
  type Gate,
  type GateAction,
  type GateDecision,
  type ImportOptions,
  type MarkupAnnotation,
  type PageRotation,
  type PdfSource,
  type SignatureStore,
  type StorageAdapter,
  type StoredAnnotations,
  type TextAnnotation,
} from './index';

/** The keys of `T` (of each member, for a union) whose type is `any`. */
type AnyKeys<T> = T extends unknown ? { [K in keyof T]-?: 0 extends 1 & T[K] ? K : never }[keyof T] : never;

declare const bytes: Uint8Array;
declare const annotation: Annotation;

describe('exportPdf', () => {
  it('takes PDF bytes, annotations and options, and resolves to the PDF bytes', () => {
    expectTypeOf(exportPdf).parameters.toEqualTypeOf<[PdfSource, readonly Annotation[], ExportOptions?]>();
    expectTypeOf(exportPdf).returns.toEqualTypeOf<Promise<Uint8Array>>();
    expectTypeOf(exportPdfWithReport).returns.toEqualTypeOf<Promise<ExportResult>>();
    expectTypeOf<ExportResult['bytes']>().toEqualTypeOf<Uint8Array>();
    expectTypeOf<ExportResult['incremental']>().toEqualTypeOf<boolean>();
    expectTypeOf<PdfSource>().toEqualTypeOf<Uint8Array | ArrayBuffer>();
  });

  it('knows the export modes and rejects any other at compile time', () => {
    expectTypeOf<ExportOptions['mode']>().toEqualTypeOf<'flatten' | 'native' | undefined>();
    assertType(
      exportPdf(bytes, [annotation], { mode: 'native', watermark: { text: 'Draft' }, password: 'x' }),
    );
    // @ts-expect-error 'burn-in' is no export mode
    assertType(exportPdf(bytes, [], { mode: 'burn-in' }));
    // @ts-expect-error a string is no PDF
    assertType(exportPdf('file.pdf', []));
    // @ts-expect-error annotations are Annotation objects, not JSON
    assertType(exportPdf(bytes, '[]'));
  });

  it('gives warnings as strings', () => {
    expectTypeOf<NonNullable<ExportOptions['onWarning']>>().toEqualTypeOf<(message: string) => void>();
  });
});

describe('the Annotation union', () => {
  it('narrows on `type` to the one kind', () => {
    if (annotation.type === 'text') {
      expectTypeOf(annotation).toEqualTypeOf<TextAnnotation>();
      expectTypeOf(annotation.content).toBeString();
    }
    if (annotation.type === 'circle') expectTypeOf(annotation).toEqualTypeOf<CircleAnnotation>();
    if (
      annotation.type === 'highlight' ||
      annotation.type === 'underline' ||
      annotation.type === 'strikethrough' ||
      annotation.type === 'squiggly'
    )
      expectTypeOf(annotation).toEqualTypeOf<MarkupAnnotation>();
    expectTypeOf<AnnotationOfType<'arrow'>>().toEqualTypeOf<ArrowAnnotation>();
    expectTypeOf<Annotation['type']>().toEqualTypeOf<AnnotationType | CustomType>();
  });

  it("lets a switch over every kind be checked for exhaustiveness, a host's kinds last", () => {
    const kindOf = (item: Annotation): string => {
      switch (item.type) {
        case 'text':
        case 'highlight':
        case 'strikethrough':
        case 'underline':
        case 'squiggly':
        case 'rectangle':
        case 'circle':
        case 'ellipse':
        case 'arrow':
        case 'freehand':
        case 'polygon':
        case 'polyline':
        case 'image':
        case 'signature':
        case 'stamp':
        case 'whiteout':
        case 'comment':
        case 'caret':
          return item.type;
        default:
          expectTypeOf(item).toEqualTypeOf<CustomAnnotation>();
          return item.type;
      }
    };
    expectTypeOf(kindOf).returns.toBeString();
  });

  it('has no field typed `any` in any kind', () => {
    expectTypeOf<AnyKeys<Annotation>>().toBeNever();
  });

  it('builds a typed annotation from the fields a caller gives', () => {
    expectTypeOf(
      normalizeAnnotation({ type: 'arrow', page: 1, start: { x: 0, y: 0 }, end: { x: 9, y: 9 } }),
    ).toEqualTypeOf<ArrowAnnotation>();
    // @ts-expect-error every annotation names its page
    assertType(normalizeAnnotation({ type: 'text', content: 'x' }));
    // @ts-expect-error 'sticker' is no annotation type
    assertType(normalizeAnnotation({ type: 'sticker', page: 1 }));
    expectTypeOf(parseAnnotations).returns.toEqualTypeOf<Annotation[]>();
  });
});

describe('importAnnotations', () => {
  it('resolves to the model annotations', () => {
    expectTypeOf(importAnnotations).parameters.toEqualTypeOf<[PdfSource, ImportOptions?]>();
    expectTypeOf(importAnnotations).returns.resolves.toEqualTypeOf<Annotation[]>();
    expectTypeOf<ImportOptions['password']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<ImportOptions['onWarning']>().toEqualTypeOf<((message: string) => void) | undefined>();
  });
});

describe('page operations', () => {
  it('return one PDF, or one per part for a split', () => {
    expectTypeOf(rotatePages(bytes, [1], 90)).toEqualTypeOf<Promise<Uint8Array>>();
    expectTypeOf(splitPdf(bytes, [{ from: 1, to: 2 }])).toEqualTypeOf<Promise<Uint8Array[]>>();
    expectTypeOf(applyPageOperation(bytes, { type: 'split', ranges: [{ from: 1, to: 1 }] })).toEqualTypeOf<
      Promise<Uint8Array[]>
    >();
    expectTypeOf(applyPageOperation(bytes, { type: 'delete', pages: [2] })).toEqualTypeOf<
      Promise<Uint8Array>
    >();
    expectTypeOf(
      remapAnnotations([annotation], { type: 'split', ranges: [{ from: 1, to: 1 }] }),
    ).toEqualTypeOf<Annotation[][]>();
    // @ts-expect-error a page turns only by quarter turns
    assertType(rotatePages(bytes, [1], 45));
  });

  it('map page geometry with rotations of 0, 90, 180 or 270', () => {
    expectTypeOf(normalizeRotation).returns.toEqualTypeOf<PageRotation>();
    expectTypeOf(
      createPageSpace({ left: 0, bottom: 0, right: 10, top: 10 }).rotation,
    ).toEqualTypeOf<PageRotation>();
  });
});

describe('errors', () => {
  it('carry typed fields a caller can branch on', () => {
    expectTypeOf<PdfPasswordError['reason']>().toEqualTypeOf<'missing' | 'wrong'>();
    expectTypeOf<PdfPasswordError>().toExtend<PdfEncryptedError>();
    expectTypeOf<InvalidInputError>().toExtend<TypeError>();
    expectTypeOf<InvalidInputError['field']>().toEqualTypeOf<string>();
    expectTypeOf<PageRangeError>().toExtend<RangeError>();
    expectTypeOf<AnnotationValidationError['issues']>().toEqualTypeOf<readonly string[]>();
    expectTypeOf<AnnotationExportError['annotationId']>().toEqualTypeOf<string>();
    expectTypeOf<UnsupportedCharactersError['characters']>().toEqualTypeOf<readonly string[]>();
    expectTypeOf<UnsupportedCharactersError['annotationId']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<FontLoadError['font']>().toEqualTypeOf<string>();
    // @ts-expect-error a password is missing or wrong, nothing else
    assertType(new PdfPasswordError('expired'));
  });
});

describe('adapters', () => {
  it('lets a host write its own storage against the contract', () => {
    const versions = new Map<string, StoredAnnotations>();
    const storage: StorageAdapter = {
      load: async (documentId) => versions.get(documentId) ?? null,
      save: async (documentId, annotations, baseVersion) => {
        expectTypeOf(annotations).toEqualTypeOf<readonly Annotation[]>();
        expectTypeOf(baseVersion).toBeNumber();
        const stored = { annotations: [...annotations], version: baseVersion + 1 };
        versions.set(documentId, stored);
        return stored;
      },
    };
    expectTypeOf(memoryStorage()).toEqualTypeOf<StorageAdapter>();
    expectTypeOf(storage.load).returns.resolves.toEqualTypeOf<StoredAnnotations | null>();
    // @ts-expect-error save must resolve to what was stored, with its new version
    assertType<StorageAdapter>({ load: async () => null, save: async () => undefined });
  });

  it('lets a host write its own gate, deciding per action', () => {
    const gate: Gate = {
      check: (action) => {
        expectTypeOf(action).toEqualTypeOf<GateAction>();
        return action.type === 'tool' && action.tool === 'signature'
          ? { prompt: 'pro-feature', message: 'Signatures are a Pro feature.' }
          : 'allow';
      },
    };
    expectTypeOf(gate.check).returns.toEqualTypeOf<GateDecision>();
    expectTypeOf(openGate).toEqualTypeOf<Gate>();
    // @ts-expect-error 'upgrade' is no prompt trigger
    assertType<Gate>({ check: () => ({ prompt: 'upgrade', message: 'x' }) });
    // @ts-expect-error 'pen' is no tool
    assertType<GateAction>({ type: 'tool', tool: 'pen' });
  });

  it('keeps saved signatures as data URLs', () => {
    expectTypeOf(memorySignatureStore()).toEqualTypeOf<SignatureStore>();
    expectTypeOf<SignatureStore['load']>().returns.toEqualTypeOf<Promise<string[]>>();
  });
});

describe('history', () => {
  it('keeps the type of the state it holds', () => {
    const history = createHistory<readonly Annotation[]>([]);
    expectTypeOf(history.state).toEqualTypeOf<readonly Annotation[]>();
  });

  it('gives listeners the diff its diff option makes, and none without one', () => {
    const annotations: Annotation[] = [];
    createHistory(annotations, { diff: diffAnnotations }).subscribe((_list, change) => {
      expectTypeOf(change.diff).toEqualTypeOf<AnnotationDiff>();
    });
    const initial: DocumentState = { pdf: null, annotations };
    createHistory<DocumentState, DocumentDiff>(initial, { diff: diffDocument }).subscribe((_doc, change) => {
      expectTypeOf(change.diff.documentChanged).toEqualTypeOf<boolean>();
    });
    createHistory(0).subscribe((_n, change) => expectTypeOf(change.diff).toEqualTypeOf<undefined>());
    // @ts-expect-error a diff of other states than the history's
    createHistory(0, { diff: diffAnnotations });
  });
});

describe("a host's own kinds", () => {
  const checkmarkSchema = hostAnnotationSchema('custom:checkmark', { size: z.number() });
  type Checkmark = z.infer<typeof checkmarkSchema>;
  assertType<z.ZodType<Checkmark>>(checkmarkSchema);
  const checkmark = {} as HostKind<'custom:checkmark', Checkmark>;

  it('types their annotations by their schema, with the fields every annotation has', () => {
    expectTypeOf<Checkmark['type']>().toEqualTypeOf<'custom:checkmark'>();
    expectTypeOf<Checkmark>().toMatchTypeOf<CustomAnnotation>();
    expectTypeOf<Checkmark>().toMatchTypeOf<Annotation>();
    expectTypeOf<AnyKeys<Checkmark>>().toBeNever();
  });

  it('registers kinds of any annotation type of their own, and makes them typed', () => {
    registerKinds([checkmark]);
    expectTypeOf(normalizeAnnotation<Checkmark>({ type: 'custom:checkmark', page: 1, size: 12 })).toEqualTypeOf<Checkmark>();
    // @ts-expect-error a field of another type
    normalizeAnnotation<Checkmark>({ type: 'custom:checkmark', page: 1, size: 'big' });
    // @ts-expect-error a type without the custom: prefix
    hostAnnotationSchema('checkmark', {});
  });
});

describe('text recognition', () => {
  it('takes PDF bytes and its options, and returns the PDF with its text layer', () => {
    expectTypeOf(recognizeText).returns.resolves.toEqualTypeOf<Uint8Array>();
    expectTypeOf(findPagesWithoutText).returns.resolves.toEqualTypeOf<number[]>();
    expectTypeOf<AnyKeys<RecognizeTextOptions>>().toBeNever();
    assertType<RecognizeTextOptions>({ pages: [1, 2], languages: ['eng', 'fra'], onProgress: (done: number, total: number) => void [done, total], signal: new AbortController().signal });
    // @ts-expect-error languages are codes, not one string
    assertType<RecognizeTextOptions>({ languages: 'eng' });
  });

  it('names what its typed errors are about', () => {
    expectTypeOf<OcrLanguageError['language']>().toEqualTypeOf<string>();
    expectTypeOf<OcrPageError['page']>().toEqualTypeOf<number>();
  });
});

describe('the model types', () => {
  it('name each choice of a field, as the schemas declare them', () => {
    expectTypeOf<TextAnnotation['textDecoration']>().toEqualTypeOf<'none' | 'underline'>();
    expectTypeOf<TextAnnotation['fontWeight']>().toEqualTypeOf<'normal' | 'bold'>();
    expectTypeOf<TextAnnotation['width']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<ArrowAnnotation['page']>().toEqualTypeOf<number>();
    expectTypeOf<NonNullable<Annotation['replies']>[number]['state']>().toEqualTypeOf<'resolved' | 'reopened' | undefined>();
  });
});
