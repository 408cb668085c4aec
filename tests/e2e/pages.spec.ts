/**
 * SPEC §1 and §2: the partnerships, legal and announcement pages; §8 and §9: the toasts
 * (one at a time, 5 s, F8, swipe right); accessibility (axe, both themes, 360 and 1280 px)
 * of every page in this group, redirect and referral pages included.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import { DEFAULT_REDIRECT_TARGETS } from '../../core/redirect-targets.ts'
import { SITE_DEFAULTS } from '../../server/content/site-defaults/index.ts'
import { cspViolations, recordCspViolations, recordProblems, waitForAnimations, waitForHydration } from './fixtures.ts'
import { expectNoSeriousAxeViolations } from './axe.ts'

/** Nothing leaves the machine: any request to another origin is answered here or refused. */
async function keepOffline(context: BrowserContext, baseURL: string | undefined): Promise<void> {
  const origin = new URL(baseURL ?? 'http://127.0.0.1').origin
  await context.route(
    (url) => url.origin !== origin,
    (route) => route.abort('blockedbyclient'),
  )
}


/** Hydrated, and no console error, page error or CSP violation so far. */
async function expectHealthy(page: Page, problems: { problems: string[] }): Promise<void> {
  await waitForHydration(page)
  expect(await cspViolations(page)).toEqual([])
  expect(problems.problems).toEqual([])
}

test.beforeEach(async ({ context, baseURL, page }) => {
  await keepOffline(context, baseURL)
  await recordCspViolations(page)
})

test.describe('partnerships page', () => {
  test('intro, the four kinds of partners with descriptions, Contact Partnerships Team mail link', async ({ page }) => {
    const problems = recordProblems(page)
    const response = await page.goto('/partnerships')
    expect(response?.status()).toBe(200)
    await expect(page).toHaveTitle('Partnerships | Watchio')
    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { level: 1, name: 'Partnerships' })).toBeVisible()
    await expect(main).toContainText('premium IPTV player for Apple devices')

    const kinds = main.locator('.partner-card')
    await expect(kinds).toHaveCount(4)
    await expect(kinds.locator('h3')).toHaveText([
      'Content Providers & Distributors',
      'Technology & Infrastructure Partners',
      'Marketing & Distribution Channels',
      'Strategic Collaborations',
    ])
    for (const text of await kinds.locator('p').allTextContents()) expect(text.length).toBeGreaterThan(120)

    const contact = main.getByRole('link', { name: 'Contact Partnerships Team' })
    await expect(contact).toBeVisible()
    const href = (await contact.getAttribute('href')) ?? ''
    expect(href.startsWith(`mailto:${SITE_DEFAULTS.shared.supportEmail}?subject=`)).toBe(true)
    const subject = new URLSearchParams(href.slice(href.indexOf('?') + 1)).get('subject')
    expect(subject).toBe('Partnership inquiry')
    await expect(main.getByText(SITE_DEFAULTS.shared.supportEmail)).toBeVisible()
    await expectHealthy(page, problems)
  })
})

test.describe('legal page', () => {
  test('Terms of Service, Privacy Policy and Disclaimer, each with its points; last updated October 2025', async ({ page }) => {
    const problems = recordProblems(page)
    await page.goto('/legal')
    await expect(page).toHaveTitle(/^Legal.* \| Watchio$/)
    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { level: 1, name: 'Legal' })).toBeVisible()
    await expect(main.getByText('Last updated October 2025', { exact: true })).toBeVisible()

    const terms = main.locator('section:has(> h2#terms)')
    const privacy = main.locator('section:has(> h2#privacy)')
    const disclaimer = main.locator('section:has(> h2#disclaimer)')
    await expect(terms.getByRole('heading', { level: 2 })).toHaveText('Terms of Service')
    await expect(privacy.getByRole('heading', { level: 2 })).toHaveText('Privacy Policy')
    await expect(disclaimer.getByRole('heading', { level: 2 })).toHaveText('Disclaimer')

    // Terms: "as is"; the user's own IPTV credentials; a player that provides no content.
    await expect(terms).toContainText(/provided [“"]as is[”"]/)
    await expect(terms).toContainText('You must supply your own IPTV credentials')
    await expect(terms).toContainText('is a media player')
    await expect(terms).toContainText('does not host, sell, provide or distribute any content')
    // Privacy: account information (e-mail, username) for Premium subscribers, usage data and
    // device information; IPTV credentials not stored; connections made directly from the device.
    await expect(privacy).toContainText(/Account information \(your e-mail address and username\), for Premium subscribers/)
    await expect(privacy).toContainText('App usage data')
    await expect(privacy).toContainText('Device information')
    await expect(privacy).toContainText('We do not store your IPTV credentials')
    await expect(privacy).toContainText('are made directly from your device')
    // Disclaimer: no content hosted, no affiliation, the user is responsible, trademarks belong to their owners.
    await expect(disclaimer).toContainText('does not host, store, sell or distribute any content')
    await expect(disclaimer).toContainText('is not affiliated with')
    await expect(disclaimer).toContainText('You are solely responsible for the legality of the content you access')
    await expect(disclaimer).toContainText('belong to their respective owners')
    await expectHealthy(page, problems)
  })

  test('the contents links lead to #terms, #privacy and #disclaimer', async ({ page }) => {
    await page.goto('/legal')
    await waitForHydration(page)
    const toc = page.getByRole('navigation', { name: 'On this page' })
    for (const [name, id] of [
      ['Privacy Policy', 'privacy'],
      ['Disclaimer', 'disclaimer'],
      ['Terms of Service', 'terms'],
    ] as const) {
      await toc.getByRole('link', { name }).click()
      await expect(page).toHaveURL(new RegExp(`/legal#${id}$`))
      await expect(page.locator(`h2#${id}`)).toBeInViewport()
    }
  })

  test('a section can be linked directly', async ({ page }) => {
    await page.goto('/legal#disclaimer')
    await expect(page.locator('h2#disclaimer')).toBeInViewport()
  })
})

