// Checks that rest-api.md documents exactly the routes host-server registers: every
// `router.<method>('/api/...')` in host-server/src has a `### METHOD /api/...` heading (`:id`
// written `{id}`), and every such heading names a route that exists.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const docsRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const serverSource = resolve(docsRoot, '../host-server/src');

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test-support' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const ROUTE = /\brouter\.(get|post|put|patch|delete)\(\s*'(\/api\/[^']*)'/g;
const HEADING = /^### (GET|POST|PUT|PATCH|DELETE) (\/api\/\S+)\s*$/gm;

if (!existsSync(serverSource)) {
  console.error(`rest-api: ${serverSource} not found`);
  process.exit(1);
}
const registered = new Set();
for (const file of sourceFiles(serverSource)) {
  for (const [, method, path] of readFileSync(file, 'utf8').matchAll(ROUTE)) {
    registered.add(`${method.toUpperCase()} ${path.replace(/:(\w+)/g, '{$1}')}`);
  }
}
const documented = new Set(
  [...readFileSync(join(docsRoot, 'rest-api.md'), 'utf8').matchAll(HEADING)].map(([, method, path]) => `${method} ${path}`),
);
const undocumented = [...registered].filter((route) => !documented.has(route));
const phantom = [...documented].filter((route) => !registered.has(route));
for (const route of undocumented) console.error(`rest-api.md does not document ${route}`);
for (const route of phantom) console.error(`rest-api.md documents ${route}, which host-server does not register`);
if (registered.size === 0) console.error('rest-api: no routes found in host-server/src');
if (undocumented.length || phantom.length || registered.size === 0) process.exitCode = 1;
else console.log(`rest-api: all ${registered.size} routes documented.`);
