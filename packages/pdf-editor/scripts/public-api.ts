// The public API as a consumer's editor sees it: the built declaration files (dist/*.d.ts) of every
// entry point. Tells which exports are runtime values (to compare with what Node actually loads)
// and which have no TSDoc comment.
//
// Run alone with `npm run api-docs -w @marginalia/pdf-editor` (after a build) to list the
// exports without TSDoc; it exits with status 1 while there is any.
// Self-contained (no relative imports) so Node can run it directly with type stripping.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
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

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const list = undocumentedExports();
  console.log(
    list.length === 0
      ? 'Every public export has TSDoc.'
      : `Without TSDoc (${list.length}):\n${list.join('\n')}`,
  );
  if (list.length > 0) process.exitCode = 1;
}