test.describe('announcement page (/watchio)', () => {
  test("successor to the free app, What's New, availability, A Few Things to Keep in Mind, link to /discord", async ({
    page,
  }) => {
    const problems = recordProblems(page)
    await page.goto('/watchio')
    await expect(page).toHaveTitle("Meet Watchio: What's New | Watchio")
    const main = page.getByRole('main')
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Meet Watchio')
    await expect(main).toContainText('successor to our original free app')

    const whatsNew = main.locator('section:has(> h2#whats-new)')
    await expect(whatsNew.getByRole('heading', { level: 2 })).toHaveText("What's New")
    await expect(whatsNew.locator('.feature-card')).toHaveCount(6)
    await expect(whatsNew).toContainText('No more MP4 conversion')
    await expect(whatsNew).toContainText('subtitle service')
    await expect(whatsNew).toContainText('Genre-based search and discovery')
    for (const category of ['Oscar Winners', 'Trending', 'Based on True Stories']) {
      await expect(whatsNew).toContainText(category)
    }
    await expect(whatsNew).toContainText('Merge content across your accounts')
    await expect(whatsNew).toContainText('Profiles')
    await expect(whatsNew).toContainText('modern interface')

    const platforms = main.locator('.platform')
    await expect(platforms.locator('.platform__name')).toHaveText(['tvOS', 'iOS', 'iPadOS', 'macOS', 'Android'])
    await expect(platforms.locator('.platform__status')).toHaveText([
      'Available now',
      'On the way',
      'On the way',
      'On the way',
      'On the way',
    ])

    const keepInMind = main.locator('section:has(> h2#keep-in-mind)')
    await expect(keepInMind.getByRole('heading', { level: 2 })).toHaveText('A Few Things to Keep in Mind')
    await expect(keepInMind).toContainText('The Files tab is not supported yet.')

    await expect(main.getByRole('link', { name: 'Join us on Discord' })).toHaveAttribute('href', '/discord')
    await expectHealthy(page, problems)
  })
})

