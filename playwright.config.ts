import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, TEST_BROWSER_PATH } from './tests/support/chromium.ts'

/** The e2e server (tests/e2e/serve.ts) listens here; override with E2E_PORT if it is taken. */
const port = Number(process.env.E2E_PORT || 4173)
const baseURL = `http://127.0.0.1:${port}`

export default defineConfig({
  testDir: './tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: 'list',
  // One folder per port: runs on different E2E_PORTs at the same time do not wipe each other's artifacts.
  outputDir: `test-results/e2e-${port}`,
  // Guards against a hang, not deadlines (see vitest.config.ts): a loaded machine slows a test, never fails it.
  timeout: 180_000,
  expect: { timeout: 60_000 },
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: {
      executablePath: TEST_BROWSER_PATH,
      args: CHROMIUM_ARGS,
    },
    // A failed test keeps its trace: every action with its call log and timing, the console and
    // the network. Not the screencast or the DOM snapshots before and after each action: filming
    // and copying the page for every test, for the few that fail, was a third of the browser
    // tests' CPU, most of it Chromium's. `--trace on` (or `retain-on-failure`) records them all
    // when a failure needs the page itself.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: false },
  },
  webServer: {
    // Builds dist/ when stale, then serves it over a temp copy of the content.
    command: 'node --import tsx tests/e2e/serve.ts',
    url: `${baseURL}/blog`,
    env: { E2E_PORT: String(port), NODE_ENV: 'production' },
    reuseExistingServer: false,
    // SIGTERM (not the default SIGKILL) so serve.ts closes the server and removes its temp site.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
})
