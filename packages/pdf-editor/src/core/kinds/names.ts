// The built-in annotation kinds, in toolbar order: the one list a new kind joins. The registries
// of every layer (the schema union, KINDS, PDF_KINDS, KIND_VIEWS and the kinds' tools) are
// generated from it by scripts/kind-registries.ts (`npm run kinds -w @marginalia/pdf-editor`),
// which finds each kind's parts by their names: for a kind `foo`, `fooAnnotationSchema` and
// `fooKind` in core/kinds/foo/index.ts, `fooPdf` in core/kinds/foo/pdf.ts, `FooView` in
// react/kinds/foo.tsx and `fooTool` in editor/tools/foo/index.ts.
// No import here: Node loads this file on its own to run the generator.
export const KIND_NAMES = [
  'text',
  'highlight',
  'strikethrough',
  'underline',
  'squiggly',
  'freehand',
  'rectangle',
  'circle',
  'ellipse',
  'arrow',
  'polygon',
  'polyline',
  'comment',
  'caret',
  'signature',
  'stamp',
  'image',
  'whiteout',
] as const;