test.describe('toasts', () => {
  const LINK = 'https://watchio.app/r/toast-test'
  const referral = `/referral?link=${encodeURIComponent(LINK)}`
  const openToasts = (page: Page) => page.locator('li.toast[data-state="open"]')

  test.beforeEach(async ({ context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL })
  })

  test('only one toast is visible at a time: a new one replaces the one on screen', async ({ page }) => {
    const problems = recordProblems(page)
    await page.goto(referral)
    await expect(openToasts(page)).toHaveCount(1)
    await expect(openToasts(page).locator('.toast__description')).toHaveText(
      'Your referral link has been automatically copied to clipboard',
    )
    const copy = page.getByRole('button', { name: 'Copy referral link' })
    await copy.click()
    await copy.click()
    await expect(openToasts(page).locator('.toast__description')).toHaveText('Your referral link has been copied to clipboard')
    await expect(page.locator('li.toast')).toHaveCount(1)
    await expect(page.locator('li.toast:visible')).toHaveCount(1)
    await expectHealthy(page, problems)
  })

  test('F8 moves focus to the toast region', async ({ page }) => {
    await page.goto(referral)
    await waitForHydration(page)
    const region = page.getByRole('region', { name: 'Notifications (F8)' })
    await expect(region).toBeAttached()
    await page.keyboard.press('F8')
    await expect(page.locator('ol.toast-viewport')).toBeFocused()
    expect(await region.evaluate((element) => element.contains(document.activeElement))).toBe(true)
  })

  test('a toast closes by itself after 5 seconds', async ({ page }) => {
    // It waits for the first toast's own 5 s in real time.
    test.slow()
    await page.goto(referral)
    await waitForHydration(page)
    // The copy on load's toast goes by itself first (a toast closed by hand, the pointer on it,
    // would leave the next one paused). The wait's timeout is only a safety net.
    await expect(openToasts(page)).toHaveCount(1)
    await expect(page.locator('li.toast')).toHaveCount(0, { timeout: 30_000 })
    // The page's timers are the test's from here: the toast's 5 s pass only as the clock moves on.
    const start = Date.now()
    await page.clock.install({ time: start })
    await page.clock.pauseAt(start + 60_000)
    await page.getByRole('button', { name: 'Copy referral link' }).click()
    await expect(openToasts(page)).toHaveCount(1)
    await page.clock.runFor(4999)
    await expect(openToasts(page)).toHaveCount(1)
    await page.clock.runFor(1)
    await expect(openToasts(page)).toHaveCount(0)
    await expect(page.locator('li.toast')).toHaveCount(0)
  })

  test('swiping a toast right past the threshold closes it; its close button too', async ({ page }) => {
    // The page's time moves only as the test moves it: the toast's own 5 s never pass before the
    // swipe, however slow the machine (it closed by itself under load).
    const start = Date.now()
    await page.clock.install({ time: start })
    await page.clock.pauseAt(start + 1000)
    await page.goto(referral)
    const toast = openToasts(page)
    // Time enough for the page's scripts to run, a tenth of a second at a time, until the toast shows.
    await expect
      .poll(async () => {
        await page.clock.runFor(100)
        return toast.count()
      })
      .toBe(1)
    await expect(toast).toHaveAttribute('data-swipe-direction', 'right')
    // The toast slides in (toast.css, 180 ms in the browser's own time, which the page's clock does
    // not hold): a box measured mid-slide put the swipe's start beside the toast once it stood
    // still. Hovering waits until it stands still, and holds its timer as a person's pointer does.
    await toast.hover()
    const box = (await toast.boundingBox())!
    await page.mouse.move(box.x + 40, box.y + box.height / 2)
    await page.mouse.down()
    for (let dx = 10; dx <= 120; dx += 10) await page.mouse.move(box.x + 40 + dx, box.y + box.height / 2)
    await page.mouse.up()
    await expect(page.locator('li.toast')).toHaveCount(0)

    await page.getByRole('button', { name: 'Copy referral link' }).click()
    await expect(openToasts(page)).toHaveCount(1)
    await page.getByRole('button', { name: 'Close notification' }).click()
    await expect(page.locator('li.toast')).toHaveCount(0)
  })
})

test.describe('accessibility (axe): no serious or critical violations', () => {
  const LINK = 'https://watchio.app/r/axe-check'
  const PAGES = [
    '/partnerships',
    '/legal',
    '/watchio',
    `/referral?link=${encodeURIComponent(LINK)}`,
    '/referral',
    '/feedback',
    '/discord',
    '/help',
    '/iptv',
  ]
  const TARGETS = Object.values(DEFAULT_REDIRECT_TARGETS)
  const REDIRECT_PATHS = ['/feedback', '/discord', '/help', '/iptv']

  // Each theme and each width once: contrast depends on the theme, layout on the width.
  for (const [theme, width] of [['light', 1280], ['dark', 360]] as const) {
    test(`${theme} theme, ${width} px`, async ({ page, context, baseURL }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL })
      await page.setViewportSize({ width, height: 900 })
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme)
      // Redirect pages stay on screen: their targets answer 204 No Content, which leaves the
      // browser where it is. Their meta refresh is taken out so that exactly one attempt (the
      // scripted one) happens; its delay of 0 is what axe's meta-refresh rule wants, and
      // redirects.spec.ts checks it in the HTML.
      let targetHits = 0
      for (const target of TARGETS) {
        await context.route(`${target}**`, (route) => {
          targetHits++
          return route.fulfill({ status: 204 })
        })
      }
      const problems = recordProblems(page)

      for (const path of PAGES) {
        const hitsBefore = targetHits
        await page.goto(path)
        if (REDIRECT_PATHS.includes(path)) {
          // The page tried to leave (and stayed, thanks to the 204): nothing else will move it.
          await expect.poll(() => targetHits).toBeGreaterThan(hitsBefore)
          await page.waitForLoadState('load')
        }
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
        await waitForHydration(page)
        if (path.startsWith('/referral?')) {
          // With a toast and the copy button's tooltip on screen.
          await expect(page.locator('li.toast[data-state="open"]')).toHaveCount(1)
          await page.getByRole('button', { name: 'Copy referral link' }).focus()
          await expect(page.getByRole('tooltip')).toHaveText(/Cop/)
          await waitForAnimations(page)
        }
        await expectNoSeriousAxeViolations(page, { where: path })
      }

      // And with an error (destructive) toast.
      await page.addInitScript(() => {
        navigator.clipboard.writeText = () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'))
      })
      await page.goto(`/referral?link=${encodeURIComponent(LINK)}`)
      await waitForHydration(page)
      await page.getByRole('button', { name: 'Copy referral link' }).click()
      await expect(page.locator('li.toast--destructive[data-state="open"]')).toHaveCount(1)
      await waitForAnimations(page)
      await expectNoSeriousAxeViolations(page, { include: ['.toast-viewport'], where: 'the destructive toast' })
      expect(problems.problems).toEqual([])
    })
  }
})
