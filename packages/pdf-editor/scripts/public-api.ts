// The public API as a consumer's editor sees it: the built declaration files (dist/*.d.ts) of every
// entry point. Writes the API report of each entry point (api/*.api.md, by API Extractor: every
// exported signature, so a change to the API shows in review), tells which exports are runtime
// values (to compare with what Node actually loads), which have no TSDoc comment, and where `any`
// leaks into the declarations.
//
// `npm run api-report -w @marginalia/pdf-editor` builds the package, rewrites api/*.api.md and
// lists the exports without TSDoc and every `any`; it exits with status 1 while there is any.
// scripts/package-quality.test.ts fails when a committed report differs from the built API.
// Self-contained (no relative imports) so Node can run it directly with type stripping.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  Extractor,
  ExtractorConfig,
  ExtractorLogLevel,
  ExtractorMessageCategory,
} from '@microsoft/api-extractor';
import ts from 'typescript';

const packageRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function readExportsField(root: string): unknown {
  return (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports?: unknown }).exports;
}

export interface EntryTypes {
  /** The subpath in the exports map, e.g. `./core`. */
  subpath: string;
  /** The declaration file its `import` condition names, relative to the package root. */
  types: string;
}

/** The `import` → `types` declaration file of every entry point. */
export function entryTypes(exportsField: unknown): EntryTypes[] {
  if (!exportsField || typeof exportsField !== 'object') return [];
  const result: EntryTypes[] = [];
  for (const [subpath, conditions] of Object.entries(exportsField)) {
    if (!conditions || typeof conditions !== 'object') continue;
    const esm = (conditions as Record<string, unknown>).import ?? conditions;
    const types = esm && typeof esm === 'object' ? (esm as Record<string, unknown>).types : undefined;
    if (typeof types === 'string') result.push({ subpath, types });
  }
  return result;
}

function hasDocComment(symbol: ts.Symbol, checker: ts.TypeChecker): boolean {
  const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  if (target.getDocumentationComment(checker).length > 0) return true;
  // A declaration carrying only tags (@deprecated, @example) still counts as documented.
  return (target.declarations ?? []).some((declaration) => ts.getJSDocTags(declaration).length > 0);
}

export interface PublicExport {
  subpath: string;
  name: string;
  /** A runtime value (function, class, constant), not only a type. */
  isValue: boolean;
  documented: boolean;
}

/** Every export of every entry point, read from its declaration file. */
export function publicExports(root = packageRoot): PublicExport[] {
  const entries = entryTypes(readExportsField(root));
  const files = entries.map((entry) => join(root, entry.types));
  const missing = files.filter((file) => !existsSync(file));
  if (missing.length > 0) throw new Error(`Build the package first; missing ${missing.join(', ')}`);
  const program = ts.createProgram(files, {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.ReactJSX,
  });
  const checker = program.getTypeChecker();
  const result: PublicExport[] = [];
  entries.forEach((entry, index) => {
    const source = program.getSourceFile(files[index] ?? '');
    const moduleSymbol = source && checker.getSymbolAtLocation(source);
    if (!moduleSymbol) throw new Error(`${entry.types} is not a module`);
    for (const symbol of checker.getExportsOfModule(moduleSymbol)) {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      result.push({
        subpath: entry.subpath,
        name: symbol.getName(),
        isValue: (target.flags & ts.SymbolFlags.Value) !== 0,
        documented: hasDocComment(symbol, checker),
      });
    }
  });
  return result;
}

/** `subpath: name` for every export without a doc comment, sorted. */
export function undocumentedExports(root = packageRoot): string[] {
  return publicExports(root)
    .filter((entry) => !entry.documented)
    .map((entry) => `${entry.subpath}: ${entry.name}`)
    .sort();
}

/** The folder of the committed API reports. */
export const API_REPORT_FOLDER = 'api';

export interface ApiReport {
  /** The report's file name in api/, e.g. `pdf-editor-core.api.md` for `./core`. */
  file: string;
  text: string;
}

