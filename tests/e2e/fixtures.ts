/**
 * Shared knowledge for the e2e specs: the posts (read-only from the tests' own
 * tests/fixtures/content, which the e2e server serves a temp copy of), date formatting, hydration and
 * console-error helpers.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { type ConsoleMessage, expect, type Locator, type Page } from '@playwright/test'
import type { Post } from '../../core/post.ts'
import { parsePostFile } from '../../server/content/parse-post.ts'
import { FIXTURE_BLOG_DIR as blogDir } from '../support/fixtures.ts'

/** Every sample post, as written on disk. */
export const ALL_POSTS: readonly Post[] = readdirSync(blogDir)
  .filter((name) => name.endsWith('.html'))
  .map((name) => parsePostFile(readFileSync(path.join(blogDir, name), 'utf8'), name))

/** Published posts, newest first (SPEC §2 blog list). */
export const PUBLISHED: readonly Post[] = ALL_POSTS.filter((post) => post.isPublished).sort((a, b) =>
  b.publishDate.localeCompare(a.publishDate),
)
export const DRAFTS: readonly Post[] = ALL_POSTS.filter((post) => !post.isPublished)

export const PAGE_SIZE = 10

export function publishedPost(index: number): Post {
  const post = PUBLISHED[index]
  if (!post) throw new Error(`the sample content has no published post #${index}`)
  return post
}

/** `2025-10-20` → "October 20, 2025" (long US format, computed independently of the app). */
export function longUsDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number]
  const months = [
    'January', 'February', 'March', 'April', 'May', 'June',
    'July', 'August', 'September', 'October', 'November', 'December',
  ]
  return `${months[month - 1]} ${day}, ${year}`
}

/** Text as React's server renderer escapes it in HTML. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;')
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }

/** The visible text of the first element `tag` in a post's HTML content (tags stripped, entities decoded). */
export function firstText(content: string, tag: 'p' | 'h2' | 'h3'): string {
  const match = new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}>`).exec(content)
  if (!match?.[1]) throw new Error(`no <${tag}> in the post content`)
  return match[1]
    .replace(/<[^>]+>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16))
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)))
      return ENTITIES[name.toLowerCase()] ?? entity
    })
    .trim()
}

/**
 * Waits until the page's script is in place: on a public page, the site's plain script has run
 * (renderer/site-script.ts marks <html>) and every island waits for the reader's first move
 * (renderer/islands-loader.ts) or is live already (renderer/islands-client.tsx); in the admin
 * area, React has rendered the shell (its theme toggle and footer carry React's props).
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const hydrated = (element: Element | null) =>
        !!element && Object.keys(element).some((key) => key.startsWith('__reactProps$'))
      if (document.getElementById('vike_pageContext')) return hydrated(document.querySelector('.theme-toggle')) && hydrated(document.querySelector('footer'))
      const islands = [...document.querySelectorAll('[data-island]')]
      const ready = (island: Element) => island.hasAttribute('data-island-armed') || island.hasAttribute('data-hydrated')
      return document.documentElement.hasAttribute('data-script-ready') && islands.every(ready)
    },
    undefined,
  )
}

/**
 * Waits until every CSS animation and transition on the page that ends has ended (a toast's or a
 * tooltip's entrance): what a check of what is on screen (axe's contrast) must see settled. A
 * spinner's endless animation does not count.
 */
export async function waitForAnimations(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.getAnimations().every((animation) => animation.playState === 'finished' || animation.effect?.getTiming().iterations === Infinity)))
    .toBe(true)
}

/**
 * Waits until what the last actions set off on the page has happened: their animations ended,
 * two frames drawn (lazy images that came into view have been asked for by then), and every
 * image asked for loaded or failed. A check that nothing went wrong (console errors, CSP
 * violations) is made then, not after a pause.
 */
export async function waitForPageSettled(page: Page): Promise<void> {
  await waitForAnimations(page)
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))))
  await expect.poll(() => page.evaluate(() => [...document.images].every((image) => image.complete || image.currentSrc === ''))).toBe(true)
}

/** Marks the current document; `isSameDocument` stays true only across client-side navigations. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => {
    ;(window as unknown as { __e2eMarker?: string }).__e2eMarker = 'same-document'
  })
}

export async function isSameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __e2eMarker?: string }).__e2eMarker === 'same-document')
}

export interface ProblemLog {
  /** Uncaught exceptions, console.error messages and CSP violations seen so far. */
  problems: string[]
}

/**
 * Records uncaught page errors, console errors (a hydration mismatch is one) and CSP
 * violations. `allow404For` lets the browser's own "Failed to load resource: … 404"
 * for a document that is supposed to be a 404 pass.
 */
export function recordProblems(page: Page, options: { allow404For?: (url: string) => boolean } = {}): ProblemLog {
  const log: ProblemLog = { problems: [] }
  page.on('pageerror', (error) => log.problems.push(`pageerror: ${error.message}`))
  page.on('console', (message: ConsoleMessage) => {
    const text = message.text()
    if (/Content.Security.Policy/i.test(text)) {
      log.problems.push(`CSP (${message.type()}): ${text}`)
      return
    }
    if (message.type() !== 'error') return
    const url = message.location().url
    if (/status of 404/.test(text) && options.allow404For?.(url)) return
    log.problems.push(`console.error: ${text} (${url})`)
  })
  return log
}

/** Also listens for `securitypolicyviolation` events inside the page (they fire even when nothing is logged). */
export async function recordCspViolations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const store = ((window as unknown as { __cspViolations?: string[] }).__cspViolations = [] as string[])
    document.addEventListener('securitypolicyviolation', (event) => {
      store.push(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`)
    })
  })
}

