import { defineConfig } from '@playwright/test'
import base from './playwright.config.ts'

/**
 * The public browser tests against a static export served by nginx alone (tests/e2e/serve-export.ts),
 * so `npm run export` is held to what the Node server does. E2E_PORT is this run's own port (not the
 * other config's 4173, so both can run at once).
 *
 * Left out, as they need the Node server: the admin specs (sign-in, saves, history, sync, media
 * uploads: a static site has no admin) and media-responsive.spec.ts (it commits images through its
 * own server, admin-fixtures.ts; the export's media and their variants are checked by
 * tests/api/static-export.test.ts instead).
 *
 * Also left out: the axe sweeps (blog-a11y.spec.ts, and the tests with "axe" in their title in
 * landing, pricing and pages): they check the pages' markup, which the export holds byte for byte
 * as the server renders it (tests/api/static-export.test.ts compares them), so against nginx they
 * would check nothing new, for about half of this run's time.
 */
const port = Number(process.env.E2E_PORT || 4174)
const baseURL = `http://127.0.0.1:${port}`

export const PUBLIC_SPECS = [
  'blog.spec.ts',
  'console.spec.ts',
  'landing.spec.ts',
  'not-found.spec.ts',
  'pages.spec.ts',
  'post.spec.ts',
  'pricing.spec.ts',
  'redirects.spec.ts',
  'referral.spec.ts',
  'theme.spec.ts',
]

export default defineConfig({
  ...base,
  testMatch: PUBLIC_SPECS,
  grepInvert: /axe/,
  outputDir: `test-results/e2e-export-${port}`,
  use: { ...base.use, baseURL },
  webServer: {
    command: 'node --import tsx tests/e2e/serve-export.ts',
    url: `${baseURL}/blog`,
    env: { E2E_PORT: String(port), NODE_ENV: 'production' },
    reuseExistingServer: false,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
})
