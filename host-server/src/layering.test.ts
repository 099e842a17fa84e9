// The server's layers (docs/architecture.md): routes → domain/services → infrastructure. An import
// cycle knots layers together (services/revisions.ts once imported a message from a route), so the
// root `npm run lint` runs the import-cycle check over this folder; these tests hold it to that,
// keep services out of routes and routes out of each other's handlers, keep infrastructure and the
// domain apart, and keep every service to the members of the ServerContext it uses.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterEach, describe, expect, it } from 'vitest';
import { importCycles, importGraph } from '../../packages/pdf-editor/scripts/import-cycles.ts';

const SOURCE = dirname(fileURLToPath(import.meta.url));
const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A folder of source files for a check to fail on. */
function sourceFolder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'server-layers-'));
  made.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, dirname(path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

/** Imports (type imports included) from non-test files of the folders `from` into the folders or files `into`, as "a → b". */
function importsAcross(dir: string, from: string[], into: string[]): string[] {
  const inside = (file: string, places: string[]) => places.some((place) => file === join(dir, place) || file.startsWith(join(dir, place) + '/'));
  return [...importGraph(dir)]
    .filter(([file]) => inside(file, from) && !file.endsWith('.test.ts'))
    .flatMap(([file, targets]) => targets.filter((target) => inside(target, into)).map((target) => `${relative(dir, file)} → ${relative(dir, target)}`));
}

/**
 * Parameters and fields in the non-test files of services/ and domain/ whose type has every member
 * of `ServerContext` (context.ts): the context itself, or a `Pick` of all it holds. The compiler
 * decides, so an alias or an intersection cannot hide it.
 */
function wholeContextTakers(dir: string): string[] {
  const files = ['services', 'domain'].flatMap((folder) =>
    readdirSync(join(dir, folder), { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
      .map((name) => join(dir, folder, name)),
  );
  const contextFile = join(dir, 'context.ts');
  const program = ts.createProgram([contextFile, ...files], {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2023.d.ts'],
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    skipLibCheck: true,
    noEmit: true,
    types: ['node'],
  });
  const checker = program.getTypeChecker();
  const context = program.getSourceFile(contextFile);
  const moduleSymbol = context && checker.getSymbolAtLocation(context);
  const declared = moduleSymbol && checker.getExportsOfModule(moduleSymbol).find((symbol) => symbol.name === 'ServerContext');
  if (!declared) throw new Error(`no ServerContext exported by ${contextFile}`);
  const members = checker.getDeclaredTypeOfSymbol(declared).getProperties().map((property) => property.name);
  const found: string[] = [];
  for (const file of files) {
    const source = program.getSourceFile(file)!;
    const visit = (node: ts.Node): void => {
      if ((ts.isParameter(node) || ts.isPropertyDeclaration(node)) && node.type) {
        const names = new Set(checker.getTypeAtLocation(node).getProperties().map((property) => property.name));
        if (members.every((member) => names.has(member))) {
          const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
          found.push(`${relative(dir, file)}:${line + 1} ${node.getText(source)}`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe('the server import-cycle check', () => {
  it('must find a cycle a service closes by importing a route, even through type imports', () => {
    const dir = sourceFolder({
      'routes/annotations.ts': "import { saveRevision } from '../services/revisions';\nexport const STALE = 'stale';\nexport const route = saveRevision;\n",
      'services/revisions.ts': "import type { STALE } from '../routes/annotations';\nexport const saveRevision = (message: typeof STALE) => message;\n",
    });
    const cycles = importCycles(importGraph(dir)).map((cycle) => cycle.map((file) => relative(dir, file)));
    expect(cycles).toEqual([['routes/annotations.ts', 'services/revisions.ts']]);
  });

  it('must find no cycle in the server source', () => {
    expect(importCycles(importGraph(SOURCE)).map((cycle) => cycle.map((file) => relative(SOURCE, file)))).toEqual([]);
  });

  it('must keep services free of routes', () => {
    const services = join(SOURCE, 'services');
    const intoRoutes = [...importGraph(SOURCE)]
      .filter(([file]) => file.startsWith(services))
      .flatMap(([file, targets]) => targets.filter((target) => target.startsWith(join(SOURCE, 'routes'))).map((target) => `${relative(SOURCE, file)} → ${relative(SOURCE, target)}`));
    expect(intoRoutes).toEqual([]);
  });

  it("must keep a route's handlers to itself: shared route helpers live in files that register no routes", () => {
    const registers = (file: string) => /export function register\w+Routes/.test(readFileSync(file, 'utf8'));
    const intoHandlers = [...importGraph(join(SOURCE, 'routes'))]
      .filter(([file]) => !file.endsWith('index.ts') && !file.endsWith('.test.ts'))
      .flatMap(([file, targets]) => targets.filter(registers).map((target) => `${relative(SOURCE, file)} → ${relative(SOURCE, target)}`));
    expect(intoHandlers).toEqual([]);
  });
});

describe('the server layers', () => {
  // What infrastructure may not import: the domain, the services (which the context's types name) and the routes.
  const ABOVE_INFRASTRUCTURE = ['domain', 'services', 'routes', 'context.ts'];
  const ABOVE_DOMAIN = ['routes', 'infrastructure'];

  it('must find infrastructure that reaches up into a service, the domain or a route', () => {
    const dir = sourceFolder({
      'infrastructure/pdfWorker.ts': "import type { DomainError } from '../domain/errors';\nexport type Refusal = DomainError;\n",
      'infrastructure/fileStore.ts': "import { lockDocument } from '../services/documents';\nexport const store = lockDocument;\n",
      'infrastructure/mailer.ts': "import type { Logger } from '../logger';\nexport type MailLog = Logger;\n",
      'domain/errors.ts': 'export class DomainError extends Error {}\n',
      'services/documents.ts': 'export const lockDocument = 1;\n',
      'logger.ts': 'export interface Logger { info(message: string): void }\n',
    });
    expect(importsAcross(dir, ['infrastructure'], ABOVE_INFRASTRUCTURE).sort()).toEqual([
      'infrastructure/fileStore.ts → services/documents.ts',
      'infrastructure/pdfWorker.ts → domain/errors.ts',
    ]);
  });

  it('must keep infrastructure free of services, the domain, the context and routes', () => {
    expect(importsAcross(SOURCE, ['infrastructure'], ABOVE_INFRASTRUCTURE)).toEqual([]);
  });

  it('must find a domain module that imports a route or infrastructure', () => {
    const dir = sourceFolder({
      'domain/files.ts': "import type { FileStore } from '../infrastructure/fileStore';\nexport type Stored = FileStore;\n",
      'domain/errors.ts': "import { STALE } from '../routes/annotations';\nexport const message = STALE;\n",
      'domain/ids.ts': "import { message } from './errors';\nexport const id = message;\n",
      'infrastructure/fileStore.ts': 'export interface FileStore { remove(key: string): Promise<void> }\n',
      'routes/annotations.ts': "export const STALE = 'stale';\n",
    });
    expect(importsAcross(dir, ['domain'], ABOVE_DOMAIN).sort()).toEqual(['domain/errors.ts → routes/annotations.ts', 'domain/files.ts → infrastructure/fileStore.ts']);
  });

  it('must keep the domain free of routes and infrastructure', () => {
    expect(importsAcross(SOURCE, ['domain'], ABOVE_DOMAIN)).toEqual([]);
  });

  it('must find a service taking the whole context, by name, as a Pick of every member or as a field', () => {
    const dir = sourceFolder({
      'context.ts':
        'export interface ServerContext { knex: string; models: number; now(): Date }\n' +
        'export type Deps<K extends keyof ServerContext> = Pick<ServerContext, K>;\n',
      'services/plans.ts':
        "import type { Deps, ServerContext } from '../context';\n" +
        'export function startTrial(server: ServerContext) { return server.now(); }\n' +
        "export function trialEnd(server: Deps<'now'>) { return server.now(); }\n",
      'services/documents.ts':
        "import type { Deps } from '../context';\n" +
        "type Everything = Deps<'knex' | 'models' | 'now'>;\n" +
        'export const lock = (server: Everything) => server.knex;\n' +
        "export class Runner { constructor(private readonly server: Deps<'knex'>) {} }\n",
      'domain/ids.ts':
        "import type { ServerContext } from '../context';\n" +
        'export class Ids { private readonly server: ServerContext; constructor(server: { knex: string; models: number; now(): Date }) { this.server = server; } }\n',
    });
    expect(wholeContextTakers(dir).sort()).toEqual([
      'domain/ids.ts:2 private readonly server: ServerContext;',
      'domain/ids.ts:2 server: { knex: string; models: number; now(): Date }',
      'services/documents.ts:3 server: Everything',
      'services/plans.ts:2 server: ServerContext',
    ]);
  });

  it('must give every service and domain function only the members of the ServerContext it uses', () => {
    expect(wholeContextTakers(SOURCE)).toEqual([]);
  });
});
