// The import-cycle check run by `npm run lint`: it must see a cycle made only of type imports and
// re-exports, and the SDK's own source must have none.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { importCycles, importGraph } from './import-cycles';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'import-cycles-'));
  made.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const cyclesIn = (dir: string) => importCycles(importGraph(dir)).map((cycle) => cycle.map((file) => relative(dir, file)));

describe('the import-cycle check', () => {
  it('must name the files of a cycle made of type imports and re-exports', () => {
    const dir = tree({
      'model/types.ts': "import type { Arrow } from '../kinds/arrow';\nexport type Shape = Arrow;\n",
      'kinds/arrow/index.ts': "export type { Point } from '../../model/base';\nimport type { Shape } from '../../model/types';\nexport type Arrow = { to: Shape };\n",
      'model/base.ts': 'export type Point = { x: number };\n',
    });
    expect(cyclesIn(dir)).toEqual([['kinds/arrow/index.ts', 'model/types.ts']]);
  });

  it('must pass a layered tree, and see a file importing itself', () => {
    const layered = tree({
      'base.ts': 'export type Point = { x: number };\n',
      'kind.ts': "import type { Point } from './base';\nexport const at = (p: Point) => p.x;\n",
      'union.ts': "import { at } from './kind';\nexport const lazy = () => import('./kind').then(() => at);\n",
    });
    expect(cyclesIn(layered)).toEqual([]);
    const selfish = tree({ 'self.ts': "export type { A } from './self';\nexport type A = 1;\n" });
    expect(cyclesIn(selfish)).toEqual([['self.ts']]);
  });

  it("must find no cycle in the SDK's source (core, editor, React)", () => {
    const src = resolve(import.meta.dirname, '..', 'src');
    expect(cyclesIn(src)).toEqual([]);
  });
});
