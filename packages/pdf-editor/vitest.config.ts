import { defineConfig } from 'vitest/config';

// Core and editor tests run in Node (no DOM may creep in); React and browser-adapter tests in happy-dom;
// `*.test-d.ts` type tests are checked by tsc; `*.browser.test.ts` drive a real Chromium from Node
// through playwright-core.
export default defineConfig({
  test: {
    // Copies the bundled DejaVu fonts into fonts/ when a fresh checkout has not been built yet.
    globalSetup: ['src/test-support/ensureFonts.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'core',
          environment: 'node',
          include: ['src/core/**/*.test.ts', 'src/test-support/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['**/*.browser.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          // The editor without React (createEditor, store, tools, export) and its collaboration
          // binding run in Node: no DOM either.
          name: 'editor',
          environment: 'node',
          include: ['src/editor/**/*.test.ts', 'src/collab/**/*.test.ts'],
          exclude: ['**/*.browser.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'react',
          environment: 'happy-dom',
          include: ['src/react/**/*.test.{ts,tsx}', 'src/browser/**/*.test.{ts,tsx}'],
          exclude: ['**/*.browser.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          // Type tests of the public API (`*.test-d.ts`): checked by tsc, never run. A type error
          // in the sources they reach fails them too.
          name: 'types',
          include: [],
          typecheck: {
            enabled: true,
            only: true,
            include: ['src/**/*.test-d.{ts,tsx}'],
            // Only the type tests and what they import (the public API), not every file of the package.
            tsconfig: 'tsconfig.test-d.json',
          },
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          environment: 'node',
          include: ['src/**/*.browser.test.ts', 'scripts/**/*.browser.test.ts'],
          testTimeout: 240_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
