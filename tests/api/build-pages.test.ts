/**
 * The post pages `npm run build` writes are the very pages vike renders for the same posts (the
 * server's own path, through the whole of renderPage()), whichever thread of the build read the
 * post file and rendered the page, and a build over its own dist/ rewrites only the pages whose
 * post changed. Real builds in child processes (vike loads one dist/ per process) over a copy of
 * this checkout's dist/ and 434 posts made from the fixtures: enough for the build's own thread
 * and its worker to read and render some each (build/render-workers.ts).
 */
import { spawnSync } from 'node:child_process'
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fixturePostFiles } from '../support/fixtures.ts'

const repoRoot = path.resolve(import.meta.dirname, '../..')
/** The build's inputs, linked (their hash is the bundles' key); dist/ and content/ are copies. */
const LINKED = ['core', 'pages', 'renderer', 'public', 'server', 'vite.config.ts', 'package.json', 'package-lock.json', 'node_modules']
const ENV = { NODE_ENV: 'production', CONTENT_DIR: 'content', SITE_URL: 'https://pages.example' }
/** Copies of each fixture post under other slugs and ids. */
const COPIES = 30

let root: string
const blogDir = () => path.join(root, 'content', 'blog')
const pageFile = (url: string) => path.join(root, 'dist', 'client', url, 'index.html')

function run(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, ...ENV, ...env }, maxBuffer: 1 << 28 })
  if (result.status !== 0) throw new Error(`${args.join(' ')} exited with ${result.status}:\n${result.stderr}${result.stdout}`)
  return result.stdout
}

const build = (workers: string) => run(['server/build.ts'], { BUILD_WORKERS: workers })

/** Every post page the build wrote, by URL. */
async function builtPostPages(): Promise<Map<string, string>> {
  const pages = new Map<string, string>()
  for (const slug of await readdir(path.join(root, 'dist', 'client', 'blog'))) {
    const html = await readFile(pageFile(`/blog/${slug}`), 'utf8').catch(() => null)
    if (html !== null) pages.set(`/blog/${slug}`, html)
  }
  return pages
}

let byVike: Record<string, string>

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'watchio-build-pages-'))
  for (const entry of LINKED) await symlink(path.join(repoRoot, entry), path.join(root, entry))
  await cp(path.join(repoRoot, 'dist'), path.join(root, 'dist'), { recursive: true })
  await mkdir(blogDir(), { recursive: true })
  for (const { name, text } of fixturePostFiles()) {
    await writeFile(path.join(blogDir(), name), text)
    const slug = name.replace(/\.html$/, '')
    for (let copy = 1; copy <= COPIES; copy++) {
      const copied = text.replace(/^id: (\w+)$/m, (_, id: string) => `id: ${id}c${copy}`).replace(/^slug: .*$/m, `slug: ${slug}-${copy}`)
      await writeFile(path.join(blogDir(), `${slug}-${copy}.html`), copied)
    }
  }
  byVike = JSON.parse(run([path.join(repoRoot, 'tests/support/vike-post-pages.ts')])) as Record<string, string>
})

afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

describe('the pages npm run build writes', () => {
  it('are the pages vike renders for the same posts, on the build’s own thread alone', async () => {
    const out = build('0')
    expect(out).not.toMatch(/worker thread/)
    const pages = await builtPostPages()
    expect(Object.keys(byVike).length).toBe(12 * (COPIES + 1))
    expect([...pages.keys()].sort()).toEqual(Object.keys(byVike).sort())
    for (const [url, html] of pages) expect(html, url).toBe(byVike[url])
  })

  it('are the same bytes when a worker thread and the build’s own thread share the reading and rendering', async () => {
    await rm(path.join(root, 'dist', 'client', 'blog'), { recursive: true })
    const out = build('1')
    expect(out).toMatch(/rendered in .* on 1 worker thread and the build's own/)
    const pages = await builtPostPages()
    expect([...pages.keys()].sort()).toEqual(Object.keys(byVike).sort())
    for (const [url, html] of pages) expect(html, url).toBe(byVike[url])
  })

  it('over its own dist/, rewrite only the page of the post that changed', async () => {
    const changed = '/blog/introducing-watchio-7'
    const kept = '/blog/introducing-watchio-8'
    const before = { changed: await stat(pageFile(changed)), kept: await stat(pageFile(kept)) }
    const file = path.join(blogDir(), 'introducing-watchio-7.html')
    await writeFile(file, (await readFile(file, 'utf8')).replace(/<\/p>/, ' (updated)</p>'))
    build('1')
    expect(await readFile(pageFile(changed), 'utf8')).toContain(' (updated)</p>')
    const after = { changed: await stat(pageFile(changed)), kept: await stat(pageFile(kept)) }
    // A page is written through a temp file and a rename: a new inode.
    expect(after.changed.ino).not.toBe(before.changed.ino)
    expect(after.kept.ino).toBe(before.kept.ino)
    expect(after.kept.mtimeMs).toBe(before.kept.mtimeMs)
  })
})
