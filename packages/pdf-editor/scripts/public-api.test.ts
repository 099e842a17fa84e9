// The TSDoc and `any` checks on a tiny package of their own, so they are known to catch what they
// must: a missing comment on a declaration reached through a renamed re-export, as tsup's chunked
// .d.ts files are, and an `any` in a chunk.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { anyInPublicTypes, publicExports, undocumentedExports } from './public-api';

const root = mkdtempSync(join(tmpdir(), 'marginalia-public-api-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function writePackage(files: Record<string, string>) {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

writePackage({
  'package.json': JSON.stringify({
    exports: {
      '.': { import: { types: './dist/index.d.ts', default: './dist/index.js' } },
      './core': { import: { types: './dist/core.d.ts', default: './dist/core.js' } },
    },
  }),
  'dist/chunk.d.ts': `
/** Documented. */
declare function documented(): void;
declare function bare(): void;
/** @deprecated Use documented. */
declare const tagged: number;
interface Plain { a: number }
export { documented as d, bare as b, tagged as t, type Plain as P };
`,
  'dist/core.d.ts': `export { d as documented, b as bare, t as tagged, P as Plain } from './chunk.js';\n`,
  'dist/index.d.ts': `export { d as documented } from './chunk.js';\n/** A type. */\nexport type Own = string;\nexport type Loose = number;\n`,
  // Not an entry point, but its declarations are the entry points' chunks: \`any\` counts here too.
  'dist/chunk2.d.ts': `
/** Any of the known keys, as words in a comment: not a type. */
declare function load(source: any): Promise<Record<string, any>>;
declare const table: Map<string, unknown>;
export { load as l, table as t };
`,
});

describe('the TSDoc check', () => {
  it('names every export without TSDoc, by entry point, even behind renamed re-exports', () => {
    expect(undocumentedExports(root)).toEqual(['./core: Plain', './core: bare', '.: Loose']);
  });

  it('tells runtime values from types', () => {
    const values = publicExports(root)
      .filter((entry) => entry.isValue)
      .map((entry) => `${entry.subpath}: ${entry.name}`);
    expect(values.sort()).toEqual(['./core: bare', './core: documented', './core: tagged', '.: documented']);
  });
});

describe('the `any` check', () => {
  it('names every `any` written as a type in any built declaration file, and no word in a comment', () => {
    expect(anyInPublicTypes(root)).toEqual([
      'dist/chunk2.d.ts:3:31: declare function load(source: any): Promise<Record<string, any>>;',
      'dist/chunk2.d.ts:3:60: declare function load(source: any): Promise<Record<string, any>>;',
    ]);
  });
});
