/**
 * The admin's Site area: a form per file of the site's copy made from its schema. A price
 * saved is one commit and live on /pricing; a FAQ item added, moved by keyboard and by
 * dragging, saved in that order; a testimonial removed; a value the schema refuses is said at
 * its field and nothing is sent; a stale edit is a 409 with the saved version to load; the
 * whole form worked by keyboard alone; axe in both themes.
 */
import { readFile } from 'node:fs/promises'
import type { Locator, Page } from '@playwright/test'
import { parse } from 'yaml'
import { siteFileOf } from '../../server/content/site-source.ts'
import type { SiteFileName } from '../../core/site-content/index.ts'
import { expectNoSeriousAxeViolations } from './axe.ts'
import { expect, expectToast, signIn, test } from './site-admin-fixtures.ts'
import type { AdminSite } from './admin-fixtures.ts'

async function openFile(page: Page, adminSite: AdminSite, name: SiteFileName, title: string) {
  await signIn(page, adminSite.url)
  await page.goto(`${adminSite.url}/admin/site/${name}`)
  await expect(page.getByRole('heading', { name: title, level: 2 })).toBeVisible()
}

const group = (scope: Page | Locator, name: string) => scope.getByRole('group', { name, exact: true })
const items = (list: Locator) => list.locator(':scope > ol > li')

async function fileValues(adminSite: AdminSite, name: SiteFileName) {
  return parse(await readFile(siteFileOf(adminSite.site.contentDir, name), 'utf8'))
}

/** The PUTs the page sends: a refused value must send none. */
function savesSent(page: Page): string[] {
  const sent: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'PUT') sent.push(request.url())
  })
  return sent
}

test('a price changed and saved: the file holds the number, one commit says which field, /pricing shows it', async ({ page, adminSite }) => {
  const before = adminSite.git('rev-list', '--count', 'HEAD')
  await openFile(page, adminSite, 'pricing', 'Pricing')
  const premium = group(group(page, 'Plans'), 'Item 2')
  const annual = group(premium, 'Annual price')
  await expect(annual.getByLabel('Amount')).toHaveValue('2.49')
  await expect(annual.getByLabel('Currency')).toHaveValue('USD')
  await annual.getByLabel('Amount').fill('1.99')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expectToast(page, { title: 'Success', description: 'Pricing saved' })

  expect((await fileValues(adminSite, 'pricing')).plans[1].annualPrice).toEqual({ amount: 1.99, currency: 'USD' })
  expect(adminSite.git('rev-list', '--count', 'HEAD')).toBe(String(Number(before) + 1))
  expect(adminSite.git('log', '-1', '--format=%s')).toBe('site: pricing — Premium annual price')
  expect(adminSite.git('show', '--name-only', '--format=', 'HEAD')).toBe('content/site/pricing.yaml')
  const html = await (await page.request.get(`${adminSite.url}/pricing`)).text()
  expect(html).toContain('>$1.99</span><span class="plan__suffix">')
  expect(html).not.toContain('>$2.49</span>')
  await expect(page.getByText('All changes saved')).toBeVisible()
})

test('a FAQ item added, moved up by keyboard and dragged two places up: saved in that order, and the landing page shows it so', async ({ page, adminSite }) => {
  await openFile(page, adminSite, 'landing', 'Landing page')
  const list = group(group(page, 'FAQ'), 'Items')
  const count = await items(list).count()
  const questions = (await fileValues(adminSite, 'landing')).faq.items.map((item: { question: string }) => item.question) as string[]

  // Add: focus goes to the new item's first field.
  await list.getByRole('button', { name: 'Add item' }).click()
  await expect(items(list)).toHaveCount(count + 1)
  const added = group(list, `Item ${count + 1}`)
  await expect(added.getByLabel('Question')).toBeFocused()
  await page.keyboard.type('Can I watch on two TVs at once?')
  await added.getByLabel('Answer').fill('Yes, with **Premium** on [every device](/pricing).')

  // Move up by keyboard: focus stays on the moved item's Move up.
  await list.getByRole('button', { name: `Move up item ${count + 1}` }).focus()
  await page.keyboard.press('Enter')
  const moved = group(list, `Item ${count}`)
  await expect(moved.getByLabel('Question')).toHaveValue('Can I watch on two TVs at once?')
  await expect(list.getByRole('button', { name: `Move up item ${count}` })).toBeFocused()
  await expect(list.getByRole('status')).toHaveText(`Item ${count + 1} moved to position ${count} of ${count + 1}.`)

  // Drag it by its handle onto the item two places up. Both in the window first: Playwright's
  // drag scrolls to its target after pressing the button, which ends Chromium's drag before it starts.
  await page.setViewportSize({ width: 1280, height: 2400 })
  await items(list).nth(count - 3).evaluate((item) => item.scrollIntoView({ block: 'start', behavior: 'instant' }))
  await items(list).nth(count - 1).locator('.site-list__handle').dragTo(items(list).nth(count - 3))
  await expect(group(list, `Item ${count - 2}`).getByLabel('Question')).toHaveValue('Can I watch on two TVs at once?')
  await expect(group(list, `Item ${count - 1}`).getByLabel('Question')).toHaveValue(questions[count - 3]!)
  await expect(group(list, `Item ${count}`).getByLabel('Question')).toHaveValue(questions[count - 2]!)

  await page.keyboard.press('Control+s')
  await expectToast(page, { title: 'Success', description: 'Landing page saved' })
  const saved = (await fileValues(adminSite, 'landing')).faq.items as { question: string; answer: string }[]
  expect(saved.map((item) => item.question)).toEqual([...questions.slice(0, count - 3), 'Can I watch on two TVs at once?', ...questions.slice(count - 3)])
  expect(saved[count - 3]!.answer).toBe('Yes, with **Premium** on [every device](/pricing).')
  const html = await (await page.request.get(`${adminSite.url}/`)).text()
  const at = (text: string) => html.indexOf(text.replaceAll("'", '&#x27;'))
  expect(at('Can I watch on two TVs at once?')).toBeGreaterThan(-1)
  expect(at('Can I watch on two TVs at once?')).toBeLessThan(at(questions[count - 3]!))
  expect(at('Can I watch on two TVs at once?')).toBeGreaterThan(at(questions[count - 4]!))
  expect(html).toContain('<strong>Premium</strong> on <a href="/pricing">every device</a>')
})

