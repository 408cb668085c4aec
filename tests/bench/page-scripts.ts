/**
 * The JavaScript each public page sends on load, and what Lighthouse (mobile) makes of it: the
 * figures of "pages that are read ship almost no JavaScript". `npm run bench:pages` prints them
 * beside BEFORE, the same figures measured on the build that hydrated every page with React and
 * vike's client router (commit 5d72b67, this machine, `npm run bench:pages -- --scripts`), so the
 * table shows what a change buys.
 */
import { gzipSync } from 'node:zlib'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.ts'

/** The pages measured, by role (a post's path depends on the content). */
export type PageRole = 'a post' | '/legal' | '/partnerships' | '404' | '/' | '/pricing' | '/blog' | '/referral' | '/referral?link='

export const PAGE_ROLES: readonly PageRole[] = ['a post', '/legal', '/partnerships', '404', '/', '/pricing', '/blog', '/referral', '/referral?link=']

/**
 * Gzipped KB of JavaScript at 1280 px and 360 px, Lighthouse mobile performance and Total Blocking
 * Time; and, for a page with islands, the KB once the reader has used every island (a pointer
 * over each), which islands load on first use instead of on load (renderer/islands-loader.ts).
 */
export interface ScriptFigures {
  js1280: number
  js360: number
  performance: number
  tbtMs: number
  jsUsed?: number
}

/** Measured with `measurePageScripts` on the build before islands (5d72b67). */
export const BEFORE: Record<PageRole, ScriptFigures> = {
  'a post': { js1280: 100.3, js360: 100.3, performance: 98, tbtMs: 22 },
  '/legal': { js1280: 97.9, js360: 97.9, performance: 98, tbtMs: 0 },
  '/partnerships': { js1280: 97.5, js360: 97.5, performance: 99, tbtMs: 0 },
  // Lighthouse audits no page that answers 404 (its run ends in an error): NaN, shown as n/a.
  '404': { js1280: 97.4, js360: 97.4, performance: NaN, tbtMs: NaN },
  '/': { js1280: 87.5, js360: 87.5, performance: 98, tbtMs: 3 },
  '/pricing': { js1280: 110.5, js360: 110.5, performance: 98, tbtMs: 39 },
  '/blog': { js1280: 99.9, js360: 99.9, performance: 97, tbtMs: 34 },
  '/referral': { js1280: 119.9, js360: 119.9, performance: 98, tbtMs: 0 },
  // Not measured then: that build loaded the same bundle whatever the query, so the same KB; not its score.
  '/referral?link=': { js1280: 119.9, js360: 119.9, performance: NaN, tbtMs: NaN },
}

/** Targets: a page with nothing interactive but the theme toggle, and a page with islands. */
const SCRIPT_FREE: readonly PageRole[] = ['a post', '/legal', '/partnerships', '404']
export const targetKb = (role: PageRole) => (SCRIPT_FREE.includes(role) ? 10 : 60)

/**
 * Gzipped bytes (level 9, as the server compresses hashed assets) of every script a page load
 * fetches; with `use`, of every script once a pointer has been over each island and each is live.
 */
async function scriptBytes(url: string, width: number, use = false): Promise<number> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    const page = await browser.newPage({ viewport: { width, height: width === 360 ? 740 : 900 } })
    let total = 0
    const pending: Promise<void>[] = []
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return
      pending.push(response.body().then((body) => void (total += gzipSync(body, { level: 9 }).length), () => {}))
    })
    await page.goto(url, { waitUntil: 'networkidle' })
    if (use) {
      for (const island of await page.locator('[data-island]').all()) {
        await island.hover()
        await island.and(page.locator('[data-hydrated]')).waitFor()
      }
      await page.waitForLoadState('networkidle')
    }
    await Promise.all(pending)
    return total
  } finally {
    await browser.close()
  }
}

/** Lighthouse's default (mobile: 360-ish px, slow 4G, 4× CPU slowdown) performance score and TBT. */
async function lighthouseMobile(urls: string[]): Promise<{ performance: number; tbtMs: number }[]> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] })
  try {
    const results = []
    for (const url of urls) {
      const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] })
      results.push({
        performance: result?.lhr.runtimeError ? NaN : Math.round((result?.lhr.categories.performance?.score ?? NaN) * 100),
        tbtMs: Math.round(result?.lhr.runtimeError ? NaN : (result?.lhr.audits['total-blocking-time']?.numericValue ?? NaN)),
      })
    }
    return results
  } finally {
    await chrome.kill()
  }
}

export async function measurePageScripts(origin: string, paths: Record<PageRole, string>): Promise<Record<PageRole, ScriptFigures>> {
  const figures = {} as Record<PageRole, ScriptFigures>
  for (const role of PAGE_ROLES) {
    const url = origin + paths[role]
    figures[role] = { js1280: (await scriptBytes(url, 1280)) / 1024, js360: (await scriptBytes(url, 360)) / 1024, performance: 0, tbtMs: 0 }
    if (!SCRIPT_FREE.includes(role)) figures[role].jsUsed = (await scriptBytes(url, 1280, true)) / 1024
  }
  const scores = await lighthouseMobile(PAGE_ROLES.map((role) => origin + paths[role]))
  PAGE_ROLES.forEach((role, i) => Object.assign(figures[role], scores[i]))
  return figures
}

/** The table: before and now side by side, and whether each page meets its target. */
/** The rows that show the path measured beside their name: it depends on the content, or is long. */
const WITH_PATH: Partial<Record<PageRole, string>> = { 'a post': 'a post', '404': '404', '/referral?link=': '/referral, a link' }

export function scriptTable(now: Record<PageRole, ScriptFigures>, paths: Record<PageRole, string>) {
  const kb = (n: number) => `${n.toFixed(1)} KB`
  return PAGE_ROLES.map((role) => {
    const before = BEFORE[role]
    const after = now[role]
    const target = targetKb(role)
    const scored = !Number.isNaN(after.performance)
    const met = after.js1280 <= target && after.js360 <= target && (!scored || (after.performance === 100 && after.tbtMs <= 50))
    const score = (n: number) => (Number.isNaN(n) ? 'n/a' : n)
    const ms = (n: number) => (Number.isNaN(n) ? 'n/a' : `${n} ms`)
    return {
      page: role in WITH_PATH ? `${WITH_PATH[role]} (${paths[role]})` : role,
      'JS 1280 before': kb(before.js1280),
      'JS 1280 now': kb(after.js1280),
      'JS 360 before': kb(before.js360),
      'JS 360 now': kb(after.js360),
      'perf before': score(before.performance),
      'perf now': score(after.performance),
      'TBT before': ms(before.tbtMs),
      'TBT now': ms(after.tbtMs),
      'JS once used': after.jsUsed === undefined ? '' : kb(after.jsUsed),
      target: `≤ ${target} KB, 100, ≤ 50 ms: ${met ? 'MET' : 'MISSED'}`,
    }
  })
}
