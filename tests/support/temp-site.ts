import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { AccountStore, accountsFilePath } from '../../server/accounts/account-store.ts'
import { hashPassword } from '../../server/accounts/password.ts'
import { readBuildInfo } from '../../server/build-info.ts'
import { loadConfig, siteDirOf } from '../../server/config.ts'
import { type Logger } from '../../server/lib/logger.ts'
import { FIXTURE_CONTENT_DIR } from './fixtures.ts'
import { tempGitRepo } from './git.ts'
import { freePort } from './nginx.ts'
import { recordingLogger } from './recording-logger.ts'
import type { CatchUpOptions } from '../../server/services/pages/page-catch-up.ts'
import { pageFolders } from '../../server/compose/site.ts'
import { type RunningServer, startServer } from '../../server/start.ts'

const repoRoot = path.resolve(import.meta.dirname, '../..')

export interface TempSite {
  /** A real git repository holding `content/`. */
  repoDir: string
  contentDir: string
  blogDir: string
  /** The server's private data folder (accounts, sessions, session key, the site's own pages). */
  dataDir: string
  /** Where the server writes the pages it renders (inside `dataDir`); dist/ is shared and never written. */
  pagesDir: string
  cleanup(): Promise<void>
}

/** The admin account every test server is seeded with (ADMIN_USERNAME / ADMIN_PASSWORD). */
export const TEST_ADMIN = { username: 'editor', password: 'correct horse battery staple', displayName: 'editor' }

/**
 * A temp git repository with a copy of the tests' own content (tests/fixtures/content, never
 * the site's content/, which editors change), or an empty blog, and a data folder of its own.
 * Servers over it share this checkout's dist/ as any site does: where the build was made from
 * other content, the server renders those pages itself at start (PublicPages.catchUp).
 */
export async function createTempSite(
  options: {
    empty?: boolean
    /** Share another site's DATA_DIR, as servers started from one checkout with the default `.data` do. */
    dataDir?: string
  } = {},
): Promise<TempSite> {
  const base = await mkdtemp(path.join(tmpdir(), 'watchio-site-'))
  const repoDir = path.join(base, 'repo')
  const contentDir = path.join(repoDir, 'content')
  const blogDir = path.join(contentDir, 'blog')
  await cp(FIXTURE_CONTENT_DIR, contentDir, { recursive: true })
  if (options.empty) {
    await rm(blogDir, { recursive: true })
    await mkdir(blogDir, { recursive: true })
  }
  tempGitRepo({ dir: repoDir, commit: 'initial content', author: { name: 'Test', email: 'test@example.com' } })
  const dataDir = options.dataDir ?? path.join(base, 'data')
  const pagesDir = pageFolders({ distDir: path.join(repoRoot, 'dist'), siteDir: siteDirOf(dataDir, contentDir) }).site.dir
  return { repoDir, contentDir, blogDir, dataDir, pagesDir, cleanup: () => rm(base, { recursive: true, force: true }) }
}

/**
 * The settings of a server a browser signs in to: a free port, and SITE_URL at that origin (the
 * admin API trusts SITE_URL's origin alone, and the browser's origin is the server's address);
 * no linked page fetched for a bookmark card, so that a browser test never waits on the network
 * (tests/api/bookmark-details.test.ts fetches from a page server of its own).
 */
export async function browserSiteEnv(): Promise<Record<string, string>> {
  const port = await freePort()
  return { PORT: String(port), SITE_URL: `http://127.0.0.1:${port}`, LINK_DETAILS_FETCH: 'off' }
}

/** The SITE_URL of the test servers: where their pages say they live, and the only origin their API trusts. */
export const TEST_SITE_URL = 'https://watchio.example'

/**
 * The real production server (Koa + the built vike pages) on a free port over `site`, with
 * this checkout's dist/ or another build (`distDir`, say a fixture build).
 */
export async function startTestServer(
  site: TempSite,
  options: { env?: Record<string, string>; logger?: Logger; distDir?: string; catchUp?: CatchUpOptions; clock?: () => Date; linkDeadline?: () => AbortSignal } = {},
): Promise<RunningServer> {
  const loaded = loadConfig(await testServerSettings(site, options.env), repoRoot)
  const config = options.distDir ? { ...loaded, distDir: options.distDir } : loaded
  const build = await readBuildInfo(config.distDir)
  if (!build) throw new Error('dist/ is not built: run npm run build')
  return startServer({ config, build, logger: options.logger ?? recordingLogger(), catchUp: options.catchUp, clock: options.clock, linkDeadline: options.linkDeadline })
}

/**
 * The settings a test server runs with over `site`, `env` added (an empty value unsets one): the
 * test admin seeded first with a cheap hash (seedTestAdmin), unless `env` names the admin itself.
 * The same for a server in this process (startTestServer) and one in its own (server-process.ts).
 */
export async function testServerSettings(site: Pick<TempSite, 'contentDir' | 'dataDir'>, env: Record<string, string> = {}): Promise<Record<string, string>> {
  const seedsItself = 'ADMIN_USERNAME' in env || 'ADMIN_PASSWORD' in env
  if (!seedsItself) await seedTestAdmin(site.dataDir, new URL(env.SITE_URL ?? TEST_SITE_URL).hostname)
  return {
    NODE_ENV: 'production',
    PORT: '0',
    SITE_URL: TEST_SITE_URL,
    CONTENT_DIR: site.contentDir,
    DATA_DIR: site.dataDir,
    ADMIN_USERNAME: TEST_ADMIN.username,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    ...env,
  }
}

/** The log2 N of the test admin's hash: 1,000 times cheaper to sign in with than the default (17). */
const TEST_HASH_LOG2N = 7

let testAdminHash: Promise<string> | undefined

/**
 * Writes TEST_ADMIN into a data folder with no account, as the server's first start would from
 * ADMIN_USERNAME and ADMIN_PASSWORD (which it then leaves alone), but with a cheap hash: the suites
 * sign in some 400 times, and at the default cost those hashes were a tenth of their CPU. The
 * first start's own seeding is tested with the variables set (config, first-admin and CLI tests).
 */
async function seedTestAdmin(dataDir: string, siteHost: string): Promise<void> {
  const store = new AccountStore(accountsFilePath(dataDir))
  if (!(await store.isEmpty())) return
  testAdminHash ??= hashPassword(TEST_ADMIN.password, { log2N: TEST_HASH_LOG2N })
  await store.add({ username: TEST_ADMIN.username, displayName: TEST_ADMIN.displayName, email: `${TEST_ADMIN.username}@${siteHost}`, passwordHash: await testAdminHash })
}
