/**
 * SPEC §2: /feedback, /discord and /help show "Redirecting to ..." and then go to their
 * external targets; /iptv shows a spinner and "Redirecting to IPTV Account..." and goes at
 * once. With or without JavaScript. The targets are the server's defaults (the e2e server
 * sets none), and the browser never reaches them: each is answered here.
 *
 * To look at a page that is about to leave, its target first answers 204 No Content, which
 * makes the browser stay where it is; the page's own timer is held with Playwright's clock.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import { DEFAULT_REDIRECT_TARGETS } from '../../core/redirect-targets.ts'
import { cspViolations, recordCspViolations, recordProblems, waitForHydration } from './fixtures.ts'

const MESSAGE_PAGES = [
  { path: '/feedback', target: DEFAULT_REDIRECT_TARGETS.feedback, text: 'Redirecting to the feedback board...', footer: 'Feedback' },
  { path: '/discord', target: DEFAULT_REDIRECT_TARGETS.discord, text: 'Redirecting to Discord...', footer: 'Discord' },
  { path: '/help', target: DEFAULT_REDIRECT_TARGETS.help, text: 'Redirecting to the help center...', footer: 'Help' },
] as const
const IPTV = { path: '/iptv', target: DEFAULT_REDIRECT_TARGETS.iptv, text: 'Redirecting to IPTV Account...' } as const
const ALL_PAGES = [...MESSAGE_PAGES, IPTV]
/** The scripted delay of the message pages (pages/_redirect/redirect-seo.ts). */
const MESSAGE_DELAY_MS = 1500

interface Target {
  /** Navigation requests the page made to the target. */
  requests: { url: string }[]
  /** From now on the target answers 200 "ok" (the browser arrives there). */
  open(): void
}

/**
 * Answers the target: 204 (the browser stays on the redirect page) until `open()`, then
 * 200 "ok". Refuses anything else outside the test server.
 */
async function interceptTarget(
  context: BrowserContext,
  baseURL: string | undefined,
  target: string,
  options: { open?: boolean } = {},
): Promise<Target> {
  const origin = new URL(baseURL ?? 'http://127.0.0.1').origin
  await context.route(
    (url) => url.origin !== origin,
    (route) => route.abort('blockedbyclient'),
  )
  let open = options.open ?? false
  const state: Target = { requests: [], open: () => (open = true) }
  await context.route(`${target}**`, async (route) => {
    if (route.request().isNavigationRequest()) state.requests.push({ url: route.request().url() })
    if (open) await route.fulfill({ status: 200, contentType: 'text/plain', body: 'ok' })
    else await route.fulfill({ status: 204 })
  })
  return state
}

/** Fake timers, stopped: the page's own timers fire only when the test moves the clock on. */
async function holdClock(page: Page): Promise<void> {
  await page.clock.install({ time: new Date('2025-10-01T12:00:00Z') })
  await page.clock.pauseAt(new Date('2025-10-01T12:00:01Z'))
}


const atTarget = (target: string) => (url: URL) => url.href.startsWith(target)
const heading = (page: Page, text: string) => page.getByRole('heading', { level: 1, name: text })
const continueLink = (page: Page) => page.getByRole('main').getByRole('link', { name: 'Continue' })

