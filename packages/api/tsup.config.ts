import { defineConfig } from 'tsup';

// One ESM entry with its types; zod and the SDK's types stay external (the server and the app
// each resolve them from node_modules, so one zod instance checks both sides' schemas).
export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
});
