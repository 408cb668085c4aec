/**
 * `npm run bench:pages`: what a visitor's browser downloads for the main public pages, and
 * Lighthouse's scores for them (mobile settings), against the production build served by
 * the real server over a temp copy of the content.
 *
 * Bytes: every response of a page load in Chromium, JavaScript and CSS counted gzipped
 * (level 9, as the server compresses hashed assets), images as sent. Lighthouse: npm `lighthouse` driving Debian's Chromium
 * (CHROME_PATH, default /usr/bin/chromium).
 *
 * A post with three photos of the media library (4000×3000 JPEGs of 4–5 MB, made with
 * sharp and committed into the temp content repository; the featured image and two in the text),
 * their variants warmed as an upload does: the image bytes a visitor receives at 360 px (at device
 * pixel ratios 1 and 2) and 1280 px against the originals' bytes, the layout shift (CLS) and
 * Lighthouse's performance score at those widths.
 */
import { writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.ts'
import { parseMediaUrl } from '../../core/media-urls.ts'
import { ensureBuild } from '../support/ensure-build.ts'
import { git } from '../support/git.ts'
import { commitMedia, type MediaFixture } from '../support/media-files.ts'
import { createTempSite, startTestServer, TEST_ADMIN } from '../support/temp-site.ts'
import { layoutShiftOf, recordLayoutShifts } from '../support/layout-shifts.ts'
import { measurePageScripts, type PageRole, scriptTable } from './page-scripts.ts'

const TEST_ADMIN_LOGIN = { username: TEST_ADMIN.username, password: TEST_ADMIN.password }

const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS]
const JS_BUDGET = 90 * 1024
const TOTAL_BUDGET = 500 * 1024

interface Bytes {
  js: number
  css: number
  images: number
  html: number
  other: number
  total: number
  /** Scripts whose path names the admin area: there must be none on a public page. */
  adminScripts: string[]
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

async function measureBytes(url: string): Promise<Bytes> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  const bytes: Bytes = { js: 0, css: 0, images: 0, html: 0, other: 0, total: 0, adminScripts: [] }
  const pending: Promise<void>[] = []
  page.on('response', (response) => {
    pending.push(
      (async () => {
        const type = response.request().resourceType()
        const body = await response.body().catch(() => Buffer.alloc(0))
        const gzipped = gzipSync(body, { level: 9 }).length
        if (type === 'script') {
          bytes.js += gzipped
          if (/admin|editor|milkdown/i.test(response.url())) bytes.adminScripts.push(response.url())
        } else if (type === 'stylesheet') bytes.css += gzipped
        else if (type === 'image') bytes.images += response.headers()['content-type']?.includes('svg') ? gzipped : body.length
        else if (type === 'document') bytes.html += gzipped
        else bytes.other += gzipped
      })(),
    )
  })
  await page.goto(url, { waitUntil: 'networkidle' })
  // Lazy images below the fold count too: scroll through the page.
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 600) {
      window.scrollTo(0, y)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  })
  await page.waitForLoadState('networkidle')
  await Promise.all(pending)
  await browser.close()
  bytes.total = bytes.js + bytes.css + bytes.images + bytes.html + bytes.other
  return bytes
}

async function lighthouseScores(urls: string[]): Promise<Record<string, Record<string, number>>> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS })
  const scores: Record<string, Record<string, number>> = {}
  try {
    for (const url of urls) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      })
      const categories = result?.lhr.categories ?? {}
      scores[url] = Object.fromEntries(
        Object.entries(categories).map(([key, category]) => [key, Math.round((category.score ?? 0) * 100)]),
      )
      const failing = Object.values(result?.lhr.audits ?? {})
        .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative')
        .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`)
      if (failing.length > 0) console.log(`  ${new URL(url).pathname}: below 90 → ${failing.join(', ')}`)
    }
  } finally {
    await chrome.kill()
  }
  return scores
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`

interface AdminFigures {
  /** Scripts and styles of /admin/blog up to the post list, gzipped. */
  initialJs: number
  initialCss: number
  /** What opening the editor adds (the lazily loaded editor chunk and its CSS), gzipped. */
  editorJs: number
  editorCss: number
  /** From navigating to /admin/blog (signed in, cold cache) to the editor accepting typing, per run. */
  toEditableMs: number[]
}

