/**
 * The pages with islands (/, /pricing, /blog, /referral without a link) load a few KB of plain
 * script on arrival, and React with an island's component only when the reader is about to use
 * it (renderer/islands-loader.ts). What the reader does before React is live is not lost: a press
 * or a key is made again once it is, words typed are searched, and a link inside an island goes
 * at once. And a page link the pointer rests on is fetched ahead (renderer/site-script.ts).
 */
import { expect, type Locator, type Page, type Response, test } from '@playwright/test'
import { ALL_POSTS, PAGE_SIZE, PUBLISHED, recordProblems, waitForHydration } from './fixtures.ts'
import { expectToast } from './toasts.ts'

const NO_LINK = 'No referral link provided. Please use a valid referral URL.'
const SUMMER = ALL_POSTS.find((post) => post.slug === 'summer-update-for-apple-tv')!

interface ScriptRecorder {
  scripts: { url: string; body: string }[]
  /** Resolves once every script that has answered so far has been read. */
  settled(): Promise<void>
  /** Records no more, once what is being read is read: a body read after the test ends would fail it. */
  stop(): Promise<void>
}

/** Records the scripts the page loads from now on (each body read a moment after its response). */
function recordScripts(page: Page): ScriptRecorder {
  const scripts: { url: string; body: string }[] = []
  const reading = new Set<Promise<void>>()
  const onResponse = (response: Response) => {
    if (response.request().resourceType() !== 'script') return
    const read = response.body().then((body) => void scripts.push({ url: response.url(), body: body.toString('utf8') }))
    reading.add(read)
    void read.finally(() => reading.delete(read))
  }
  page.on('response', onResponse)
  const settled = async () => {
    while (reading.size > 0) await Promise.all(reading)
  }
  return {
    scripts,
    settled,
    stop: async () => {
      page.off('response', onResponse)
      await settled()
    },
  }
}

const hasReact = (scripts: { body: string }[]) => scripts.some((script) => /react/i.test(script.body))

/** The island an element is in. */
const islandOf = (element: Locator) => element.locator('xpath=ancestor::*[@data-island][1]')

/** The press or typing just made reached the island before it was live (so it is one to be made again). */
async function expectNotLiveYet(element: Locator): Promise<void> {
  await expect(islandOf(element)).not.toHaveAttribute('data-hydrated')
}

/**
 * Scripts the page asks for, held as on a slow network: from `hold()` each waits until `release()`
 * (then they arrive, and later ones at once, until the next hold). A press made while they are held
 * is made before React is live, however busy the machine.
 */
async function scriptGate(page: Page): Promise<{ hold(): void; release(): void }> {
  let held: Promise<void> | null = null
  let open = () => {}
  await page.route(/\.js(\?|$)/, async (route) => {
    while (held) await held
    await route.continue()
  })
  return {
    hold() {
      held ??= new Promise<void>((resolve) => (open = resolve))
    },
    release() {
      held = null
      open()
    },
  }
}

for (const path of ['/', '/pricing', '/blog', '/referral']) {
  test(`${path} loads a few KB of plain script on arrival, and React only when the reader goes to an island`, async ({ page }) => {
    const problems = recordProblems(page)
    const recorder = recordScripts(page)
    const { scripts } = recorder
    await page.goto(path)
    await page.waitForLoadState('networkidle')
    await waitForHydration(page)
    await recorder.settled()
    const bytes = scripts.reduce((sum, script) => sum + Buffer.byteLength(script.body), 0)
    expect(bytes, 'bytes of script on arrival').toBeLessThan(10_000)
    expect(hasReact(scripts), 'React on arrival').toBe(false)
    await expect(page.locator('[data-island][data-hydrated]')).toHaveCount(0)

    const island = page.locator('[data-island]').first()
    await island.hover()
    await expect(island).toHaveAttribute('data-hydrated', '')
    // The script's body is read a moment after its response (recordScripts): waited for, not assumed.
    await expect.poll(() => hasReact(scripts), { message: 'React once an island is used' }).toBe(true)
    await recorder.stop()
    expect(problems.problems).toEqual([])
  })
}

