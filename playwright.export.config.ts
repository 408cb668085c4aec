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
 * Also left out: the specs of what a page does once it is in the browser, which the export holds byte
 * for byte as the server renders it (tests/api/static-export.test.ts compares every page, its
 * page-context file and the API files): the axe sweeps, and landing, pricing, pages (partnerships,
 * legal, announcement) and referral. What is run is what serving decides: the blog's list and
 * pages over the API and page-context files (client-side navigation), the search over the export's
 * own index (its save test, tagged @server, is the Node server's), Post Not Found and the 404
 * page with their status, the redirect pages, the theme script under the export's CSP, and no
 * console error, failed load or CSP violation on a direct load or after navigation. Running the
 * other specs here too would add three minutes to `npm test` for no behaviour of the export.
 */
const port = Number(process.env.E2E_PORT || 4174)
const baseURL = `http://127.0.0.1:${port}`

export const PUBLIC_SPECS = ['blog.spec.ts', 'console.spec.ts', 'not-found.spec.ts', 'post.spec.ts', 'redirects.spec.ts', 'search.spec.ts', 'theme.spec.ts']

export default defineConfig({
  ...base,
  testMatch: PUBLIC_SPECS,
  // What needs the Node server in a public spec (a save, in search.spec.ts) is tagged so.
  grepInvert: /@server/,
  outputDir: `test-results/e2e-export-${port}`,
  use: { ...base.use, baseURL },
  // The Node run's server settings (shutdown, timeouts, output), with this run's script and port.
  webServer: {
    ...(base.webServer as Exclude<typeof base.webServer, unknown[] | undefined>),
    command: 'node --import tsx tests/e2e/serve-export.ts',
    url: `${baseURL}/blog`,
    env: { E2E_PORT: String(port), NODE_ENV: 'production' },
  },
})
