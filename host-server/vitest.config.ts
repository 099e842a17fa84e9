import { defineConfig } from 'vitest/config';

// Every test file runs on SQLite; when DATABASE_URL points at PostgreSQL it runs there too, as a
// second project, each test context in its own schema.
const databases = ['sqlite', ...(process.env.DATABASE_URL ? ['postgres'] : [])];

export default defineConfig({
  test: {
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
