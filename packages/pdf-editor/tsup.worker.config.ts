import { defineConfig } from 'tsup';

// The export worker, which the editor starts with
// `new Worker(new URL('./exportWorker.js', import.meta.url), { type: 'module' })` from dist/.
// A worker is loaded by URL, outside the host's module graph: in `vite dev` it is served as it is,
// so it must import nothing. Every dependency (pdf-lib, pako, fontkit...) is inlined into this one
// ES module, which any bundler or dev server can serve or re-bundle without configuration.
export default defineConfig({
  entry: { exportWorker: 'src/editor/export/exportWorker.ts' },
  format: ['esm'],
  platform: 'browser',
  noExternal: [/.*/],
  splitting: false,
  // No source map: it would be five times the worker's size in every install.
  sourcemap: false,
  clean: false,
  target: 'es2022',
  // Minified but with no syntax rewriting: folding a computed `import(specifier)` (the Node-only
  // font loader) into a literal `import('node:fs/promises')` would make webpack fail on it.
  esbuildOptions(options) {
    options.minifyWhitespace = true;
    options.minifyIdentifiers = true;
    options.minifySyntax = false;
  },
});
