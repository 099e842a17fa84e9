// The server's layers (docs/architecture.md): routes → domain/services → infrastructure. An import
// cycle knots layers together (services/revisions.ts once imported a message from a route), so the
// root `npm run lint` runs the import-cycle check over this folder; these tests hold it to that,
// and keep services out of routes and routes out of each other's handlers.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { importCycles, importGraph } from '../../packages/pdf-editor/scripts/import-cycles.ts';

const SOURCE = dirname(fileURLToPath(import.meta.url));
const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the server import-cycle check', () => {
  it('must find a cycle a service closes by importing a route, even through type imports', () => {
    const dir = mkdtempSync(join(tmpdir(), 'server-cycles-'));
    made.push(dir);
    const files: Record<string, string> = {
      'routes/annotations.ts': "import { saveRevision } from '../services/revisions';\nexport const STALE = 'stale';\nexport const route = saveRevision;\n",
      'services/revisions.ts': "import type { STALE } from '../routes/annotations';\nexport const saveRevision = (message: typeof STALE) => message;\n",
    };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(dir, dirname(path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
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
