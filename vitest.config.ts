import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { liveService } from './apps/server/src/test/live-services.ts';

/**
 * One runner for the whole repo. Integration tests (*.int.test.ts) run once on a fresh embedded
 * PGlite per file and, when TEST_DATABASE_URL is set (as CI sets it), again on real PostgreSQL.
 */
const integration = (name: string, driver: 'pglite' | 'postgres') => ({
  test: {
    name,
    environment: 'node',
    include: ['apps/server/src/**/*.int.test.ts'],
    env: { TEST_DB_DRIVER: driver },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Files share a worker's module cache: each builds its own app on its own database, so nothing
    // they care about is shared, and importing the whole server once per worker instead of once per
    // file halves the project's time (466 s to 216 s on PGlite, 2 cores).
    isolate: false,
    ...(driver === 'pglite' ? { globalSetup: ['apps/server/src/test/pglite-template.ts'] } : {}),
  },
});

// In CI (REQUIRE_LIVE_SERVICES) a run without PostgreSQL fails rather than quietly testing on PGlite alone.
const postgres = liveService('TEST_DATABASE_URL');

export default defineConfig({
  test: {
    // Vitest's default leaves one core idle, which on a 2-core machine runs every file in one
    // worker; most files wait on databases and sockets, so two workers share the cores well.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['apps/web/src/test/setup.ts'],
          // A flow test types into several fields key by key; beside the database projects on two
          // cores that can pass 5 s without anything being wrong.
          testTimeout: 15_000,
        },
      },
      integration('int-pglite', 'pglite'),
      ...(postgres ? [integration('int-postgres', 'postgres')] : []),
    ],
  },
});
