// What a consumer of the published package gets, checked on the built package (run after
// `npm run build`): the tarball's contents, publint and attw, the size budget, that every entry
// point loads in Node from both ESM and CJS with the exports its types promise, and TSDoc coverage.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { describe, expect, it } from 'vitest';
import { publicExports, undocumentedExports } from './public-api';
import {
  SIZE_BUDGET_BYTES,
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
  it('packs only dist, fonts, styles, the node10 stub core/package.json, README, LICENSE, CHANGELOG and package.json', () => {
    const result = run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts']);
    expect(result.status, result.output).toBe(0);
    const [pack] = JSON.parse(result.stdout) as { files: { path: string }[]; size: number }[];
    const paths = (pack?.files ?? []).map((file) => file.path);
    const allowed = /^(dist\/|fonts\/|styles\/|core\/package\.json$|README\.md$|LICENSE$|CHANGELOG\.md$|package\.json$)/;
    expect(paths.filter((path) => !allowed.test(path))).toEqual([]);
    expect(paths.filter((path) => /\.test\.|test-support|\.stories\./.test(path))).toEqual([]);
    expect(paths).toEqual(expect.arrayContaining(['README.md', 'LICENSE', 'package.json']));
    console.info(`npm pack: ${paths.length} files, ${formatKb(pack?.size ?? 0)} packed`);
  });

  it('passes publint --strict (suggestions count as failures)', async () => {
    const { messages, pkg } = await publint({ pkgDir: packageRoot, strict: true, level: 'suggestion' });
    expect(
      messages.map((message) => `${message.type}: ${formatMessage(message, pkg, { color: false })}`),
    ).toEqual([]);
  });

  it('passes attw --pack for every script entry point under all its profiles (node10, node16 CJS and ESM, bundler)', () => {
    // node10 ignores the exports map: "main"/"types" and the core/package.json stub serve it.
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

  it(`keeps the SDK's own code under ${formatKb(SIZE_BUDGET_BYTES)} min+gzip (third-party dependencies excluded)`, async () => {
    const report = await measureSdkSize();
    console.info(
      `size budget: ${formatKb(report.gzipBytes)} min+gzip (${formatKb(report.minifiedBytes)} minified) ` +
        `for ${report.entries.join(', ')}; left out: ${report.imports.join(', ')}`,
    );
    expect(report.gzipBytes).toBeGreaterThan(0);
    expect(report.gzipBytes).toBeLessThan(SIZE_BUDGET_BYTES);
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

  it('lists ./core among the entry points', () => {
    expect(entries).toContain(`${manifest.name}/core`);
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

  it.each(['esm', 'cjs'] as const)('shares one class per error between "." and "./core" (%s)', (system) => {
    const load = (specifier: string) =>
      system === 'esm' ? `await import(${JSON.stringify(specifier)})` : `require(${JSON.stringify(specifier)})`;
    const script = `
      (async () => {
        const editor = ${load(manifest.name)};
        const core = ${load(`${manifest.name}/core`)};
        const error = await editor.memoryStorage().save('doc', [], 3).catch((caught) => caught);
        console.log(JSON.stringify([editor.StorageConflictError === core.StorageConflictError, error instanceof core.StorageConflictError]));
      })();`;
    const result = run(process.execPath, ['--input-type', system === 'esm' ? 'module' : 'commonjs', '-e', script], repositoryRoot);
    expect(result.stdout.trim().split('\n').at(-1), result.output).toBe('[true,true]');
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
    // fails here. `npm run api-docs -w @marginalia/pdf-editor` lists them after a build.
    expect(undocumentedExports(), 'public exports without TSDoc').toEqual([]);
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
