// Type tests of the public API of @marginalia/pdf-editor (the React entry) as a host app meets it:
// the <PdfEditor /> props (controlled annotations, callbacks), its ref handle, and runExport from
// the editor entry (the "." entry names its options type only).
// Checked by tsc through vitest's typecheck (the `types` project); never run.
import { useRef, useState } from 'react';
import { assertType, describe, expectTypeOf, it } from 'vitest';
import {
  PdfEditor,
  type Annotation,
  type AnnotationsChange,
  type PdfEditorHandle,
  type PdfEditorProps,
  type PdfFile,
  type RunExportOptions,
  type HostKindWithView,
  type Messages,
  defaultMessages,
} from './index';
import { runExport } from '../editor/index';
import * as z from 'zod';
import { hostAnnotationSchema, type AnnotationType, type HostKind } from '../core/index';

declare const handle: PdfEditorHandle;

/** The keys of `T` whose type is `any`. */
type AnyKeys<T> = { [K in keyof T]-?: 0 extends 1 & T[K] ? K : never }[keyof T];

describe('<PdfEditor /> props', () => {
  it('has no prop typed `any`, and callbacks whose parameters are typed', () => {
    expectTypeOf<AnyKeys<PdfEditorProps>>().toBeNever();
    expectTypeOf<NonNullable<PdfEditorProps['onError']>>().parameter(0).toEqualTypeOf<Error>();
    expectTypeOf<Parameters<NonNullable<PdfEditorProps['onError']>>[number]>().not.toBeAny();
    expectTypeOf<NonNullable<PdfEditorProps['onAnnotationsChange']>>().parameters.toEqualTypeOf<
      [annotations: Annotation[], change: AnnotationsChange]
    >();
    expectTypeOf<PdfEditorProps['annotations']>().toEqualTypeOf<Annotation[] | undefined>();
    expectTypeOf<PdfEditorProps['file']>().toEqualTypeOf<PdfFile | null | undefined>();
    expectTypeOf<PdfFile>().toEqualTypeOf<Uint8Array | ArrayBuffer | Blob | string | URL>();
  });

  it('controls the annotations with React state', () => {
    function Controlled() {
      const [annotations, setAnnotations] = useState<Annotation[]>([]);
      const editor = useRef<PdfEditorHandle>(null);
      return (
        <PdfEditor
          ref={editor}
          file="/sample.pdf"
          annotations={annotations}
          onAnnotationsChange={setAnnotations}
          onError={(error) => expectTypeOf(error.message).toBeString()}
        />
      );
    }
    assertType(Controlled);
  });

  it('rejects props of the wrong type', () => {
    // @ts-expect-error a page number is no file
    assertType(<PdfEditor file={3} />);
    // @ts-expect-error annotations are Annotation objects, not their JSON
    assertType(<PdfEditor annotations="[]" />);
    // @ts-expect-error the editor reports the new list, not a single annotation
    assertType(<PdfEditor onAnnotationsChange={(annotation: Annotation) => annotation.id} />);
  });
});

describe('messages', () => {
  it("names every kind's tool label, so a host translates each one and a mistyped key is an error", () => {
    expectTypeOf<Pick<Messages, `tool.${AnnotationType}`>>().toEqualTypeOf<
      Record<`tool.${AnnotationType}`, string>
    >();
    expectTypeOf(defaultMessages['tool.caret']).toEqualTypeOf<'Insert text'>();
    assertType<Partial<Messages>>({ 'tool.squiggly': 'Wellenlinie', 'tool.select': 'Auswählen' });
    // @ts-expect-error no kind is called "rectangel"
    assertType<Partial<Messages>>({ 'tool.rectangel': 'Rechteck' });
  });
});

describe('the ref handle and runExport', () => {
  it('export the PDF as bytes, with the core export options', () => {
    expectTypeOf<PdfEditorHandle['exportPdf']>().returns.toEqualTypeOf<Promise<Uint8Array>>();
    expectTypeOf<PdfEditorHandle['getAnnotations']>().returns.toEqualTypeOf<Annotation[]>();
    expectTypeOf(runExport).returns.toEqualTypeOf<Promise<Uint8Array>>();
    expectTypeOf<RunExportOptions['mode']>().toEqualTypeOf<'flatten' | 'native' | undefined>();
    expectTypeOf<RunExportOptions['signal']>().toEqualTypeOf<AbortSignal | undefined>();
    assertType(handle.exportPdf({ mode: 'native', signal: new AbortController().signal }));
    // @ts-expect-error 'burn-in' is no export mode
    assertType(handle.exportPdf({ mode: 'burn-in' }));
    // @ts-expect-error 'burn-in' is no export mode
    assertType(runExport(new Uint8Array(), [], { mode: 'burn-in' }));
  });
});

describe("a host's own kinds (the kinds prop)", () => {
  const schema = hostAnnotationSchema('custom:checkmark', { size: z.number() });
  type Checkmark = z.infer<typeof schema>;
  assertType<z.ZodType<Checkmark>>(schema);
  const core = {} as HostKind<'custom:checkmark', Checkmark>;

  it('takes a kind with a view typed for its own annotations', () => {
    const kind: HostKindWithView<'custom:checkmark', Checkmark> = {
      ...core,
      view: ({ annotation, common }) => {
        expectTypeOf(annotation.size).toEqualTypeOf<number>();
        expectTypeOf(common['data-annotation-type']).toEqualTypeOf<'custom:checkmark'>();
        return <rect {...common} width={annotation.size} height={annotation.size} />;
      },
    };
    assertType(<PdfEditor kinds={[kind]} />);
    // @ts-expect-error a kind without its view draws nothing on screen
    assertType(<PdfEditor kinds={[core]} />);
  });
});
