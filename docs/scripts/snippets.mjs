// Keeps the docs' code samples honest. Every TypeScript sample is a real file under snippets/,
// type-checked by `tsc -p tsconfig.json` against the built package; the markdown shows it through
// a marker line right above the fenced block:
//
//   <!-- snippet: snippets/history.ts -->            the whole file
//   <!-- snippet: snippets/history.ts#undo -->       the lines between `// #region undo` and `// #endregion`
//
// The package README and the examples' READMEs are held to the same rules.
//
//   node scripts/snippets.mjs --write   copies each snippet into the block under its marker
//   node scripts/snippets.mjs --check   fails when a block differs from its file, when a ts/tsx/js
//                                       block has no marker, a json block does not parse, a relative
//                                       link points nowhere, or a snippet file is not shown anywhere
/* global console, process */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const docsRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const MARKER = /^<!-- snippet: (\S+?)(?:#([\w-]+))? -->$/;
const FENCE = /^(`{3,})(\S*)\s*$/;
const TYPED_LANGUAGES = new Set(['ts', 'tsx', 'typescript', 'js', 'jsx', 'javascript', 'mjs']);

function markdownFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

function snippetFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory()
      ? snippetFiles(path)
      : /\.(tsx?|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts')
        ? [path]
        : [];
  });
}

/** The text a marker stands for: the file, or one `#region` of it, without trailing blank lines. */
function snippetText(file, region) {
  const lines = readFileSync(file, 'utf8').split('\n');
  let selected = lines;
  if (region) {
    const start = lines.findIndex((line) => line.trim() === `// #region ${region}`);
    const end = lines.findIndex((line, index) => index > start && line.trim() === '// #endregion');
    if (start < 0 || end < 0) throw new Error(`no "// #region ${region}" ... "// #endregion" in ${file}`);
    selected = lines.slice(start + 1, end);
    const indent = Math.min(
      ...selected.filter((line) => line.trim()).map((line) => line.length - line.trimStart().length),
    );
    selected = selected.map((line) => line.slice(indent));
  }
  // Region markers of other regions never show in the docs.
  selected = selected.filter((line) => !/^\s*\/\/ #(end)?region\b/.test(line));
  while (selected.length && selected.at(-1).trim() === '') selected.pop();
  return selected.join('\n');
}

function languageOf(file) {
  return file.endsWith('.tsx') ? 'tsx' : /\.m?js$/.test(file) ? 'js' : 'ts';
}

/** Processes one markdown file: returns its text with snippets filled in, and the problems found. */
function processMarkdown(path, used) {
  const lines = readFileSync(path, 'utf8').split('\n');
  const problems = [];
  const output = [];
  const where = (index) => `${relative(docsRoot, path)}:${index + 1}`;
  let pendingSnippet;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    const marker = MARKER.exec(line.trim());
    if (marker) {
      const file = resolve(dirname(path), marker[1]);
      if (!existsSync(file)) problems.push(`${where(index)}: snippet ${marker[1]} does not exist`);
      else pendingSnippet = { file, region: marker[2], line: index };
      output.push(line);
      continue;
    }
    const fence = FENCE.exec(line);
    if (!fence) {
      if (line.trim() !== '') pendingSnippet = undefined;
      output.push(line);
      continue;
    }
    // A fenced block: find where it closes.
    const close = lines.findIndex(
      (candidate, at) => at > index && candidate.startsWith(fence[1]) && candidate.trim() === fence[1],
    );
    if (close < 0) {
      problems.push(`${where(index)}: unclosed code block`);
      output.push(...lines.slice(index));
      break;
    }
    const language = fence[2];
    const body = lines.slice(index + 1, close).join('\n');
    // The marker holds for the block right under it (blank lines between are fine: Prettier adds one).
    const markerAbove =
      pendingSnippet && lines.slice(pendingSnippet.line + 1, index).every((between) => between.trim() === '');
    if (markerAbove) {
      used.add(pendingSnippet.file);
      let expected;
      try {
        expected = snippetText(pendingSnippet.file, pendingSnippet.region);
      } catch (error) {
        problems.push(`${where(index)}: ${error.message}`);
        expected = body;
      }
      const expectedLanguage = languageOf(pendingSnippet.file);
      if (body !== expected || language !== expectedLanguage) {
        problems.push(
          `${where(index)}: block differs from ${relative(docsRoot, pendingSnippet.file)} (run npm run snippets -w @marginalia/docs)`,
        );
      }
      output.push(`${fence[1]}${expectedLanguage}`, ...expected.split('\n'), lines[close]);
    } else {
      if (TYPED_LANGUAGES.has(language))
        problems.push(`${where(index)}: ${language} sample without a snippet marker (put it in snippets/)`);
      if (language === 'json') {
        try {
          JSON.parse(body);
        } catch (error) {
          problems.push(`${where(index)}: json sample does not parse: ${error.message}`);
        }
      }
      output.push(...lines.slice(index, close + 1));
    }
    pendingSnippet = undefined;
    index = close;
  }
  const text = output.join('\n');
  // Relative links outside code blocks must point at files that exist.
  const prose = text.replace(/^(`{3,})[^\n]*\n[\s\S]*?^\1\s*$/gm, '');
  for (const [, target] of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^(https?:|mailto:|#)/.test(target)) continue;
    const file = resolve(dirname(path), decodeURI(target.split('#')[0]));
    if (!existsSync(file))
      problems.push(`${relative(docsRoot, path)}: link to ${target}, which does not exist`);
  }
  return { text, problems };
}

// Pages outside docs/ whose samples are held to the same rule.
const OTHER_PAGES = [
  '../packages/pdf-editor/README.md',
  '../examples/headless-export/README.md',
  '../examples/custom-storage/README.md',
];

const write = process.argv.includes('--write');
const used = new Set();
const problems = [];
const files = [
  ...markdownFiles(docsRoot),
  ...OTHER_PAGES.map((page) => resolve(docsRoot, page)).filter((page) => existsSync(page)),
];
for (const path of files) {
  const result = processMarkdown(path, used);
  if (write && result.text !== readFileSync(path, 'utf8')) {
    writeFileSync(path, result.text);
    console.log(`updated ${relative(docsRoot, path)}`);
  }
  problems.push(...result.problems.filter((problem) => !(write && problem.includes('block differs'))));
}
for (const file of snippetFiles(join(docsRoot, 'snippets'))) {
  if (!used.has(file)) problems.push(`${relative(docsRoot, file)} is not shown in any page`);
}
if (problems.length > 0) {
  console.error(problems.join('\n'));
  console.error(`${problems.length} problem(s) in the docs.`);
  process.exitCode = 1;
} else {
  console.log(`docs: ${files.length} pages, ${used.size} snippets, all in sync.`);
}
