import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Every test file runs on SQLite; when DATABASE_URL points at PostgreSQL it runs there too, as a
// second project, each test context in its own schema.
const databases = ['sqlite', ...(process.env.DATABASE_URL ? ['postgres'] : [])];

export default defineConfig({
  test: {
    // The server's tests wait more than they compute (child processes, their own servers, fault
    // timeouts): two files at a time on a 2-core machine, where vitest's default runs one, took the
    // run from 686 to 375 s with every test passing.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: databases.map((database) => ({
      test: {
        name: database,
        include: ['src/**/*.test.ts'],
        env: { TEST_DATABASE: database },
        testTimeout: 90_000,
        hookTimeout: 60_000,
      },
    })),
  },
});