test('a testimonial removed on the landing form: gone from the file and the page; Remove is disabled at the list’s minimum', async ({ page, adminSite }) => {
  await openFile(page, adminSite, 'landing', 'Landing page')
  const list = group(group(page, 'Testimonials'), 'Items')
  const before = (await fileValues(adminSite, 'landing')).testimonials.items as { username: string }[]
  const gone = before[1]!.username
  await expect(group(list, 'Item 2').getByLabel('Username')).toHaveValue(gone)
  await list.getByRole('button', { name: 'Remove item 2' }).click()
  await expect(items(list)).toHaveCount(before.length - 1)
  // Focus stays in the list: on the Remove of the item that took its place.
  await expect(list.getByRole('button', { name: 'Remove item 2' })).toBeFocused()
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expectToast(page, { title: 'Success', description: 'Landing page saved' })
  const after = (await fileValues(adminSite, 'landing')).testimonials.items as { username: string }[]
  expect(after.map((item) => item.username)).toEqual(before.filter((_, index) => index !== 1).map((item) => item.username))
  expect(adminSite.git('log', '-1', '--format=%s')).toMatch(/^site: landing — /)
  const html = await (await page.request.get(`${adminSite.url}/`)).text()
  expect(html).not.toContain(gone)

  // The not-found lines hold 1 to 50: with one left, its Remove is disabled.
  await page.goto(`${adminSite.url}/admin/site/not-found`)
  const lines = group(page, 'Lines')
  await expect(lines.getByRole('button', { name: 'Remove item 1', exact: true })).toBeEnabled()
  while ((await items(lines).count()) > 1) await lines.getByRole('button', { name: 'Remove item 1', exact: true }).click()
  await expect(lines.getByRole('button', { name: 'Remove item 1', exact: true })).toBeDisabled()
})

test('values the schema refuses are said at their fields, focus on the first, and nothing is sent', async ({ page, adminSite }) => {
  const sent = savesSent(page)
  await openFile(page, adminSite, 'shared', 'Nav bar and footer')
  const button = group(page, 'Nav bar').getByLabel('App button')
  const tooLong = 'Get the Watchio app on your phone, tablet and TV today'
  await button.fill(tooLong)
  await expect(group(page, 'Nav bar').locator('.site-field__count.is-over')).toHaveText(`${tooLong.length} / 40 characters`)
  const link = group(group(group(page, 'Footer'), 'Site links'), 'Item 1').getByLabel('Link address')
  await link.fill('javascript:alert(1)')
  await page.getByRole('button', { name: 'Save', exact: true }).click()

  await expect(button).toBeFocused()
  await expect(button).toHaveAttribute('aria-invalid', 'true')
  await expect(button).toHaveAccessibleDescription(/must be at most 40 characters/i)
  await expect(link).toHaveAttribute('aria-invalid', 'true')
  await expect(link).toHaveAccessibleDescription(/must be a link/i)
  expect(sent).toEqual([])
  // Fixed, the message goes at once (the form checks again at each change after a refused save).
  await button.fill('Get the app')
  await expect(button).not.toHaveAttribute('aria-invalid', 'true')
  await expect(link).toHaveAttribute('aria-invalid', 'true')
  expect(sent).toEqual([])
})

