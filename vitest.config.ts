import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          // Real files and git repositories in temp folders, no server and no build.
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/ensure-build.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // One server per file; files in parallel would fight over the 2 cores for timing tests.
          fileParallelism: false,
        },
      },
    ],
  },
})
