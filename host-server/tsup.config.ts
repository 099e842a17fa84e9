import { defineConfig } from 'tsup';

// Two entry points: the server, and the PDF worker it runs as a child process (see infrastructure/pdfWorker.ts).
export default defineConfig({
  entry: { main: 'src/main.ts', pdfWorkerChild: 'src/infrastructure/pdfWorkerChild.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node24',
  sourcemap: true,
  clean: true,
  splitting: false,
  // Keep `node:` on imports: `node:sqlite` exists only under that name (no bare `sqlite` builtin).
  removeNodeProtocol: false,
  // Dependencies (including the workspace's own @marginalia/pdf-editor) stay external, resolved from node_modules.
});
