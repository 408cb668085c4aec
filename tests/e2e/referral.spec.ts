/** SPEC §2 "Referral page", §4 (copied flag for 2000 ms), §5 and §8 (the referral toasts). */
import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import { cspViolations, recordCspViolations, recordProblems, waitForHydration } from './fixtures.ts'
import { expectToast, recordToasts, toastsShown } from './toasts.ts'

const HELP = 'Share this link with your friends to get started. Receive your rewards once they download the app!'
const NO_LINK = 'No referral link provided. Please use a valid referral URL.'
const LINK = 'https://watchio.app/r/friend-42?utm_source=referral'

const referralUrl = (link: string) => `/referral?link=${encodeURIComponent(link)}`
const field = (page: Page) => page.getByRole('textbox', { name: 'Your referral link' })
const copyButton = (page: Page) => page.getByRole('button', { name: 'Copy referral link' })
const checkmark = (page: Page) => copyButton(page).getByTestId('copied-check')

async function keepOffline(context: BrowserContext, baseURL: string | undefined): Promise<void> {
  const origin = new URL(baseURL ?? 'http://127.0.0.1').origin
  await context.route(
    (url) => url.origin !== origin,
    (route) => route.abort('blockedbyclient'),
  )
}

const readClipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText())

/** Makes every clipboard write fail, as a browser without the permission does. */
async function denyClipboardWrites(page: Page): Promise<void> {
  await page.addInitScript(() => {
    navigator.clipboard.writeText = () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'))
  })
}

let problems: { problems: string[] }

test.beforeEach(async ({ page, context, baseURL }) => {
  await keepOffline(context, baseURL)
  await recordCspViolations(page)
  problems = recordProblems(page)
})

test.afterEach(async ({ page, javaScriptEnabled }) => {
  if (javaScriptEnabled) expect(await cspViolations(page)).toEqual([])
  expect(problems.problems).toEqual([])
})

test.describe('with a link', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL })
  })

  test('title, the link in a read-only field, help text, copied automatically on load', async ({ page }) => {
    const response = await page.goto(referralUrl(LINK))
    expect(response?.status()).toBe(200)
    await expect(page).toHaveTitle('Refer a Friend & Get Rewards | Watchio')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Refer a Friend & Get Rewards')

    await expect(field(page)).toHaveValue(LINK)
    await expect(field(page)).not.toBeEditable()
    await expect(field(page)).toHaveAttribute('readonly', '')
    await expect(page.getByText(HELP, { exact: true })).toBeVisible()
    await expect(page.getByText(NO_LINK)).toHaveCount(0)

    await expectToast(page, { title: 'Link copied!', description: 'Your referral link has been automatically copied to clipboard' })
    expect(await readClipboard(page)).toBe(LINK)
  })

  test('the copy button: accessible name, tooltip, copies, toast, checkmark for 2 seconds', async ({ page }) => {
    await page.goto(referralUrl(LINK))
    await waitForHydration(page)
    // Let the automatic copy's checkmark and toast go first.
    await expectToast(page, { title: 'Link copied!', description: 'Your referral link has been automatically copied to clipboard' })
    await expect(checkmark(page)).toBeHidden()
    await page.evaluate(() => navigator.clipboard.writeText('something else'))

    await copyButton(page).hover()
    await expect(page.getByRole('tooltip')).toHaveText('Copy link')

    // The page's timers are the test's from here: time passes only as the clock is moved on.
    const start = Date.now()
    await page.clock.install({ time: start })
    await page.clock.pauseAt(start + 60_000)
    await copyButton(page).click()
    await expect(checkmark(page)).toBeVisible()
    await expectToast(page, { title: 'Link copied!', description: 'Your referral link has been copied to clipboard' })
    expect(await readClipboard(page)).toBe(LINK)

    // Still there 1999 ms on, gone at 2000 ms.
    await page.clock.runFor(1999)
    await expect(checkmark(page)).toBeVisible()
    await page.clock.runFor(1)
    await expect(checkmark(page)).toBeHidden()
  })

  test('the button is usable from the keyboard', async ({ page }) => {
    await page.goto(referralUrl(LINK))
    await waitForHydration(page)
    await expect(checkmark(page)).toBeHidden()
    await copyButton(page).focus()
    await expect(page.getByRole('tooltip')).toHaveText('Copy link')
    await page.keyboard.press('Enter')
    await expectToast(page, { title: 'Link copied!', description: 'Your referral link has been copied to clipboard' })
    await expect(checkmark(page)).toBeVisible()
  })

  test('copy failures: silent on load, "Failed to copy" on the button', async ({ page }) => {
    await denyClipboardWrites(page)
    await recordToasts(page)
    await page.goto(referralUrl(LINK))
    await waitForHydration(page)
    await expect(field(page)).toHaveValue(LINK)
    await expect(page.locator('li.toast')).toHaveCount(0)

    await copyButton(page).click()
    await expectToast(page, { title: 'Failed to copy', description: 'Please copy the link manually', variant: 'destructive' })
    // The copy tried on load failed before the press did, and showed nothing: the button's is the page's only toast.
    expect(await toastsShown(page)).toEqual(['Failed to copy'])
    await expect(checkmark(page)).toHaveCount(0)
    // The link is selected, ready to be copied by hand.
    expect(await field(page).evaluate((input: HTMLInputElement) => input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0))).toBe(LINK)
  })

  test('an HTML payload inside a valid link is shown as text, nothing is injected', async ({ page }) => {
    const payload = 'https://example.com/?a="><img src=x onerror="window.__xss=1"><script>window.__xss=2</script>'
    await page.goto(referralUrl(payload))
    await expect(field(page)).toHaveValue(payload)
    await waitForHydration(page)
    await expect(page.locator('main img, main script')).toHaveCount(0)
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined()
    expect(await readClipboard(page)).toBe(payload)
  })
})

