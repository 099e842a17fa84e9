// Checks that the reference pages describe what exists, no more and no less:
// - rest-api.md has a `### METHOD /api/...` heading for exactly the routes host-server registers
//   (`router.<method>('/api/...')` in host-server/src, `:id` written `{id}`);
// - theming.md's table lists exactly the CSS variables (and defaults) the stylesheet declares;
// - messages.md's table lists exactly `defaultMessages`, key by key and text by text;
// - keyboard-shortcuts.md lists every tool shortcut and every command of `COMMANDS`.
// The package is read as a consumer reads it: the built entry points, resolved by name.
/* global console, process */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const docsRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const page = (name) => readFileSync(join(docsRoot, name), 'utf8');
const problems = [];

/** Both ways: what the code has and the page lacks, and what the page claims that does not exist. */
function compare(what, actual, documented) {
  for (const [key, value] of actual) {
    if (!documented.has(key)) problems.push(`${what}: ${key} is not documented`);
    else if (value !== undefined && documented.get(key) !== value) {
      problems.push(`${what}: ${key} is documented as "${documented.get(key)}" but is "${value}"`);
    }
  }
  for (const key of documented.keys())
    if (!actual.has(key)) problems.push(`${what}: ${key} is documented but does not exist`);
}

function restRoutes() {
  const serverSource = resolve(docsRoot, '../host-server/src');
  const files = (dir) =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'test-support' ? [] : files(path);
      return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
    });
  const registered = new Map();
  if (existsSync(serverSource)) {
    for (const file of files(serverSource)) {
      for (const [, method, path] of readFileSync(file, 'utf8').matchAll(
        /\brouter\.(get|post|put|patch|delete)\(\s*'(\/api\/[^']*)'/g,
      )) {
        registered.set(`${method.toUpperCase()} ${path.replace(/:(\w+)/g, '{$1}')}`, undefined);
      }
    }
  }
  if (registered.size === 0) problems.push('rest-api: no routes found in host-server/src');
  const documented = new Map(
    [...page('rest-api.md').matchAll(/^### (GET|POST|PUT|PATCH|DELETE) (\/api\/\S+)\s*$/gm)].map(
      ([, method, path]) => [`${method} ${path}`, undefined],
    ),
  );
  compare('rest-api.md', registered, documented);
  return registered.size;
}

function cssVariables() {
  const require = createRequire(join(docsRoot, 'package.json'));
  const css = readFileSync(require.resolve('@marginalia/pdf-editor/styles.css'), 'utf8');
  const root = /\.mg-editor\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
  const declared = new Map(
    [...root.matchAll(/(--mg-[\w-]+)\s*:\s*([^;]+);/g)].map(([, name, value]) => [name, value.trim()]),
  );
  const documented = new Map(
    [...page('theming.md').matchAll(/^\|\s*`(--mg-[\w-]+)`\s*\|\s*`([^`]+)`\s*\|/gm)].map(
      ([, name, value]) => [name, value],
    ),
  );
  compare('theming.md', declared, documented);
  return declared.size;
}

function messageKeys(defaultMessages) {
  const table = page('messages.md').split('## Keys')[1] ?? '';
  const documented = new Map(
    [...table.matchAll(/^\|\s*`([^`]+)`\s*\|\s*(.*?)\s*\|$/gm)].map(([, key, text]) => [
      key,
      text.replace(/\\\|/g, '|'),
    ]),
  );
  compare('messages.md', new Map(Object.entries(defaultMessages)), documented);
  return Object.keys(defaultMessages).length;
}

function shortcuts({ TOOLS, COMMANDS, defaultMessages }) {
  const text = page('keyboard-shortcuts.md');
  const toolRows = new Map(
    [...text.matchAll(/^\|\s*`([A-Z])`\s*\|\s*([^|]+?)\s*\|$/gm)].map(([, key, label]) => [
      key,
      label.trim(),
    ]),
  );
  const tools = new Map(
    TOOLS.filter((tool) => tool.preset.shortcut).map((tool) => [
      tool.preset.shortcut.toUpperCase(),
      defaultMessages[tool.preset.label],
    ]),
  );
  for (const [key, label] of tools) {
    if (!toolRows.get(key)?.startsWith(label))
      problems.push(`keyboard-shortcuts.md: ${key} should be listed for ${label}`);
  }
  for (const key of toolRows.keys())
    if (!tools.has(key)) problems.push(`keyboard-shortcuts.md: ${key} is not a tool shortcut`);
  const commandIds = new Map(
    COMMANDS.filter((command) => !command.id.startsWith('tool:')).map((command) => [command.id, undefined]),
  );
  const documented = new Map(
    [...text.matchAll(/^\|[^|]+\|[^|]+\|\s*`([\w:-]+)`\s*\|$/gm)].map(([, id]) => [id, undefined]),
  );
  compare('keyboard-shortcuts.md', commandIds, documented);
  return tools.size + commandIds.size;
}

// The tools, commands and messages are the editor object's (the "./editor" entry).
const sdk = await import('@marginalia/pdf-editor/editor');
const counts = [
  `${restRoutes()} routes`,
  `${cssVariables()} CSS variables`,
  `${messageKeys(sdk.defaultMessages)} messages`,
  `${shortcuts(sdk)} shortcuts`,
];
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exitCode = 1;
} else {
  console.log(`reference pages match the code: ${counts.join(', ')}.`);
}
