// Compiled by the strict TypeScript consumer (tsconfig.*.json beside it, `skipLibCheck: false`):
// the SDK's published declarations must type-check on their own, with the packages a consumer
// installs (React's types for "."), whatever the module resolution. A host kind that reads its
// native annotation back uses the engine-neutral PDF object types.
import type { PdfEditorProps } from '@marginalia/pdf-editor';
import { hostAnnotationSchema, type Annotation, type HostKind, type PdfDictionary, type ReadEnv } from '@marginalia/pdf-editor/core';
import type { Editor, EditorOptions } from '@marginalia/pdf-editor/editor';

export const props: PdfEditorProps = { file: '/sample.pdf', fileName: 'sample.pdf' };
export const options: EditorOptions = {};
export type Check = (editor: Editor) => Annotation[];

const schema = hostAnnotationSchema('custom:mark', {});

/** The native annotation's own /Size number, read through the engine-neutral dictionary. */
export function sizeOf(env: ReadEnv): number | undefined {
  const dict: PdfDictionary = env.dict;
  const size = env.read.lookup(dict, 'Size');
  return size?.type === 'number' ? size.value : undefined;
}

export const schemaType: HostKind['kind']['type'] = schema.shape.type.value;