test.describe('without a usable link', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL })
  })

  const cases = [
    ['no link parameter', '/referral'],
    ['an empty link', '/referral?link='],
    ['a javascript: link', referralUrl('javascript:alert(document.domain)')],
    ['a data: link', referralUrl('data:text/html,<script>alert(1)</script>')],
    ['an HTML payload', referralUrl('<img src=x onerror="window.__xss=1">')],
    ['a relative link', referralUrl('/r/abc')],
  ] as const

  for (const [name, url] of cases) {
    test(`${name}: the no-link message and a copy button that says there is nothing to copy, nothing injected`, async ({ page }) => {
      await recordToasts(page)
      await page.goto(url)
      await expect(page.getByText(NO_LINK, { exact: true })).toBeVisible()
      await waitForHydration(page)
      await expect(field(page)).toHaveCount(0)
      await expect(page.getByText(HELP)).toHaveCount(0)
      await expect(page.locator('main img')).toHaveCount(0)
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined()
      // Nothing is copied on arrival (and no toast says so: checked below, once the press's has come).
      await expect(page.locator('li.toast')).toHaveCount(0)

      // SPEC §5, §8: a press refuses with the "No link to copy" toast and leaves the clipboard alone.
      await page.evaluate(() => navigator.clipboard.writeText('what the visitor had copied'))
      await expect(copyButton(page)).toBeVisible()
      await copyButton(page).click()
      await expectToast(page, { title: 'No link to copy', description: 'Please provide a referral link in the URL', variant: 'destructive' })
      await expect(checkmark(page)).toHaveCount(0)
      expect(await readClipboard(page)).toBe('what the visitor had copied')
      expect(await toastsShown(page)).toEqual(['No link to copy'])
    })
  }

  test('the button is usable from the keyboard', async ({ page }) => {
    await page.goto('/referral')
    await waitForHydration(page)
    await copyButton(page).focus()
    await expect(page.getByRole('tooltip')).toHaveText('Copy link')
    await page.keyboard.press('Enter')
    await expectToast(page, { title: 'No link to copy', description: 'Please provide a referral link in the URL', variant: 'destructive' })
  })
})

test.describe('before the browser has read the link', () => {
  test('the prerendered page shows neither state (no flash of the wrong one)', async ({ request }) => {
    const html = await (await request.get(referralUrl(LINK))).text()
    expect(html).toContain('data-testid="referral-pending"')
    // The no-link card waits in a <template> (inert, never shown) for the script to show it when there is no link.
    expect(html).toMatch(/<template data-referral-no-link="">[^]*No referral link provided[^]*<\/template>/)
    expect(html.replace(/<template[^]*?<\/template>/g, '')).not.toContain(NO_LINK)
    expect(html).not.toContain('id="referral-link"')
    expect(html).toContain('<title>Refer a Friend &amp; Get Rewards | Watchio</title>')
  })

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false })
    test('a note instead of a wrong state', async ({ page }) => {
      await page.goto(referralUrl(LINK))
      // (getByText skips <noscript> content, whatever the browser does with it.)
      await expect(page.locator('.referral__message')).toHaveText('Turn on JavaScript to see and copy your referral link.')
      await expect(page.locator('.referral__message')).toBeVisible()
      await expect(page.getByText(NO_LINK)).toHaveCount(0)
      await expect(field(page)).toHaveCount(0)
    })
  })
})

test('a client-side visit to another referral link shows the new link', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL })
  await page.goto('/referral')
  await expect(page.getByText(NO_LINK)).toBeVisible()
  await waitForHydration(page)
  const other = 'https://watchio.app/r/second'
  await page.evaluate((url) => {
    const a = document.createElement('a')
    a.href = url
    a.textContent = 'go'
    document.querySelector('main')!.append(a)
    a.click()
  }, referralUrl(other))
  await expect(field(page)).toHaveValue(other)
  await expectToast(page, { title: 'Link copied!', description: 'Your referral link has been automatically copied to clipboard' })
})
