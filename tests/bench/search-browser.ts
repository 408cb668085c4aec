/**
 * bench:search's browser side, Chromium on loopback: the first search on /blog with nothing
 * cached (time from the box's focus, which is when the search starts loading, to the first result
 * shown; the bytes of `/pagefind/` that took), the JavaScript a page sends before the search is
 * used, and Lighthouse's categories (mobile, its default).
 */
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { type BrowserContext, chromium, type Request } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.ts'

export interface QueryRun {
  /** Focus of the box (page.fill focuses, then types) → the first result in the page. */
  firstResultMs: number
  /** Bytes over the wire (headers and body as sent) of `/pagefind/` requests for that query. */
  bytes: number
  files: string[]
  results: number
}

/**
 * Bytes over the wire by request (response headers and body as sent), of the page and of its
 * workers (Pagefind's worker fetches the index): Playwright's request sizes, which CDP gives it.
 */
function wireBytes(context: BrowserContext): () => Promise<{ url: string; bytes: number }[]> {
  const done: Promise<{ url: string; bytes: number }>[] = []
  const count = (request: Request) =>
    void done.push(request.sizes().then((sizes) => ({ url: request.url(), bytes: sizes.responseHeadersSize + sizes.responseBodySize })))
  context.on('requestfinished', count)
  return async () => Promise.all(done.splice(0))
}

/** `runs` first searches for `word` on `origin`/blog, each in a fresh context (an empty cache). */
export async function measureFirstQuery(origin: string, word: string, runs: number): Promise<QueryRun[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  const measured: QueryRun[] = []
  try {
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
      const take = wireBytes(context)
      const page = await context.newPage()
      await page.goto(`${origin}/blog`, { waitUntil: 'networkidle' })
      const before = await take()
      if (before.some((request) => new URL(request.url).pathname.startsWith('/pagefind/'))) throw new Error('/blog loaded the search before it was used')
      await page.evaluate(() => {
        const times: Record<string, number> = {}
        ;(window as unknown as { __search: Record<string, number> }).__search = times
        document.querySelector('#blog-search-input')!.addEventListener('focus', () => (times.focus = performance.now()), { once: true })
        new MutationObserver(() => {
          if (times.first === undefined && document.querySelector('.blog-search__result')) times.first = performance.now()
        }).observe(document.body, { childList: true, subtree: true })
      })
      await page.fill('#blog-search-input', word)
      await page.waitForSelector('.blog-search__result', { timeout: 30_000 })
      // What the query still had in flight (the other results' fragments) counts too.
      await page.waitForLoadState('networkidle')
      const times = await page.evaluate(() => (window as unknown as { __search: Record<string, number> }).__search)
      const search = (await take()).filter((request) => new URL(request.url).pathname.startsWith('/pagefind/'))
      measured.push({
        firstResultMs: times.first! - times.focus!,
        bytes: search.reduce((sum, request) => sum + request.bytes, 0),
        files: search.map((request) => new URL(request.url).pathname),
        results: await page.locator('.blog-search__result').count(),
      })
      await context.close()
    }
  } finally {
    await browser.close()
  }
  return measured
}

/** JavaScript a page load sends (bytes over the wire), the search not used. */
export async function scriptBytes(url: string): Promise<number> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    const context = await browser.newContext()
    const take = wireBytes(context)
    const page = await context.newPage()
    await page.goto(url, { waitUntil: 'networkidle' })
    return (await take())
      .filter((request) => /\.m?js(\?|$)/.test(new URL(request.url).pathname))
      .reduce((sum, request) => sum + request.bytes, 0)
  } finally {
    await browser.close()
  }
}

/**
 * Lighthouse's four categories (0–100) for each URL, mobile settings (its defaults): the median
 * of `runs` runs each, in turns (a score moves by a few points from run to run on a busy machine).
 */
export async function lighthouseCategories(urls: string[], runs = 3): Promise<Record<string, Record<string, number>>> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] })
  const seen: Record<string, Record<string, number[]>> = {}
  try {
    for (let run = 0; run < runs; run++) {
      for (const url of urls) {
        const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] })
        for (const [key, category] of Object.entries(result?.lhr.categories ?? {})) ((seen[url] ??= {})[key] ??= []).push(Math.round((category.score ?? 0) * 100))
      }
    }
  } finally {
    chrome.kill()
  }
  const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!
  return Object.fromEntries(Object.entries(seen).map(([url, categories]) => [url, Object.fromEntries(Object.entries(categories).map(([key, list]) => [key, median(list)]))]))
}
