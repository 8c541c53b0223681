import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'packages/*/src/**/*.test.ts', 'studio/scripts/**/*.test.ts', 'docs/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          // Checks over every page of the static build (built first when it is not current).
          name: 'site',
          include: ['tests/site/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/setup/site-build.ts'],
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/setup/global-database.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
