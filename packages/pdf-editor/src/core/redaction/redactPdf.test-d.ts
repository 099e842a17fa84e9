// Type tests of redactPdf as a TypeScript caller meets it through @marginalia/pdf-editor/core:
// what compiles, what does not (each `@ts-expect-error` must stay an error), no `any` reaching a
// caller. Checked by tsc through vitest's typecheck (the `types` project); never run.
import { describe, expectTypeOf, it } from 'vitest';
import { redactPdf, type RedactedArea, type RedactionResult, type RedactOptions, type RemovedMetadata } from '../index';

/** The keys of `T` whose type is `any`. */
type AnyKeys<T> = T extends unknown ? { [K in keyof T]-?: 0 extends 1 & T[K] ? K : never }[keyof T] : never;

declare const bytes: Uint8Array;

describe('redactPdf', () => {
  it('takes bytes and areas, and gives the new bytes with what was removed', () => {
    expectTypeOf(redactPdf(bytes, { areas: [{ page: 1, rect: { x: 0, y: 0, width: 10, height: 10 } }] })).resolves.toEqualTypeOf<RedactionResult>();
    expectTypeOf(redactPdf(new ArrayBuffer(8), { areas: [], removeMetadata: true, password: 'x', fill: '#ff0000', overlayText: 'X' })).resolves.toHaveProperty('bytes').toEqualTypeOf<Uint8Array>();
    expectTypeOf<RedactionResult['metadata']>().toEqualTypeOf<RemovedMetadata[]>();
    expectTypeOf<RedactedArea['annotations'][number]['subtype']>().toEqualTypeOf<string>();
  });

  it('lets no any reach a caller', () => {
    expectTypeOf<AnyKeys<RedactOptions>>().toBeNever();
    expectTypeOf<AnyKeys<RedactionResult>>().toBeNever();
    expectTypeOf<AnyKeys<RedactedArea>>().toBeNever();
  });

  it('refuses what is no redaction', () => {
    // @ts-expect-error areas are required
    void redactPdf(bytes, {});
    // @ts-expect-error an area needs its page
    void redactPdf(bytes, { areas: [{ rect: { x: 0, y: 0, width: 1, height: 1 } }] });
    // @ts-expect-error a string is no PDF
    void redactPdf('file.pdf', { areas: [] });
  });
});