/**
 * The admin area in Chromium, signed in: what /admin/blog downloads up to its post list, what
 * the editor adds, and how long from opening /admin/blog to an editor that accepts typing (the
 * admin clicks Edit on the first post as soon as the list shows). Each run uses a fresh browser
 * context (cold cache).
 */
async function measureAdmin(origin: string, runs: number): Promise<AdminFigures> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  const figures: AdminFigures = { initialJs: 0, initialCss: 0, editorJs: 0, editorCss: 0, toEditableMs: [] }
  try {
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
      const login = await context.request.post(`${origin}/api/auth/login`, { data: TEST_ADMIN_LOGIN })
      if (!login.ok()) throw new Error(`sign-in answered ${login.status()}`)
      const page = await context.newPage()
      let phase: 'initial' | 'editor' = 'initial'
      const sizes = { initial: { js: 0, css: 0 }, editor: { js: 0, css: 0 } }
      const pending: Promise<void>[] = []
      page.on('response', (response) => {
        const type = response.request().resourceType()
        if (type !== 'script' && type !== 'stylesheet') return
        const bucket = sizes[phase]
        pending.push(
          response.body().then(
            (body) => {
              const gzipped = gzipSync(body, { level: 9 }).length
              if (type === 'script') bucket.js += gzipped
              else bucket.css += gzipped
            },
            () => {},
          ),
        )
      })
      const started = performance.now()
      await page.goto(`${origin}/admin/blog`)
      await page.getByRole('button', { name: /^Edit/ }).first().click()
      phase = 'editor'
      const editor = page.getByRole('textbox', { name: 'Content*' })
      await editor.waitFor({ state: 'visible' })
      await page.waitForFunction(() => document.querySelector('[contenteditable="true"]') !== null)
      figures.toEditableMs.push(performance.now() - started)
      await page.waitForLoadState('networkidle')
      await Promise.all(pending)
      if (run === 0) {
        figures.initialJs = sizes.initial.js
        figures.initialCss = sizes.initial.css
        figures.editorJs = sizes.editor.js
        figures.editorCss = sizes.editor.css
      }
      await context.close()
    }
  } finally {
    await browser.close()
  }
  return figures
}

const PHOTO_POST = 'photos-from-the-library'

/** Three phone-sized photos in the library and a post that shows them (featured, and two in the text). */
async function addPhotoPost(repoDir: string, blogDir: string): Promise<MediaFixture[]> {
  const photos: MediaFixture[] = []
  for (const [seed, name] of ['harbour', 'market', 'hills'].entries()) {
    photos.push(await commitMedia(repoDir, { name, width: 4000, height: 3000, ext: 'jpg', noisy: true, seed: seed + 1 }))
  }
  const paragraph = (n: number) => `<p>${'A walk through the old town, from the harbour to the market and up into the hills. '.repeat(6)}(${n})</p>`
  const post = [
    '---',
    'id: photos01',
    'title: Photos from the library',
    `slug: ${PHOTO_POST}`,
    'summary: Three photos uploaded into the site, served at the size each visitor needs.',
    // Older than the sample posts: the other pages measure what they measured before.
    "publishDate: '2024-12-01'",
    'isPublished: true',
    `featuredImageUrl: ${photos[0]!.url}`,
    '---',
    '<h2>The harbour at dawn</h2>',
    paragraph(1),
    paragraph(2),
    `<p><img src="${photos[1]!.url}" alt="The market, busy at noon"></p>`,
    paragraph(3),
    `<p><img src="${photos[2]!.url}" alt="The hills above the town"></p>`,
    paragraph(4),
    '',
  ].join('\n')
  await writeFile(path.join(blogDir, `${PHOTO_POST}.html`), post)
  git(repoDir, 'add', '-A')
  git(repoDir, '-c', 'user.name=Bench', '-c', 'user.email=bench@example.com', 'commit', '-q', '-m', 'a post with three photos')
  return photos
}

interface PhotoLoad {
  /** Bytes of the library's images received (bodies as sent). */
  imageBytes: number
  /** The image files fetched, `/media/w960/…` or an original. */
  files: string[]
  cls: number
}