test('a stale edit: the save is a 409 naming what changed, and the saved version can be loaded', async ({ page, adminSite }) => {
  await openFile(page, adminSite, 'not-found', 'Not-found page')
  // Someone else saves the file in between (another admin, through the API).
  const current = await (await page.request.get(`${adminSite.url}/api/admin/site/pages/not-found`)).json()
  const theirs = await page.request.put(`${adminSite.url}/api/admin/site/pages/not-found`, {
    data: { values: { ...current.values, button: 'Take me home' }, version: current.version },
    headers: { origin: adminSite.url },
  })
  expect(theirs.status(), await theirs.text()).toBe(200)

  await page.getByLabel('Note').fill('A note of mine.')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  const alert = page.locator('.site-form__toolbar').getByRole('alert')
  await expect(alert).toContainText('changed since you opened it (Button)')
  await expectToast(page, { title: 'Error', description: 'Failed to save Not-found page', variant: 'destructive' })
  await alert.getByRole('button', { name: 'Load the saved version' }).click()
  await expect(page.getByLabel('Button', { exact: true })).toHaveValue('Take me home')
  await expect(page.getByLabel('Note')).not.toHaveValue('A note of mine.')
  await expect(alert).toHaveCount(0)
})

test('every file’s form holds its file as it is: saved untouched, the schema takes it and nothing is committed', async ({ page, adminSite }) => {
  await signIn(page, adminSite.url)
  const files = await (await page.request.get(`${adminSite.url}/api/admin/site/pages`)).json() as { name: SiteFileName; title: string }[]
  expect(files).toHaveLength(7)
  for (const file of files) {
    const head = adminSite.git('rev-parse', 'HEAD')
    await page.goto(`${adminSite.url}/admin/site/${file.name}`)
    await expect(page.getByRole('heading', { name: file.title, level: 2 })).toBeVisible()
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expectToast(page, { title: 'Success', description: `${file.title} saved` })
    expect(adminSite.git('rev-parse', 'HEAD'), file.name).toBe(head)
  }
})

/** Presses Tab until `target` has focus (at most `limit` times). */
async function tabTo(page: Page, target: Locator, limit = 200) {
  for (let step = 0; step < limit; step++) {
    if (await target.evaluate((element) => element === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  await expect(target).toBeFocused()
}

test('by keyboard alone: from the Site link to a file, a field changed, a line added and moved, saved with Ctrl+S', async ({ page, adminSite }) => {
  await signIn(page, adminSite.url)
  await tabTo(page, page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Site' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: 'Site Admin' })).toBeFocused()
  await tabTo(page, page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Not-found page' }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/admin\/site\/not-found$/)
  const title = page.getByLabel('Title')
  await tabTo(page, title)
  await page.keyboard.press('Control+a')
  await page.keyboard.type('Lost in the guide')
  const lines = group(page, 'Lines')
  const count = await items(lines).count()
  await tabTo(page, lines.getByRole('button', { name: 'Add item' }))
  await page.keyboard.press('Enter')
  await expect(lines.getByLabel(`Item ${count + 1}`, { exact: true })).toBeFocused()
  await page.keyboard.type('This channel is off the air.')
  await page.keyboard.press('Shift+Tab') // Remove
  await page.keyboard.press('Shift+Tab') // Move down (disabled: skipped) → Move up
  await expect(lines.getByRole('button', { name: `Move up item ${count + 1}` })).toBeFocused()
  await page.keyboard.press('Space')
  await expect(lines.getByRole('button', { name: `Move up item ${count}` })).toBeFocused()
  await page.keyboard.press('Control+s')
  await expectToast(page, { title: 'Success', description: 'Not-found page saved' })
  const saved = await fileValues(adminSite, 'not-found')
  expect(saved.title).toBe('Lost in the guide')
  expect(saved.lines).toHaveLength(count + 1)
  expect(saved.lines[count - 1]).toBe('This channel is off the air.')
})

test('axe finds nothing serious in the Site area, in both themes, problems shown included', async ({ page, adminSite }) => {
  await signIn(page, adminSite.url)
  // Leaving the form with its problems: the unsaved-changes question is answered "leave".
  page.on('dialog', (dialog) => void dialog.accept())
  for (const theme of ['light', 'dark']) {
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme)
    await page.goto(`${adminSite.url}/admin/site`)
    await expect(page.getByRole('heading', { name: 'Site Admin' })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Pages' }).getByRole('link')).toHaveCount(7)
    await expectNoSeriousAxeViolations(page, { where: `list (${theme})`, skipFrames: true })
    await page.goto(`${adminSite.url}/admin/site/pricing`)
    await expect(page.getByRole('heading', { name: 'Pricing', level: 2 })).toBeVisible()
    await page.getByLabel('Title').first().fill('')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(page.getByLabel('Title').first()).toHaveAttribute('aria-invalid', 'true')
    await expectNoSeriousAxeViolations(page, { where: `pricing form (${theme})`, skipFrames: true })
  }
})
