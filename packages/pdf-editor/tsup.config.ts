import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    core: 'src/core/index.ts',
    // The React editor (package entry ".") and its export worker, which the editor starts with
    // `new Worker(new URL('./exportWorker.js', import.meta.url))` from the same folder.
    index: 'src/react/index.ts',
    exportWorker: 'src/react/export/exportWorker.ts',
  },
  format: ['esm', 'cjs'],
  dts: { entry: { core: 'src/core/index.ts', index: 'src/react/index.ts' } },
  sourcemap: true,
  clean: true,
  // import.meta.url locates the bundled fonts; tsup shims it in the CommonJS build.
  shims: true,
  target: 'es2022',
  external: [
    'react',
    'react-dom',
    'react/jsx-runtime',
    'pdf-lib',
    '@pdf-lib/fontkit',
    'pdfjs-dist',
    'zod',
    'nanoid',
    'zustand',
    'zustand/vanilla',
  ],
  onSuccess: 'node scripts/copy-styles.mjs',
});