test('a press made before React is live is made again once it is: the pricing toggle, a dialog, the testimonials', async ({ page }) => {
  await page.goto('/pricing')
  await waitForHydration(page)
  const scripts = await scriptGate(page)
  scripts.hold()
  const monthly = page.getByRole('radio', { name: 'Monthly' })
  await monthly.click()
  await expectNotLiveYet(monthly)
  scripts.release()
  await expect(monthly).toHaveAttribute('aria-checked', 'true')
  await expect(page.getByRole('article', { name: 'Premium', exact: true }).locator('.plan__amount')).toHaveText('$4.99')
  await expect(islandOf(monthly)).toHaveAttribute('data-hydrated', '')

  // The lifetime dialogs are an island of their own: React is here, their component not yet.
  const lifetime = page.getByRole('button', { name: 'Get Family Lifetime' })
  scripts.hold()
  await lifetime.click()
  await expectNotLiveYet(lifetime)
  scripts.release()
  await expect(page.getByRole('dialog')).toBeVisible()

  await page.goto('/')
  await waitForHydration(page)
  scripts.hold()
  const more = page.getByRole('button', { name: 'View more' })
  await more.click()
  await expectNotLiveYet(more)
  scripts.release()
  await expect(page.getByRole('button', { name: 'View less' })).toBeVisible()
})

test('the blog list pages on from a press made before React is live; a card\'s link goes at once, React or not', async ({ page }) => {
  expect(PUBLISHED.length, 'the fixture has more than one page of posts').toBeGreaterThan(PAGE_SIZE)
  await page.goto('/blog')
  await waitForHydration(page)
  const scripts = await scriptGate(page)
  scripts.hold()
  const next = page.getByRole('button', { name: 'Next' })
  await next.click()
  await expectNotLiveYet(next)
  scripts.release()
  await expect(page.getByText(`Page 2 of ${Math.ceil(PUBLISHED.length / PAGE_SIZE)}`)).toBeVisible()

  // No script can load at all now: a card's link is an ordinary link.
  await page.goto('/blog')
  await waitForHydration(page)
  await page.route(/\.js(\?|$)/, (route) => route.abort())
  await page.locator('.post-card a').first().click()
  await expect(page).toHaveURL(new RegExp(`/blog/${PUBLISHED[0]!.slug}$`))
})

test('words typed before the search is live are searched', async ({ page }) => {
  await page.goto('/blog')
  await waitForHydration(page)
  const scripts = await scriptGate(page)
  scripts.hold()
  const box = page.getByRole('searchbox', { name: 'Search posts' })
  await box.fill('unglamorous')
  await expectNotLiveYet(box)
  scripts.release()
  await expect(page.getByRole('status')).toHaveText('1 post matches “unglamorous”.')
  await expect(page.getByRole('list', { name: 'Search results for unglamorous' }).getByRole('link', { name: SUMMER.title })).toBeVisible()
})

test('/referral without a link shows its message before React, and Copy, pressed before React, says why nothing was copied', async ({ page }) => {
  const recorder = recordScripts(page)
  await page.goto('/referral')
  await expect(page.getByText(NO_LINK)).toBeVisible()
  await waitForHydration(page)
  await recorder.stop()
  expect(hasReact(recorder.scripts)).toBe(false)
  const gate = await scriptGate(page)
  gate.hold()
  const copy = page.getByRole('button', { name: 'Copy referral link' })
  await copy.click()
  await expectNotLiveYet(copy)
  gate.release()
  await expectToast(page, { title: 'No link to copy', description: 'Please provide a referral link in the URL', variant: 'destructive' })
  await expect(page.getByText(NO_LINK)).toHaveCount(1)
})

test('a page link the pointer rests on is fetched ahead, once; the admin and other sites never', async ({ page }) => {
  const prefetched: string[] = []
  page.on('request', (request) => {
    if (request.headers()['sec-purpose']?.includes('prefetch')) prefetched.push(new URL(request.url()).pathname)
  })
  await page.goto('/legal')
  await waitForHydration(page)
  // The page's timers are the test's from here: the pointer rests on a link for as long as the
  // test moves the clock on, and a rest that would fetch a page has fetched it by then.
  const start = Date.now()
  await page.clock.install({ time: start })
  await page.clock.pauseAt(start + 60_000)
  const footer = page.getByRole('contentinfo')
  await footer.getByRole('link', { name: 'Pricing' }).hover()
  await page.clock.runFor(1000)
  await expect.poll(() => prefetched).toContain('/pricing')
  await expect(page.locator('link[rel="prefetch"][href$="/pricing"]')).toHaveCount(1)
  // Passing over and back does not fetch it again; the page itself is never fetched.
  await page.mouse.move(0, 0)
  for (const name of ['Pricing', 'Legal', 'App Store']) {
    await footer.getByRole('link', { name }).hover()
    await page.clock.runFor(1000)
    expect(await page.locator('link[rel="prefetch"]').count(), `after resting on ${name}`).toBe(1)
  }
  expect(prefetched.filter((path) => path === '/pricing')).toHaveLength(1)
  expect(prefetched).not.toContain('/legal')
  expect(prefetched.every((path) => !path.startsWith('/admin'))).toBe(true)
  await expect(page.locator('link[rel="prefetch"]')).toHaveCount(1)
})
