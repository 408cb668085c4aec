/**
 * `npm start`'s server stopped with SIGTERM (a deploy, `docker stop`, systemd) while its start's
 * background work is under way: the content checks of posts written by hand, the stale pages, the
 * search index. It stops where it stands, exits 0, and says so in one line; what it kept for the
 * next start (the parse cache) is whole, and the next start takes up what was left.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { generatePosts } from '../bench/generate-posts.ts'
import { serializePost } from '../../server/content/serialize-post.ts'
import { commitAsMaintainer } from '../support/git.ts'
import { freePort } from '../support/nginx.ts'
import { createTempSite, TEST_ADMIN, type TempSite } from '../support/temp-site.ts'
import { waitFor } from '../support/wait-for.ts'

const repoRoot = path.resolve(import.meta.dirname, '../..')

let site: TempSite | undefined
const running: ChildProcess[] = []
afterEach(async () => {
  for (const child of running.splice(0)) child.kill('SIGKILL')
  await site?.cleanup()
})

/** The compiled server as `npm start` runs it, over `site`, with another SITE_URL than the build's (every page stale). */
async function startCompiled(temp: TempSite) {
  const port = await freePort()
  const child = spawn(process.execPath, ['scripts/run-compiled.mjs', 'index'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: 'https://another-origin.example',
      CONTENT_DIR: temp.contentDir,
      DATA_DIR: temp.dataDir,
      ADMIN_USERNAME: TEST_ADMIN.username,
      ADMIN_PASSWORD: TEST_ADMIN.password,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.push(child)
  const lines: string[] = []
  const take = (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter((line) => line !== ''))
  child.stdout.on('data', take)
  child.stderr.on('data', take)
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  await waitFor(() => lines.some((line) => line.includes(' listening on ')))
  return { child, lines, exited }
}

describe('SIGTERM during the start\'s background work', () => {
  it('stops it where it stands in one line of the log, exits 0, and the next start takes up the rest', async () => {
    site = await createTempSite()
    const posts = generatePosts({ count: 300, images: ['one.svg'], handWritten: true, seed: 42 })
    for (const post of posts) await writeFile(path.join(site.blogDir, `${post.slug}.html`), serializePost(post))
    commitAsMaintainer(site.repoDir, 'Posts written by hand', 'content/blog')

    const first = await startCompiled(site)
    const loaded = first.lines.find((line) => line.startsWith('Loaded '))!
    expect(loaded).toMatch(/, the content of \d+ of them to be checked in the background/)
    // Every page is stale (another SITE_URL than the build's): the catch-up has begun.
    await waitFor(() => first.lines.some((line) => / pages differ from their content/.test(line)))
    const before = first.lines.length
    first.child.kill('SIGTERM')
    expect(await first.exited).toBe(0)
    expect(first.lines.slice(before)).toEqual([expect.stringMatching(/^Stopped on SIGTERM in \d+ ms(: .+ left for the next start)?$/)])
    // What it kept is whole: the parse cache names every post file, the unchecked ones as such.
    const kept = JSON.parse(await readFile(path.join(path.dirname(site.pagesDir), 'parsed-posts.json'), 'utf8')) as { files: Record<string, unknown> }
    expect(Object.keys(kept.files).sort()).toEqual((await readdir(site.blogDir)).filter((name) => name.endsWith('.html')).sort())

    const second = await startCompiled(site)
    await waitFor(() => second.lines.some((line) => /^Checked the content of \d+ post files/.test(line)))
    second.child.kill('SIGTERM')
    expect(await second.exited).toBe(0)
    const checked = second.lines.find((line) => line.startsWith('Checked the content'))!
    expect(checked).toMatch(/: \d+ served cleaned, 0 refused/)
  })
})