/** Loads the photo post in Chromium at a viewport, scrolls through it, and counts the library images it fetched. */
async function measurePhotoPost(url: string, viewport: { width: number; height: number; deviceScaleFactor: number }): Promise<PhotoLoad> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    const page = await browser.newPage({ viewport: { width: viewport.width, height: viewport.height }, deviceScaleFactor: viewport.deviceScaleFactor })
    await recordLayoutShifts(page)
    const load: PhotoLoad = { imageBytes: 0, files: [], cls: 0 }
    const pending: Promise<void>[] = []
    page.on('response', (response) => {
      const pathname = new URL(response.url()).pathname
      if (!pathname.startsWith('/media/')) return
      pending.push(
        response.body().then(
          (body) => {
            load.imageBytes += body.length
            load.files.push(`${pathname.replace(/^\/media\/(w\d+\/)?\d{4}\/([a-z]+)-.*$/, '$2 $1').replace(/\/$/, '') || pathname} ${response.headers()['content-type']?.replace('image/', '')}`)
          },
          () => {},
        ),
      )
    })
    await page.goto(url, { waitUntil: 'networkidle' })
    await page.evaluate(async () => {
      for (let y = 0; y < document.body.scrollHeight; y += 300) {
        window.scrollTo(0, y)
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    })
    await page.waitForLoadState('networkidle')
    await Promise.all(pending)
    load.cls = await layoutShiftOf(page)
    return load
  } finally {
    await browser.close()
  }
}

/** Lighthouse's performance audit of one page: mobile settings at 360 px (DPR 2), desktop settings at 1280 px. */
async function lighthousePerformance(url: string, width: 360 | 1280) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS })
  try {
    const mobile = width === 360
    const screenEmulation = mobile
      ? { mobile: true, width: 360, height: 740, deviceScaleFactor: 2, disabled: false }
      : { mobile: false, width: 1280, height: 800, deviceScaleFactor: 1, disabled: false }
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], screenEmulation },
      mobile ? undefined : desktopConfig,
    )
    const audits = result?.lhr.audits ?? {}
    const images = (audits['network-requests']?.details as { items?: { url: string; transferSize?: number }[] } | undefined)?.items ?? []
    return {
      performance: Math.round((result?.lhr.categories.performance?.score ?? 0) * 100),
      cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
      lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
      mediaBytes: images.filter((item) => new URL(item.url).pathname.startsWith('/media/')).reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    }
  } finally {
    await chrome.kill()
  }
}

await ensureBuild()
const port = await freePort()
const origin = `http://127.0.0.1:${port}`
const site = await createTempSite()
console.log('Making three 4000×3000 photos for the photo post…')
const photos = await addPhotoPost(site.repoDir, site.blogDir)
// SITE_URL is the served origin so that canonical links point at the pages being measured.
const server = await startTestServer(site, { env: { PORT: String(port), SITE_URL: origin } })
try {
  const posts = (await (await fetch(`${origin}/api/blog/posts`)).json()) as { slug: string }[]
  const postPath = `/blog/${posts.find((post) => post.slug !== PHOTO_POST)!.slug}`
  const paths = ['/', '/pricing', '/blog', postPath]

  const rolePaths: Record<PageRole, string> = {
    'a post': postPath, '/legal': '/legal', '/partnerships': '/partnerships', '404': '/no-such-page',
    '/': '/', '/pricing': '/pricing', '/blog': '/blog', '/referral': '/referral',
    // With a link the card copies it on arrival, so its island comes at once.
    '/referral?link=': `/referral?link=${encodeURIComponent('https://watchio.app/r/FRIEND42')}`,
  }
  const scripts = await measurePageScripts(origin, rolePaths)
  console.log('\nJavaScript sent on load (gzipped, Chromium) and Lighthouse mobile (4× CPU slowdown), before islands and now:')
  console.table(scriptTable(scripts, rolePaths))
  console.log(JSON.stringify(scripts))
  // `npm run bench:pages -- --scripts`: that table alone.
  if (!process.argv.includes('--scripts')) await measureTheRest(paths)
} finally {
  await server.close()
  await site.cleanup()
}

