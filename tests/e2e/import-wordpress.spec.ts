/**
 * WordPress's theme unit test export imported with `npm run import` (the CLI, run from the
 * sources) into an empty temp project, with a local uploads folder holding every image its posts
 * use (made with sharp), then the real server started over it: every published post's page
 * answers 200, no request the page makes fails, and axe finds nothing serious or critical.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { parsePostFile } from '../../server/content/parse-post.ts'
import { readWordPressExport } from '../../server/import/wordpress-export.ts'
import type { RunningServer } from '../../server/start.ts'
import { makeImage } from '../support/media-files.ts'
import { browserSiteEnv, createTempSite, startTestServer, type TempSite } from '../support/temp-site.ts'
import { expectNoSeriousAxeViolations } from './axe.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')
const EXPORT = path.join(ROOT, 'tests/fixtures/import/themeunittestdata.wordpress.xml')

let site: TempSite
let server: RunningServer
let uploadsDir: string
let report = ''

/** Every file under the old site's uploads that a post uses (`2008/06/photo.jpg`), made as a small image of its type. */
async function makeUploads(dir: string): Promise<void> {
  const source = readWordPressExport(readFileSync(EXPORT))
  const files = new Set<string>()
  for (const post of source.posts) {
    for (const url of [post.featuredImage, ...[...post.html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!)]) {
      const base = source.uploadBases.find((candidate) => url.startsWith(candidate))
      const file = base ? url.slice(base.length).replace(/[?#].*$/, '') : ''
      if (/\.(jpe?g|png|gif)$/i.test(file)) files.add(file)
    }
  }
  for (const file of files) {
    const ext = /\.png$/i.test(file) ? 'png' : /\.gif$/i.test(file) ? 'gif' : 'jpg'
    mkdirSync(path.join(dir, path.dirname(file)), { recursive: true })
    writeFileSync(path.join(dir, file), await makeImage({ width: 640, height: 400, ext }))
  }
}

test.beforeAll(async () => {
  site = await createTempSite({ empty: true })
  uploadsDir = path.join(tmpdir(), `watchio-uploads-${process.pid}`)
  await makeUploads(uploadsDir)
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/import-cli.ts', EXPORT, '--uploads', uploadsDir, '--dir', site.repoDir], {
    cwd: ROOT,
    env: { ...process.env, CONTENT_DIR: site.contentDir, DATA_DIR: site.dataDir, SITE_TIMEZONE: 'UTC' },
    encoding: 'utf8',
  })
  report = run.stdout
  if (run.status !== 0) throw new Error(`the import failed (${run.status}): ${run.stderr}`)
  server = await startTestServer(site, { env: await browserSiteEnv() })
})

test.afterAll(async () => {
  await server?.close()
  await site?.cleanup()
  rmSync(uploadsDir, { recursive: true, force: true })
})

test('every published post of the theme unit test data is on the site, whole and accessible', async ({ page }) => {
  test.setTimeout(300_000)
  expect(report).toMatch(/^Import from WordPress \(themeunittestdata\.wordpress\.xml\)/)
  expect(report).toContain('0 image URLs kept as they were')
  const today = new Date().toISOString().slice(0, 10)
  const published = readdirSync(site.blogDir)
    .map((name) => parsePostFile(readFileSync(path.join(site.blogDir, name), 'utf8'), name))
    .filter((post) => post.isPublished && post.publishDate <= today)
  // One post is a draft: it was empty (the theme blocks' post keeps 24 paragraphs of its own, so it stays published).
  expect(published).toHaveLength(54)

  const failed: string[] = []
  page.on('requestfailed', (request) => failed.push(`${request.url()}: ${request.failure()?.errorText}`))
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.url()}: ${response.status()}`)
  })
  for (const post of published) {
    const response = await page.goto(`${server.url}/blog/${post.slug}`, { waitUntil: 'load' })
    expect(response?.status(), post.slug).toBe(200)
    await expect(page.locator('h1').first()).toHaveText(post.title)
    // Lazy images load as they come into view: scrolled through, every one of them is asked for.
    await page.evaluate(async () => {
      for (const image of document.querySelectorAll('img')) image.loading = 'eager'
      await Promise.all([...document.images].map((image) => image.decode().catch(() => {})))
    })
    await expectNoSeriousAxeViolations(page, { where: post.slug })
  }
  expect(failed).toEqual([])
})
