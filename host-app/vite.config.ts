// Vite build for the product site; in dev, /api is proxied to a local host-server on port 3000.
import { createReadStream, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The text recogniser's files, served from the site's own origin (the SDK never fetches them from
 * a CDN): the worker, the WebAssembly builds it picks from, and the English language data, at the
 * paths `ocrAssets` (src/features/editor/ocr.ts) names. Resolved through the SDK, whose dependencies
 * they are, so they are the versions it runs.
 */
const OCR_FILES: Record<string, string> = {
  'ocr/worker.min.js': 'tesseract.js/dist/worker.min.js',
  'ocr/core/tesseract-core-lstm.wasm.js': 'tesseract.js-core/tesseract-core-lstm.wasm.js',
  'ocr/core/tesseract-core-simd-lstm.wasm.js': 'tesseract.js-core/tesseract-core-simd-lstm.wasm.js',
  'ocr/core/tesseract-core-relaxedsimd-lstm.wasm.js': 'tesseract.js-core/tesseract-core-relaxedsimd-lstm.wasm.js',
  'ocr/lang/eng.traineddata.gz': '@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz',
};

function ocrFiles(): Plugin {
  const fromSdk = createRequire(createRequire(import.meta.url).resolve('@marginalia/pdf-editor/package.json'));
  const pathOf = (name: string) => {
    const source = OCR_FILES[name];
    return source === undefined ? undefined : fromSdk.resolve(source);
  };
  return {
    name: 'marginalia-ocr-files',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const path = pathOf((request.url ?? '').split('?')[0]!.slice(1));
        if (!path) return next();
        response.setHeader('Content-Type', path.endsWith('.js') ? 'text/javascript' : 'application/octet-stream');
        createReadStream(path).pipe(response);
      });
    },
    generateBundle() {
      for (const fileName of Object.keys(OCR_FILES)) this.emitFile({ type: 'asset', fileName, source: readFileSync(pathOf(fileName)!) });
    },
  };
}

export default defineConfig({
  plugins: [react(), ocrFiles()],
  server: {
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
  },
});
