import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { core: 'src/core/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  // import.meta.url locates the bundled fonts; tsup shims it in the CommonJS build.
  shims: true,
  target: 'es2022',
  external: ['react', 'react-dom', 'pdf-lib', '@pdf-lib/fontkit', 'pdfjs-dist', 'zod', 'nanoid'],
});
