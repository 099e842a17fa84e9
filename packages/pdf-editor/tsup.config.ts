import { defineConfig } from 'tsup';

// The dependencies and peer dependencies the consumer installs (tsup would find them too; listed
// so that subpaths such as react/jsx-runtime are kept external as well).
const external = [
  'react',
  'react-dom',
  'react/jsx-runtime',
  '@libpdf/core',
  'pdfjs-dist',
  'zod',
  'nanoid',
  'zustand',
  'zustand/vanilla',
  'yjs',
];

export default defineConfig([
  {
    entry: {
      core: 'src/core/index.ts',
      // The editor object without React (package entry "./editor").
      editor: 'src/editor/index.ts',
      // Collaboration over a shared Yjs document (package entry "./collab").
      collab: 'src/collab/index.ts',
      // The React editor (package entry ".").
      index: 'src/react/index.ts',
    },
    format: ['esm', 'cjs'],
    // Declarations marked @internal (the editor's own store fields and actions) stay reachable in
    // the source but out of the published types.
    dts: {
      entry: { core: 'src/core/index.ts', editor: 'src/editor/index.ts', collab: 'src/collab/index.ts', index: 'src/react/index.ts' },
      compilerOptions: { stripInternal: true },
    },
    // Shared chunks in both formats (experimental for CommonJS in esbuild/tsup): ".", "./editor"
    // and "./core" then load one copy of every module, so their error classes are the same classes
    // and `createEditor` is one function whichever entry a host imports it from.
    splitting: true,
    sourcemap: true,
    clean: true,
    // import.meta.url locates the bundled fonts and workers; tsup shims it in the CommonJS build.
    shims: true,
    target: 'es2022',
    external,
    // Copies the stylesheet and pdf.js's worker, marks the React entry 'use client'
    // (scripts/client-directive.mjs), then builds the export worker (below) into the
    // cleaned dist/: the two builds must not run side by side, or the clean could remove it.
    onSuccess: 'node scripts/copy-assets.mjs && node scripts/client-directive.mjs && tsup --config tsup.worker.config.ts',
  },
]);