async function measureTheRest(paths: string[]): Promise<void> {
  const rows = []
  for (const path of paths) {
    const bytes = await measureBytes(origin + path)
    rows.push({
      page: path,
      'JS (gz)': kb(bytes.js),
      'CSS (gz)': kb(bytes.css),
      images: kb(bytes.images),
      'HTML (gz)': kb(bytes.html),
      total: kb(bytes.total),
      'admin code': bytes.adminScripts.length === 0 ? 'none' : bytes.adminScripts.join(' '),
      budget: path === '/' ? (bytes.js <= JS_BUDGET && bytes.total <= TOTAL_BUDGET ? 'PASS' : 'MISS') : '',
    })
  }
  console.log('\nBytes sent (Chromium page load, 1280 px wide):')
  console.table(rows)
  console.log(`Budget on /: JavaScript ≤ ${kb(JS_BUDGET)} gzipped, total ≤ ${kb(TOTAL_BUDGET)}.`)

  console.log('\nThe admin area (Chromium, signed in, cold cache):')
  const admin = await measureAdmin(origin, 5)
  const sorted = [...admin.toEditableMs].sort((a, b) => a - b)
  console.table([
    { part: '/admin/blog up to the post list', 'JS (gz)': kb(admin.initialJs), 'CSS (gz)': kb(admin.initialCss) },
    { part: 'the editor chunk (loaded on Edit)', 'JS (gz)': kb(admin.editorJs), 'CSS (gz)': kb(admin.editorCss) },
  ])
  console.log(
    `Opening /admin/blog to an editable editor: median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms ` +
      `(runs: ${admin.toEditableMs.map((ms) => ms.toFixed(0)).join(', ')} ms)`,
  )

  await measurePhotos(origin, photos)

  console.log('\nLighthouse (mobile settings, Debian Chromium):')
  const scores = await lighthouseScores(paths.map((path) => origin + path))
  console.table(
    Object.entries(scores).map(([url, categories]) => ({ page: new URL(url).pathname, ...categories })),
  )
}

/** The photo post: image bytes against the originals', CLS, Lighthouse performance. */
async function measurePhotos(origin: string, photos: MediaFixture[]): Promise<void> {
  const url = `${origin}/blog/${PHOTO_POST}`
  const post = (await (await fetch(`${origin}/api/blog/posts/${PHOTO_POST}`)).json()) as { content: string }
  const inText = post.content.match(/<img /g)?.length ?? 0
  // The sanitizer must keep library images in a post's text (core/post-html-rules.ts): say so rather than measure one photo.
  if (inText !== 2) throw new Error(`the photo post's content has ${inText} of its 2 images: does the sanitizer accept /media/ paths?`)
  // As an upload does: every variant made before the first visitor.
  const started = performance.now()
  for (const photo of photos) await server.site.media.warm(parseMediaUrl(photo.url)!)
  const warmMs = performance.now() - started
  const originals = photos.reduce((sum, photo) => sum + photo.bytes.length, 0)
  console.log(`\nThe photo post (/blog/${PHOTO_POST}): three 4000×3000 JPEGs, ${kb(originals)} as uploaded; their variants made in ${(warmMs / 1000).toFixed(1)} s`)
  const rows = []
  for (const viewport of [
    { width: 360, height: 740, deviceScaleFactor: 1 },
    { width: 360, height: 740, deviceScaleFactor: 2 },
    { width: 1280, height: 800, deviceScaleFactor: 1 },
  ]) {
    const load = await measurePhotoPost(url, viewport)
    rows.push({
      viewport: `${viewport.width} px @${viewport.deviceScaleFactor}x`,
      'image bytes': kb(load.imageBytes),
      'of originals': `${((100 * load.imageBytes) / originals).toFixed(1)} %`,
      CLS: Number(load.cls.toFixed(4)),
      files: load.files.join(', '),
    })
  }
  console.table(rows)
  const lighthouseRows = []
  for (const width of [360, 1280] as const) {
    const figures = await lighthousePerformance(url, width)
    lighthouseRows.push({
      viewport: width === 360 ? '360 px @2x, mobile (slow 4G, 4× CPU)' : '1280 px @1x, desktop',
      performance: figures.performance,
      CLS: Number(figures.cls.toFixed(4)),
      'LCP (ms)': Math.round(figures.lcpMs),
      'image bytes': kb(figures.mediaBytes),
    })
  }
  console.log('Lighthouse, the photo post:')
  console.table(lighthouseRows)
}
