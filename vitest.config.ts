import { defineConfig } from 'vitest/config'

/**
 * Test timeouts are guards against a test that hangs, never deadlines the code is held to: far
 * beyond what a test takes on an idle machine, so a machine loaded many times over (the suite
 * run twice at once, a CPU hog beside it) makes a test slower and never makes it fail. Speed
 * targets live in tests/bench/. tests/support/wait-for.ts's HANG_GUARD_MS is the same kind.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      {
        test: {
          // Real files and git repositories in temp folders, no server and no build.
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/ensure-build.ts'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
          // One server per file; files in parallel would fight over the 2 cores for timing tests.
          fileParallelism: false,
        },
      },
    ],
  },
})