export async function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])
}

/** Whether each FAQ item (a native `<details>`) is open, in order. */
async function openStates(items: Locator): Promise<boolean[]> {
  return items.evaluateAll((elements) => elements.map((element) => (element as HTMLDetailsElement).open))
}

/**
 * SPEC §2/§4: one item open at a time, and clicking the open one closes it (all closed).
 * The FAQ is `<details name>` elements: the browser keeps the group exclusive.
 */
export async function expectSingleCollapsibleAccordion(region: Locator, questions: readonly string[]) {
  const items = region.locator('details.faq__item')
  const summaries = items.locator('summary')
  const answers = items.locator('.faq__answer')
  const openItems = region.locator('details[open]')
  await expect(summaries).toHaveText(questions as string[])
  // One exclusive group: every item carries the same, non-empty name.
  const names = await items.evaluateAll((elements) => elements.map((element) => element.getAttribute('name')))
  expect(names[0]).toBeTruthy()
  expect(new Set(names).size).toBe(1)

  const closed = questions.map(() => false)
  expect(await openStates(items)).toEqual(closed)
  await expect(openItems).toHaveCount(0)
  await expect(answers.first()).toBeHidden()

  await summaries.nth(0).click()
  await expect(openItems).toHaveCount(1)
  expect(await openStates(items)).toEqual(closed.map((_, i) => i === 0))
  await expect(answers.nth(0)).toBeVisible()

  await summaries.nth(2).click()
  await expect(items.nth(2)).toHaveJSProperty('open', true)
  await expect(openItems).toHaveCount(1)
  expect(await openStates(items)).toEqual(closed.map((_, i) => i === 2))
  await expect(answers.nth(0)).toBeHidden()
  await expect(answers.nth(2)).toBeVisible()
  // Answers are hidden from assistive technology too while closed: only the open one is exposed.
  await expect(region.locator('.faq').getByRole('paragraph')).toHaveCount(1)
  await expect(region.locator('.faq').getByRole('paragraph')).toHaveText(await answers.nth(2).innerText())

  await summaries.nth(2).click()
  await expect(openItems).toHaveCount(0)
  expect(await openStates(items)).toEqual(closed)
  await expect(region.locator('.faq__answer:visible')).toHaveCount(0)
  await expect(region.locator('.faq').getByRole('paragraph')).toHaveCount(0)
}
