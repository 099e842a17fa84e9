// @vitest-environment node
// `npm start` (the repository root's script) serves this product: it must build the SDK, the API
// rules the app and the server share, this app and the server, and nothing else (the example apps are for `npm test` and their own READMEs).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url);
const rootScripts = (JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { scripts: Record<string, string> }).scripts;
const workspaceNames = (JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as { workspaces: string[] }).workspaces;

/** The workspaces whose `build` a root script runs, following `npm run <root script>` through `&&`. */
function workspacesBuiltBy(script: string): Set<string> | 'all' {
  const built = new Set<string>();
  for (const command of (rootScripts[script] ?? '').split('&&').map((part) => part.trim())) {
    const run = /^npm run (\S+)(.*)$/.exec(command);
    if (!run) continue;
    const [, name = '', flags = ''] = run;
    const workspaces = [...flags.matchAll(/(?:-w|--workspace)[ =](\S+)/g)].map((match) => match[1] ?? '');
    if (name === 'build') {
      // Without -w the root's own build runs every workspace's.
      if (workspaces.length === 0) return 'all';
      for (const workspace of workspaces) built.add(workspace);
    } else if (workspaces.length === 0 && name in rootScripts) {
      const nested = workspacesBuiltBy(name);
      if (nested === 'all') return 'all';
      for (const workspace of nested) built.add(workspace);
    }
  }
  return built;
}

describe('npm start', () => {
  it('must build the SDK, the shared API rules, the app and the server, and not the example apps', () => {
    expect(workspaceNames).toContain('examples/*');
    const built = workspacesBuiltBy('start');
    expect(built).not.toBe('all');
    expect([...(built as Set<string>)].sort()).toEqual(['@marginalia/api', '@marginalia/host-app', '@marginalia/host-server', '@marginalia/pdf-editor']);
    expect(rootScripts.start).toMatch(/npm run start -w @marginalia\/host-server$/);
  });

  it('must leave npm test building every workspace its tests import', () => {
    expect(workspacesBuiltBy('test')).toBe('all');
  });
});
