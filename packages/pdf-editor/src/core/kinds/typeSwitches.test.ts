// "Nothing else switches on the type": what differs between kinds is read from the registries, so
// adding a kind never needs an edit outside its own modules. This scans the SDK's sources for a
// comparison of a `type` with a registered kind's name (`a.type === 'text'`, `'comment' !== type`)
// or a `case` of a kind's name, outside the kind modules (core/kinds, react/kinds) and the kinds'
// own tools (editor/tools/<type>); tests and their support are not scanned.
// Only registered kind names count: a page operation's `type` ('delete', 'split') or a PNG chunk's
// is no kind, and neither is a form field's (core/forms and editor/forms: a 'text' or 'signature'
// field), which are not scanned.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { KINDS } from './registry';

const SRC = fileURLToPath(new URL('../..', import.meta.url));
const KIND_NAMES = Object.keys(KINDS);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test(-d)?\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Whether `file` (relative to src, with /) belongs to a kind: its modules, or its own tool. */
function ofAKind(file: string): boolean {
  if (file.startsWith('core/kinds/') || file.startsWith('react/kinds/')) return true;
  const tool = /^editor\/tools\/([^/]+)\//.exec(file)?.[1];
  return tool !== undefined && KIND_NAMES.includes(tool);
}

const names = KIND_NAMES.join('|');
// `type` as a whole word (a property or a variable) compared either way round with a kind's name,
// or a kind's name as a `case` of a switch.
const COMPARISONS = [
  new RegExp(`\\btype\\s*[!=]==?\\s*['"\`](${names})['"\`]`),
  new RegExp(`['"\`](${names})['"\`]\\s*[!=]==?\\s*[\\w.?!]*\\btype\\b`),
  new RegExp(`\\bcase\\s+['"\`](${names})['"\`]\\s*:`),
];

/** Every comparison of a `type` with a kind's name outside the kinds, as `file:line: code`. */
function typeSwitches(): string[] {
  const found: string[] = [];
  for (const path of sources(SRC)) {
    const file = relative(SRC, path).split(sep).join('/');
    if (ofAKind(file) || file.startsWith('test-support/') || file.startsWith('core/forms/') || file.startsWith('editor/forms/')) continue;
    readFileSync(path, 'utf8')
      .split('\n')
      .forEach((line, index) => {
        if (COMPARISONS.some((pattern) => pattern.test(line))) found.push(`${file}:${index + 1}: ${line.trim()}`);
      });
  }
  return found;
}

describe('what differs between kinds', () => {
  it('must be asked of the kind, never decided by comparing a type with a kind name outside the kind modules', () => {
    expect(typeSwitches()).toEqual([]);
  });

  it('must be found by the scan when it is written the usual ways', () => {
    const sample = ["if (annotation.type === 'whiteout') {", "hit?.type !== 'comment'", "'text' === a.type", "    case 'arrow':", "operation.type === 'delete'", "case 'split':"];
    expect(sample.filter((line) => COMPARISONS.some((pattern) => pattern.test(line)))).toEqual(sample.slice(0, 4));
  });
});
