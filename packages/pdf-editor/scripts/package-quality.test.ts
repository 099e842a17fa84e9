// What a consumer of the published package gets, checked on the built package (run after
// `npm run build`): the tarball's contents, publint and attw, the size budget, that every entry
// point loads in Node from both ESM and CJS with the exports its types promise, TSDoc coverage, the
// committed API reports and no `any` in the declarations.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { build } from 'esbuild';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { describe, expect, it } from 'vitest';
import { API_REPORT_FOLDER, anyInPublicTypes, apiReports, publicExports, undocumentedExports } from './public-api';
import {
  SIZE_BUDGET_BYTES,
  TOTAL_SIZE_BUDGET_BYTES,
  formatKb,
  measureSdkSize,
  packageNameOf,
  packageRoot,
  readPackageJson,
} from './size-budget';

const repositoryRoot = resolve(packageRoot, '../..');
const manifest = readPackageJson() as ReturnType<typeof readPackageJson> & { name: string };
const require = createRequire(import.meta.url);

function run(command: string, args: string[], cwd = packageRoot) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}`, stdout: result.stdout };
}

function binOf(packageName: string, bin: string): string {
  const packageJsonPath = require.resolve(`${packageName}/package.json`);
  const bins = (JSON.parse(readFileSync(packageJsonPath, 'utf8')) as { bin: Record<string, string> }).bin;
  return join(dirname(packageJsonPath), bins[bin] ?? '');
}

/** Entry points with JavaScript, as `@marginalia/pdf-editor/core`-style specifiers. */
function entrySpecifiers(): string[] {
  const exportsField = (manifest.exports ?? {}) as Record<string, unknown>;
  return Object.entries(exportsField)
    .filter(([, target]) => target && typeof target === 'object' && 'import' in target && 'require' in target)
    .map(([subpath]) => manifest.name + subpath.slice(1));
}

/** The packages `file` (under the package root) reaches through its static and dynamic imports. */
async function bareImportsOf(file: string): Promise<string[]> {
  const found = new Set<string>();
  await build({
    entryPoints: [join(packageRoot, file)],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    logLevel: 'silent',
    loader: { '.ttf': 'empty', '.wasm': 'empty' },
    plugins: [
      {
        name: 'record-bare-imports',
        setup(pluginBuild) {
          pluginBuild.onResolve({ filter: /^[^./]/ }, ({ path }) => {
            found.add(path);
            return { path, external: true };
          });
        },
      },
    ],
  });
  return [...found].sort();
}

/** Loads `specifier` in a fresh Node, as a third party would, and reports what it exposes. */
function loadInNode(specifier: string, system: 'esm' | 'cjs'): { keys: string[]; dom: boolean } {
  const load =
    system === 'esm' ? `await import(${JSON.stringify(specifier)})` : `require(${JSON.stringify(specifier)})`;
  const script = `
    const dom = typeof window !== 'undefined' || typeof document !== 'undefined';
    const m = ${load};
    console.log(JSON.stringify({ keys: Object.keys(m).filter((k) => k !== 'default' && k !== 'module.exports').sort(), dom }));`;
  const result = run(
    process.execPath,
    ['--input-type', system === 'esm' ? 'module' : 'commonjs', '-e', script],
    repositoryRoot,
  );
  if (result.status !== 0)
    throw new Error(`${system.toUpperCase()} load of ${specifier} failed:\n${result.output}`);
  return JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '{}') as { keys: string[]; dom: boolean };
}

describe('the published package', () => {
  it('packs only dist, fonts, styles, the node10 stubs core/, editor/ and collab/package.json, README, LICENSE, CHANGELOG and package.json', () => {
    const result = run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts']);
    expect(result.status, result.output).toBe(0);
    const [pack] = JSON.parse(result.stdout) as { files: { path: string }[]; size: number }[];
    const paths = (pack?.files ?? []).map((file) => file.path);
    const allowed = /^(dist\/|fonts\/|styles\/|(core|editor|collab)\/package\.json$|README\.md$|LICENSE$|CHANGELOG\.md$|package\.json$)/;
    expect(paths.filter((path) => !allowed.test(path))).toEqual([]);
    expect(paths.filter((path) => /\.test\.|test-support|\.stories\./.test(path))).toEqual([]);
    expect(paths).toEqual(expect.arrayContaining(['README.md', 'LICENSE', 'package.json', 'core/package.json', 'editor/package.json', 'collab/package.json']));
    console.info(`npm pack: ${paths.length} files, ${formatKb(pack?.size ?? 0)} packed`);
  });

  it('passes publint --strict (suggestions count as failures)', async () => {
    const { messages, pkg } = await publint({ pkgDir: packageRoot, strict: true, level: 'suggestion' });
    expect(
      messages.map((message) => `${message.type}: ${formatMessage(message, pkg, { color: false })}`),
    ).toEqual([]);
  });

  it('passes attw --pack for every script entry point under all its profiles (node10, node16 CJS and ESM, bundler)', () => {
    // node10 ignores the exports map: "main"/"types" and the core/ and editor/package.json stubs serve it.
    // Stylesheet entries have no types to check.
    const stylesheets = Object.entries((manifest.exports ?? {}) as Record<string, unknown>)
      .filter(([, target]) => typeof target === 'string' && target.endsWith('.css'))
      .map(([subpath]) => subpath);
    const attw = binOf('@arethetypeswrong/cli', 'attw');
    const exclude = stylesheets.length > 0 ? ['--exclude-entrypoints', ...stylesheets] : [];
    const result = run(process.execPath, [
      attw,
      '--pack',
      '.',
      '--format',
      'ascii',
      '--no-emoji',
      ...exclude,
    ]);
    expect(result.status, result.output).toBe(0);
  });

  it(`loads at most ${formatKb(SIZE_BUDGET_BYTES)} of its own code at once, and ${formatKb(TOTAL_SIZE_BUDGET_BYTES)} in all (min+gzip, third-party dependencies excluded)`, async () => {
    const report = await measureSdkSize();
    console.info(
      `size budget: ${report.initial.map(({ entry, gzipBytes }) => `${entry} ${formatKb(gzipBytes)}`).join(', ')} at once; ` +
        `${formatKb(report.gzipBytes)} min+gzip in all (${formatKb(report.minifiedBytes)} minified); ` +
        `left out: ${report.imports.join(', ')}`,
    );
    expect(report.initial.map(({ entry }) => entry).sort()).toEqual(
      report.entries.filter((entry) => !entry.endsWith('.css')).sort(),
    );
    for (const { entry, gzipBytes } of report.initial) {
      expect(gzipBytes, entry).toBeGreaterThan(0);
      expect(gzipBytes, entry).toBeLessThan(SIZE_BUDGET_BYTES);
    }
    expect(report.gzipBytes).toBeLessThan(TOTAL_SIZE_BUDGET_BYTES);
  });

  it('imports only packages it declares as dependencies or peerDependencies', async () => {
    const { imports } = await measureSdkSize();
    const declared = new Set([
      ...Object.keys(manifest.dependencies ?? {}),
      ...Object.keys(manifest.peerDependencies ?? {}),
    ]);
    // A package that is only a devDependency works in this monorepo and breaks for every consumer.
    const undeclared = imports.filter(
      (name) => !name.startsWith('node:') && !declared.has(packageNameOf(name)),
    );
    expect(undeclared, 'imported by dist/ but missing from dependencies and peerDependencies').toEqual([]);
  });
});

describe('every entry point in Node', () => {
  const entries = entrySpecifiers();
  const declared = publicExports();

  it('lists ./core and ./editor among the entry points', () => {
    expect(entries).toEqual(expect.arrayContaining([`${manifest.name}/core`, `${manifest.name}/editor`]));
  });

  it.each(entries)('%s loads from ESM and CJS with the runtime exports its types declare', (specifier) => {
    const subpath = `.${specifier.slice(manifest.name.length)}`;
    const values = declared
      .filter((entry) => entry.subpath === subpath && entry.isValue)
      .map((entry) => entry.name)
      .sort();
    const esm = loadInNode(specifier, 'esm');
    const cjs = loadInNode(specifier, 'cjs');
    expect(esm.keys).toEqual(values);
    expect(cjs.keys).toEqual(values);
  });

  it.each(['esm', 'cjs'] as const)('shares one class per error, and one createEditor, between ".", "./editor" and "./core" (%s)', (system) => {
    const load = (specifier: string) =>
      system === 'esm' ? `await import(${JSON.stringify(specifier)})` : `require(${JSON.stringify(specifier)})`;
    // The errors are thrown by one entry's code and tested against another entry's class.
    const script = `
      (async () => {
        const main = ${load(manifest.name)};
        const editor = ${load(`${manifest.name}/editor`)};
        const core = ${load(`${manifest.name}/core`)};
        const error = await main.memoryStorage().save('doc', [], 3).catch((caught) => caught);
        const answering = (status) => editor.httpStorage('https://host.invalid', undefined, async () => new Response('{}', { status }));
        const conflict = await answering(409).save('doc', [], 3).catch((caught) => caught);
        const failed = await answering(500).load('doc').catch((caught) => caught);
        console.log(JSON.stringify([
          main.StorageConflictError === core.StorageConflictError,
          error instanceof core.StorageConflictError,
          conflict instanceof core.StorageConflictError,
          failed instanceof main.StorageRequestError,
          editor.StorageRequestError === main.StorageRequestError,
          editor.createEditor === main.createEditor,
        ]));
      })();`;
    const result = run(process.execPath, ['--input-type', system === 'esm' ? 'module' : 'commonjs', '-e', script], repositoryRoot);
    expect(result.stdout.trim().split('\n').at(-1), result.output).toBe(JSON.stringify(Array(6).fill(true)));
  });

  it("marks the React entry 'use client' in its ESM and CJS builds, and no file of ./core or ./editor", () => {
    // A directive counts only as the first statement (after other directives such as "use strict").
    const directives = (file: string) => (/^(?:\s*(['"])[^'"]*\1;?)*/.exec(readFileSync(join(packageRoot, 'dist', file), 'utf8'))?.[0] ?? '');
    for (const file of ['index.js', 'index.cjs']) expect(directives(file), file).toMatch(/['"]use client['"]/);
    const others = readdirSync(join(packageRoot, 'dist')).filter((file) => /\.c?js$/.test(file) && !/^index\.c?js$/.test(file));
    expect(others, 'the shared chunks and the ./core and ./editor entries').toContain('core.js');
    for (const file of others) expect(directives(file), file).not.toMatch(/use client/);
  });

  it('./editor reaches no React: its built files import none, and it runs in Node where react cannot be resolved', async () => {
    for (const file of ['dist/editor.js', 'dist/editor.cjs']) {
      const imports = await bareImportsOf(file);
      expect(imports, `the scan of ${file} follows its imports`).toContain('zustand/vanilla');
      expect(imports.filter((name) => /^react(-dom)?(\/|$)/.test(name)), `React packages ${file} reaches`).toEqual([]);
    }
    // A host without React: resolving react or react-dom fails, as it does where they are not installed.
    const withoutReact = `data:text/javascript,${encodeURIComponent(`
      import { registerHooks } from 'node:module';
      registerHooks({
        resolve(specifier, context, next) {
          if (/^react(-dom)?(\\/|$)/.test(specifier)) {
            throw Object.assign(new Error('Cannot find package ' + specifier), { code: 'ERR_MODULE_NOT_FOUND' });
          }
          return next(specifier, context);
        },
      });`)}`;
    for (const system of ['esm', 'cjs'] as const) {
      const load = (specifier: string) =>
        system === 'esm' ? `await import(${JSON.stringify(specifier)})` : `require(${JSON.stringify(specifier)})`;
      const script = `
        (async () => {
          const react = await (async () => ${load(manifest.name)})().then(() => 'loaded', () => 'unresolvable');
          const { createEditor } = ${load(`${manifest.name}/editor`)};
          const { normalizeAnnotation } = ${load(`${manifest.name}/core`)};
          const editor = createEditor({ signatureStore: null });
          editor.getState().actions.add(normalizeAnnotation({ type: 'text', page: 1, content: 'hi' }));
          editor.undo();
          console.log(JSON.stringify({ react, annotations: editor.getAnnotations().length, canRedo: editor.getState().canRedo }));
        })();`;
      const result = run(
        process.execPath,
        ['--import', withoutReact, '--input-type', system === 'esm' ? 'module' : 'commonjs', '-e', script],
        repositoryRoot,
      );
      // "." needs React, which shows that react really cannot be resolved in this Node.
      expect(result.stdout.trim().split('\n').at(-1), result.output).toBe(
        JSON.stringify({ react: 'unresolvable', annotations: 0, canRedo: true }),
      );
    }
  });

  it('./core runs without any DOM global, from ESM and CJS, and exports a PDF with the bundled font from CJS', () => {
    for (const system of ['esm', 'cjs'] as const) {
      expect(loadInNode(`${manifest.name}/core`, system).dom).toBe(false);
    }
    // Greek text needs the bundled DejaVu font, which the CommonJS build must find on disk too.
    const script = `
      const core = require('${manifest.name}/core');
      const { PDFDocument } = require('pdf-lib');
      (async () => {
        const note = core.normalizeAnnotation({ type: 'text', page: 1, content: 'Ωμέγα' });
        const [back] = core.parseAnnotations(core.serializeAnnotations([note]));
        if (back.content !== 'Ωμέγα' || back.id !== note.id) throw new Error('round trip changed the annotation');
        const blank = await PDFDocument.create();
        blank.addPage([300, 200]);
        require('node:fs').writeFileSync(process.argv[1], await core.exportPdf(await blank.save(), [back]));
        console.log('ok');
      })().catch((error) => { console.error(error); process.exit(1); });`;
    const dir = mkdtempSync(join(tmpdir(), 'marginalia-cjs-'));
    try {
      const out = join(dir, 'out.pdf');
      const result = run(process.execPath, ['--input-type', 'commonjs', '-e', script, out], repositoryRoot);
      expect(result.output.trim()).toBe('ok');
      expect(run('pdftotext', [out, '-']).stdout).toContain('Ωμέγα');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('documentation and versioning', () => {
  it('documents every public export of every entry point with TSDoc', () => {
    // No allow-list: the public API is the package's documentation, so an export without TSDoc
    // fails here. `npm run api-report -w @marginalia/pdf-editor` lists them.
    expect(undocumentedExports(), 'public exports without TSDoc').toEqual([]);
  });

  it('has an API report in api/ for every entry point that matches the built declarations', () => {
    const update = 'run `npm run api-report -w @marginalia/pdf-editor` and commit the change';
    const reports = apiReports();
    const folder = join(packageRoot, API_REPORT_FOLDER);
    const committed = existsSync(folder) ? readdirSync(folder).filter((file) => file.endsWith('.api.md')) : [];
    expect(committed.sort(), `api/ lists other entry points than the package has: ${update}`).toEqual(
      reports.map((report) => report.file).sort(),
    );
    for (const report of reports) {
      expect(
        readFileSync(join(folder, report.file), 'utf8'),
        `${API_REPORT_FOLDER}/${report.file} is out of date with the public API: ${update}`,
      ).toBe(report.text);
    }
  });

  it('names no @libpdf/core type in any published declaration file (the engine is not part of the API)', () => {
    const declarations = readdirSync(join(packageRoot, 'dist')).filter((file) => /\.d\.c?ts$/.test(file));
    expect(declarations).toContain('core.d.cts');
    const naming = declarations.filter((file) => readFileSync(join(packageRoot, 'dist', file), 'utf8').includes('@libpdf/core'));
    expect(naming, 'declaration files that import @libpdf/core').toEqual([]);
  });

  it('has no `any` in its public declarations', () => {
    expect(anyInPublicTypes(), '`any` in dist/*.d.ts (give the type, or `unknown`)').toEqual([]);
  });

  it('has changesets that each bump the published package by patch, minor or major', () => {
    const changesetDir = join(repositoryRoot, '.changeset');
    const config = JSON.parse(readFileSync(join(changesetDir, 'config.json'), 'utf8')) as {
      baseBranch: string;
    };
    expect(config.baseBranch).toBeTruthy();
    for (const file of readdirSync(changesetDir).filter(
      (name) => name.endsWith('.md') && name !== 'README.md',
    )) {
      const text = readFileSync(join(changesetDir, file), 'utf8');
      const frontMatter = /^---\n([\s\S]*?)\n---\n+\S/.exec(text)?.[1];
      expect(frontMatter, `${file} needs front matter and a summary`).toBeTruthy();
      for (const line of (frontMatter ?? '').split('\n').filter(Boolean)) {
        expect(line, file).toMatch(new RegExp(`^(["']?)${manifest.name}\\1: (patch|minor|major)$`));
      }
    }
  });
});