test.describe('with JavaScript', () => {
  for (const { path, target, text } of MESSAGE_PAGES) {
    test(`${path}: shows "${text}", then goes to ${target}`, async ({ page, context, baseURL }) => {
      const targetState = await interceptTarget(context, baseURL, target)
      await recordCspViolations(page)
      const problems = recordProblems(page)
      await holdClock(page)

      const response = await page.goto(path)
      expect(response?.status()).toBe(200)
      await expect(heading(page, text)).toBeVisible()
      await expect(page).toHaveTitle(/\| Watchio$/)
      await expect(continueLink(page)).toHaveAttribute('href', target)
      await waitForHydration(page)
      expect(await cspViolations(page)).toEqual([])

      // The scripted redirect waits for its delay, then goes: one navigation, made after the
      // delay (one made before it would have met the 204 and stayed, with nothing left to go).
      await page.clock.runFor(MESSAGE_DELAY_MS - 100)
      targetState.open()
      await page.clock.runFor(200)
      await page.waitForURL(atTarget(target))
      await expect(page.locator('body')).toHaveText('ok')
      expect(targetState.requests).toHaveLength(1)
      expect(problems.problems).toEqual([])
    })
  }

  // Needs the meta refresh inside <noscript> (renderer/seo.ts): otherwise it leaves at once.
  test('a direct visit with JavaScript keeps the message for its delay; the meta refresh is only for browsers without it', async ({
    page,
    context,
    baseURL,
  }) => {
    const { path, target, text } = MESSAGE_PAGES[0]
    const targetState = await interceptTarget(context, baseURL, target)
    await holdClock(page)
    await page.goto(path)
    await expect(heading(page, text)).toBeVisible()
    await waitForHydration(page)
    // With scripts on, the <noscript> meta refresh is text, not an element: no refresh is pending.
    await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(0)
    await page.clock.runFor(MESSAGE_DELAY_MS - 100)
    targetState.open()
    await page.clock.runFor(200)
    await page.waitForURL(atTarget(target))
    expect(targetState.requests, 'one navigation, after the scripted delay').toHaveLength(1)
  })

  for (const { path, target, text, footer } of MESSAGE_PAGES) {
    test(`${path} reached by a link (footer) redirects too`, async ({ page, context, baseURL }) => {
      await interceptTarget(context, baseURL, target, { open: true })
      const problems = recordProblems(page)
      await holdClock(page)
      await page.goto('/legal')
      await waitForHydration(page)
      await page.getByRole('contentinfo').getByRole('link', { name: footer, exact: true }).click()
      await expect(heading(page, text)).toBeVisible()
      await expect(page).toHaveURL(new RegExp(`${path}$`))
      // The link is a page load: the delay counts from the page's load.
      await page.waitForLoadState('load')
      await page.clock.runFor(MESSAGE_DELAY_MS)
      await page.waitForURL(atTarget(target))
      expect(problems.problems).toEqual([])
    })
  }

  test('leaving a redirect page for another page of the site cancels its redirect', async ({ page, context, baseURL }) => {
    const { target, text } = MESSAGE_PAGES[1]
    const targetState = await interceptTarget(context, baseURL, target, { open: true })
    await holdClock(page)
    await page.goto('/watchio')
    await waitForHydration(page)
    await page.getByRole('link', { name: 'Join us on Discord' }).click()
    await expect(heading(page, text)).toBeVisible()
    await page.goBack()
    await expect(page.getByRole('heading', { level: 1, name: 'Meet Watchio' })).toBeVisible()
    // A navigation the page starts is announced at once (the Navigation API's navigate event):
    // recorded while the clock passes the delay, none may come.
    await page.evaluate(() => {
      const started: string[] = []
      Object.assign(window, { navigationsStarted: started })
      ;(window as unknown as { navigation: EventTarget }).navigation.addEventListener('navigate', (event) => started.push((event as unknown as { destination: { url: string } }).destination.url))
    })
    await page.clock.runFor(5000)
    expect(await page.evaluate(() => (window as unknown as { navigationsStarted: string[] }).navigationsStarted)).toEqual([])
    expect(targetState.requests).toEqual([])
    expect(new URL(page.url()).pathname).toBe('/watchio')
  })

  test('the Continue link goes to the target', async ({ page, context, baseURL }) => {
    const { path, target } = MESSAGE_PAGES[2]
    await interceptTarget(context, baseURL, target, { open: true })
    await holdClock(page)
    await page.goto(path)
    await waitForHydration(page)
    await continueLink(page).click()
    await page.waitForURL(atTarget(target))
  })

  test('/iptv: a spinner and "Redirecting to IPTV Account...", and an immediate redirect', async ({
    page,
    context,
    baseURL,
  }) => {
    const targetState = await interceptTarget(context, baseURL, IPTV.target)
    await recordCspViolations(page)
    const problems = recordProblems(page)
    await holdClock(page)

    await page.goto(IPTV.path)
    await expect(heading(page, IPTV.text)).toBeVisible()
    await expect(page.locator('.redirect__spinner')).toBeVisible()
    await expect(continueLink(page)).toHaveAttribute('href', IPTV.target)
    await waitForHydration(page)
    expect(await cspViolations(page)).toEqual([])

    // No delay: the scripted redirect fires on the next tick.
    expect(targetState.requests).toEqual([])
    targetState.open()
    await page.clock.runFor(1)
    await page.waitForURL(atTarget(IPTV.target))
    await expect(page.locator('body')).toHaveText('ok')
    expect(problems.problems).toEqual([])
  })

  test('/iptv without any clock tricks lands on the target', async ({ page, context, baseURL }) => {
    await interceptTarget(context, baseURL, IPTV.target, { open: true })
    await page.goto(IPTV.path, { waitUntil: 'commit' })
    await page.waitForURL(atTarget(IPTV.target))
    await expect(page.locator('body')).toHaveText('ok')
  })
})

test.describe('the HTML itself', () => {
  for (const { path, target, text } of ALL_PAGES) {
    test(`${path}: message, noindex, meta refresh to ${target}, no canonical`, async ({ request }) => {
      const response = await request.get(path)
      expect(response.status()).toBe(200)
      const html = await response.text()
      expect(html).toContain(text)
      expect(html).toContain('<meta name="robots" content="noindex">')
      expect(html).not.toContain('rel="canonical"')
      // At once: a delayed meta refresh fails WCAG 2.2.1 (axe: meta-refresh).
      expect(html).toContain(`<meta http-equiv="refresh" content="0;url=${target}">`)
      if (path === '/iptv') expect(html).toContain('redirect__spinner')
    })
  }
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  for (const { path, target, text } of ALL_PAGES) {
    test(`${path}: shows "${text}" and the meta refresh asks for ${target}`, async ({ page, context, baseURL }) => {
      const targetState = await interceptTarget(context, baseURL, target)
      const response = await page.goto(path)
      expect(response?.status()).toBe(200)
      await expect(heading(page, text)).toBeVisible()
      if (path === '/iptv') await expect(page.locator('.redirect__spinner')).toBeVisible()
      await expect.poll(() => targetState.requests.length).toBeGreaterThan(0)
      expect(targetState.requests[0]?.url.startsWith(target)).toBe(true)
      // The fallback link works without JavaScript too.
      targetState.open()
      await continueLink(page).click()
      await page.waitForURL(atTarget(target))
    })

    test(`${path}: the meta refresh lands on ${target}`, async ({ page, context, baseURL }) => {
      await interceptTarget(context, baseURL, target, { open: true })
      await page.goto(path, { waitUntil: 'commit' })
      await page.waitForURL(atTarget(target))
      await expect(page.locator('body')).toHaveText('ok')
    })
  }
})