/** `pdf-editor` for `.`, `pdf-editor-core` for `./core` of `@marginalia/pdf-editor`. */
function reportName(packageName: string, subpath: string): string {
  const unscoped = packageName.replace(/^@[^/]+\//, '');
  return unscoped + subpath.slice(1).replaceAll('/', '-');
}

/**
 * The API report of every entry point, made by API Extractor from the built declarations. A
 * declaration the compiler cannot read throws.
 */
export function apiReports(root = packageRoot): ApiReport[] {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    name: string;
    exports?: unknown;
  };
  const out = mkdtempSync(join(tmpdir(), 'marginalia-api-report-'));
  try {
    return entryTypes(manifest.exports).map((entry) => {
      const entryFile = join(root, entry.types);
      if (!existsSync(entryFile)) throw new Error(`Build the package first; missing ${entryFile}`);
      const name = reportName(manifest.name, entry.subpath);
      const config = ExtractorConfig.prepare({
        configObject: {
          projectFolder: root,
          mainEntryPointFilePath: entryFile,
          compiler: {
            overrideTsconfig: {
              compilerOptions: {
                strict: true,
                module: 'esnext',
                moduleResolution: 'bundler',
                jsx: 'react-jsx',
                lib: ['es2023', 'dom'],
                types: [],
                skipLibCheck: true,
              },
              files: [entryFile],
            },
          },
          apiReport: {
            enabled: true,
            reportFileName: name,
            reportFolder: out,
            reportTempFolder: join(out, 'temp'),
          },
          docModel: { enabled: false },
          dtsRollup: { enabled: false },
          tsdocMetadata: { enabled: false },
          newlineKind: 'lf',
          messages: {
            compilerMessageReporting: { default: { logLevel: ExtractorLogLevel.Error } },
            // What API Extractor finds (a type used but not exported, a {@link} to nothing) is
            // written into the report, where review sees it.
            extractorMessageReporting: {
              default: { logLevel: ExtractorLogLevel.None, addToApiReportFile: true },
              // The package has one release level, and TSDoc coverage of the exports is checked by
              // undocumentedExports (members are documented where it helps, not everywhere).
              'ae-missing-release-tag': { logLevel: ExtractorLogLevel.None },
              'ae-undocumented': { logLevel: ExtractorLogLevel.None },
            },
            // The comments are read by editors as JSDoc; strict TSDoc syntax is not required.
            tsdocMessageReporting: { default: { logLevel: ExtractorLogLevel.None } },
          },
        },
        configObjectFullPath: undefined,
        packageJsonFullPath: join(root, 'package.json'),
      });
      const problems: string[] = [];
      Extractor.invoke(config, {
        localBuild: true,
        messageCallback(message) {
          message.handled = true;
          if (message.category === ExtractorMessageCategory.Console) return;
          if (message.logLevel === ExtractorLogLevel.Error || message.logLevel === ExtractorLogLevel.Warning)
            problems.push(message.formatMessageWithLocation(root));
        },
      });
      const file = `${name}.api.md`;
      if (problems.length > 0 || !existsSync(join(out, file)))
        throw new Error(`API Extractor failed on ${entry.types}:\n${problems.join('\n')}`);
      return { file, text: readFileSync(join(out, file), 'utf8') };
    });
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/**
 * Every `any` written in the built declarations (dist/*.d.ts), as `file:line:column: its line`:
 * a public type that accepts or returns `any` turns off type checking in the caller's code.
 */
export function anyInPublicTypes(root = packageRoot): string[] {
  const dist = join(root, 'dist');
  if (!existsSync(dist)) throw new Error(`Build the package first; missing ${dist}`);
  const found: string[] = [];
  for (const name of readdirSync(dist)
    .filter((file) => file.endsWith('.d.ts'))
    .sort()) {
    const path = join(dist, name);
    const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (node.kind === ts.SyntaxKind.AnyKeyword) {
        const { line, character } = source.getLineAndCharacterOfPosition(node.getStart());
        const text = source.text.split('\n')[line]?.trim() ?? '';
        found.push(`${relative(root, path)}:${line + 1}:${character + 1}: ${text}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const folder = join(packageRoot, API_REPORT_FOLDER);
  mkdirSync(folder, { recursive: true });
  const reports = apiReports();
  for (const report of reports) {
    writeFileSync(join(folder, report.file), report.text);
    console.log(`Wrote ${API_REPORT_FOLDER}/${report.file}`);
  }
  // The report of an entry point that no longer exists.
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.api.md'))) {
    if (reports.some((report) => report.file === file)) continue;
    rmSync(join(folder, file));
    console.log(`Removed ${API_REPORT_FOLDER}/${file}`);
  }
  const undocumented = undocumentedExports();
  console.log(
    undocumented.length === 0
      ? 'Every public export has TSDoc.'
      : `Without TSDoc (${undocumented.length}):\n${undocumented.join('\n')}`,
  );
  const loose = anyInPublicTypes();
  if (loose.length > 0) console.log(`\`any\` in the public types (${loose.length}):\n${loose.join('\n')}`);
  if (undocumented.length > 0 || loose.length > 0) process.exitCode = 1;
}
