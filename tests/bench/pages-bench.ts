/**
 * `npm run bench:pages`: what a visitor's browser downloads for the main public pages, and
 * Lighthouse's scores for them (mobile settings), against the production build served by
 * the real server over a temp copy of the content.
 *
 * Bytes: every response of a page load in Chromium, JavaScript and CSS counted gzipped
 * (level 9, as the server compresses hashed assets), images as sent. Lighthouse: npm `lighthouse` driving Debian's Chromium
 * (CHROME_PATH, default /usr/bin/chromium).
 */
import { createServer } from 'node:net'
import { gzipSync } from 'node:zlib'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.ts'
import { ensureBuild } from '../support/ensure-build.ts'
import { createTempSite, startTestServer, TEST_ADMIN } from '../support/temp-site.ts'

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

await ensureBuild()
const port = await freePort()
const origin = `http://127.0.0.1:${port}`
const site = await createTempSite()
// SITE_URL is the served origin so that canonical links point at the pages being measured.
const server = await startTestServer(site, { env: { PORT: String(port), SITE_URL: origin } })
try {
  const posts = (await (await fetch(`${origin}/api/blog/posts`)).json()) as { slug: string }[]
  const paths = ['/', '/pricing', '/blog', `/blog/${posts[0]!.slug}`]

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

  console.log('\nLighthouse (mobile settings, Debian Chromium):')
  const scores = await lighthouseScores(paths.map((path) => origin + path))
  console.table(
    Object.entries(scores).map(([url, categories]) => ({ page: new URL(url).pathname, ...categories })),
  )
} finally {
  await server.close()
  await site.cleanup()
}
