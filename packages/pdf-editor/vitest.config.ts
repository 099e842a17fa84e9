import { defineConfig } from 'vitest/config';

// Core tests run in Node (no DOM may creep in); React and browser-adapter tests in happy-dom;
// `*.browser.test.ts` drive a real Chromium from Node through playwright-core.
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
          name: 'react',
          environment: 'happy-dom',
          include: ['src/react/**/*.test.{ts,tsx}', 'src/browser/**/*.test.{ts,tsx}'],
          exclude: ['**/*.browser.test.ts'],
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
