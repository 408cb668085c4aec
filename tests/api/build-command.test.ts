/**
 * `npm run build` (server/build.ts) over a copy of this checkout: it keeps the bundles when the
 * code has not changed and says so, renders every page from the content on one thread or on
 * worker threads with the same bytes, removes the pages of posts that are gone, and refuses a
 * bad BUILD_WORKERS. Runs the real command in a child process (vike loads one dist/ per process).
 */
import { spawnSync } from 'node:child_process'
import { cp, mkdtemp, readdir, readFile, rm, symlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FIXTURE_BLOG_DIR, fixturePostFiles } from '../support/fixtures.ts'

const repoRoot = path.resolve(import.meta.dirname, '../..')
/** The build's inputs, linked (their hash is the bundles' key); dist/ and content/ are copies. */
const LINKED = ['core', 'pages', 'renderer', 'public', 'server', 'vite.config.ts', 'package.json', 'package-lock.json', 'node_modules']

let root: string
const client = () => path.join(root, 'dist', 'client')

function build(env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/build.ts'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production', CONTENT_DIR: 'content', SITE_URL: 'https://build.example', BUILD_WORKERS: '0', ...env },
  })
  return { code: result.status, out: result.stdout, err: result.stderr }
}

/** Every post page of the build, by URL. */
async function postPages(): Promise<Map<string, string>> {
  const pages = new Map<string, string>()
  for (const slug of await readdir(path.join(client(), 'blog'))) {
    const file = path.join(client(), 'blog', slug, 'index.html')
    const html = await readFile(file, 'utf8').catch(() => null)
    if (html !== null) pages.set(`/blog/${slug}`, html)
  }
  return pages
}

const publishedSlugs = fixturePostFiles()
  .filter(({ text }) => /^isPublished: true$/m.test(text))
  .map(({ name }) => name.replace(/\.html$/, ''))

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'watchio-build-command-'))
  for (const entry of LINKED) await symlink(path.join(repoRoot, entry), path.join(root, entry))
  await cp(path.join(repoRoot, 'dist'), path.join(root, 'dist'), { recursive: true })
  await cp(FIXTURE_BLOG_DIR, path.join(root, 'content', 'blog'), { recursive: true })
})

afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

describe('npm run build', () => {
  let single: Map<string, string>

  it('keeps the bundles when the code is unchanged, says so, and renders every page from the content', async () => {
    const result = build()
    expect(result.code, result.err).toBe(0)
    expect(result.out).toMatch(/^Bundles: unchanged since .*: skipping vike build/m)
    expect(result.out).toMatch(/^Pages: \d+ rendered in /m)
    single = await postPages()
    expect([...single.keys()].sort()).toEqual(publishedSlugs.map((slug) => `/blog/${slug}`).sort())
    // Rendered for this site (its SITE_URL), not copied from the checkout's build.
    for (const html of single.values()) expect(html).toContain('https://build.example/blog/')
    const info = JSON.parse(await readFile(path.join(root, 'dist', 'build-info.json'), 'utf8')) as { settings: { siteUrl: string } }
    expect(info.settings.siteUrl).toBe('https://build.example')
  })

  it('renders the same bytes on worker threads, and removes the page and stamp of a post that is gone', async () => {
    const gone = publishedSlugs[0]!
    await rm(path.join(root, 'content', 'blog', `${gone}.html`))
    // The posts beside the one gone now link past it: the same build on this thread alone is the reference.
    const reference = build({ BUILD_WORKERS: '0' })
    expect(reference.code, reference.err).toBe(0)
    const alone = await postPages()
    const result = build({ BUILD_WORKERS: '2' })
    expect(result.code, result.err).toBe(0)
    expect(result.out).toMatch(/rendered in .* on 2 worker threads/)
    const workers = await postPages()
    expect([...workers.keys()].sort()).toEqual([...single.keys()].filter((url) => url !== `/blog/${gone}`).sort())
    expect([...alone.keys()].sort()).toEqual([...workers.keys()].sort())
    for (const [url, html] of workers) expect(html, url).toBe(alone.get(url))
    const stamps = JSON.parse(await readFile(path.join(root, 'dist', 'client-pages.json'), 'utf8')) as { stamps: Record<string, string> }
    expect(Object.keys(stamps.stamps)).not.toContain(`/blog/${gone}`)
    expect(Object.keys(stamps.stamps)).toContain(`/blog/${publishedSlugs[1]}`)
  })

  it('refuses a BUILD_WORKERS that is not a number of threads, naming it', () => {
    const result = build({ BUILD_WORKERS: 'many' })
    expect(result.code).not.toBe(0)
    expect(result.err + result.out).toMatch(/BUILD_WORKERS="many": must be a whole number from 0 to 16/)
  })
})
