/**
 * The editor's full-width preview: the unsaved post, rendered by the site, at a phone's (390 px), a
 * tablet's (768 px) and a desktop's (1280 px) width, light or dark; worked by keyboard alone,
 * Escape closes it and focus goes back to what opened it. The preview beside the form follows
 * the theme chosen too.
 */
import type { FrameLocator, Locator, Page } from '@playwright/test'
import { expectNoSeriousAxeViolations } from './axe.ts'
import { expect, signIn, test } from './admin-fixtures.ts'

const TITLE = 'Seen at every width'

/** A new post with a title, a summary and some text, and the Preview beside the form open. */
async function openPreview(page: Page, url: string): Promise<void> {
  await signIn(page, url)
  await page.getByRole('button', { name: 'New Post' }).click()
  await page.getByLabel('Title*').fill(TITLE)
  await page.getByLabel('Summary*').fill('A summary.')
  await expect(page.locator('[contenteditable="true"]')).toBeVisible()
  await page.getByRole('textbox', { name: 'Content*' }).click()
  await page.keyboard.type('Words the preview shows at every width.')
  await page.getByRole('button', { name: 'Preview', exact: true }).click()
  await expect(page.frameLocator('iframe[title="Post preview"]').locator('h1.article__title')).toHaveText(TITLE)
}

/** Tab (forwards) until `target` has the focus: it is reachable by keyboard, in the tab order. */
async function tabTo(page: Page, target: Locator, most = 25): Promise<void> {
  for (let presses = 0; presses < most; presses++) {
    if (await target.evaluate((element) => element === document.activeElement)) return
    await page.keyboard.press('Tab')
  }
  await expect(target).toBeFocused()
}

/** What the page in the frame is laid out at: its own viewport's width, and whether it scrolls sideways. */
async function frameLayout(frame: FrameLocator): Promise<{ width: number; scrollsSideways: boolean; theme: string | undefined; background: string }> {
  return frame.locator('html').evaluate((html) => ({
    width: html.clientWidth,
    scrollsSideways: html.scrollWidth > html.clientWidth,
    theme: html.dataset.theme,
    background: getComputedStyle(document.body).backgroundColor,
  }))
}

test('by keyboard alone: open full width, choose phone, tablet and desktop, dark and light; Escape closes and focus returns', async ({ page, adminSite }) => {
  // A sign-in, a post typed, several frames rendered and an axe run, on a shared 2-core machine.
  await page.setViewportSize({ width: 1280, height: 800 })
  await openPreview(page, adminSite.url)

  const open = page.getByRole('button', { name: 'Open full width' })
  await tabTo(page, open)
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: `Preview: ${TITLE}` })
  await expect(dialog).toBeVisible()
  await expect(dialog).toHaveAccessibleDescription('As visitors will see it. Not saved yet.')
  const widths = dialog.getByRole('group', { name: 'Width' })
  // Focus starts on the width shown: desktop.
  await expect(widths.getByRole('radio', { name: 'Desktop' })).toBeFocused()
  await expect(widths.getByRole('radio', { name: 'Desktop' })).toBeChecked()

  const frameElement = dialog.locator('iframe')
  const frame = dialog.frameLocator('iframe')
  // Nothing runs in it: no `allow-scripts` (same origin only so that Escape pressed in it closes).
  await expect(frameElement).toHaveAttribute('sandbox', 'allow-same-origin')
  await expect(frame.locator('h1.article__title')).toHaveText(TITLE)
  await expect(frame.locator('.prose')).toContainText('Words the preview shows at every width.')
  // The page is laid out 1280 px wide, and shown whole in the window: scaled down, not cut.
  expect((await frameLayout(frame)).width).toBe(1280)
  const box = (await frameElement.boundingBox())!
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width).toBeLessThanOrEqual(1280)
  await expect(dialog.getByText(/^Desktop, 1280 px wide, shown at \d+%$/)).toBeVisible()

  // Arrow keys move between the widths, as in any radio group.
  for (const [key, name, px] of [['ArrowLeft', 'Tablet', 768], ['ArrowLeft', 'Phone', 390]] as const) {
    await page.keyboard.press(key)
    await expect(widths.getByRole('radio', { name })).toBeChecked()
    await expect(dialog.getByText(`${name}, ${px} px wide`, { exact: true })).toBeVisible()
    await expect.poll(async () => (await frameLayout(frame)).width, `${name} width`).toBe(px)
    // At its real size: a phone or tablet width fits this window unscaled.
    expect(Math.round((await frameElement.boundingBox())!.width)).toBe(px)
  }
  // The site's own phone layout: nothing scrolls sideways, the header's "Get the app" is whole.
  expect((await frameLayout(frame)).scrollsSideways).toBe(false)
  const getApp = frame.getByRole('link', { name: 'Get the app' })
  expect(await getApp.evaluate((link) => link.getBoundingClientRect().right <= document.documentElement.clientWidth)).toBe(true)

  // Tab to the theme group, then the arrow keys choose Dark.
  const themes = dialog.getByRole('group', { name: 'Theme' })
  const checkedTheme = themes.getByRole('radio', { checked: true })
  await tabTo(page, checkedTheme, 3)
  await expect(themes.getByRole('radio', { name: 'Light' })).toBeChecked()
  await page.keyboard.press('ArrowRight')
  await expect(themes.getByRole('radio', { name: 'Dark' })).toBeChecked()
  await expect.poll(async () => (await frameLayout(frame)).theme).toBe('dark')
  expect((await frameLayout(frame)).background).toBe('rgb(15, 12, 23)')
  await expect(frameElement).toHaveAttribute('title', 'Post preview, phone width, dark theme')
  await expectNoSeriousAxeViolations(page, { include: ['.preview-dialog'], where: 'full-width preview (dark)', skipFrames: true })

  // Focus stays inside while it is open: Tab from the last control comes round to the first.
  for (let presses = 0; presses < 6; presses++) {
    await page.keyboard.press('Tab')
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true)
  }

  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(open).toBeFocused()
  // The choice of theme holds beside the form too; the width is the full-width view's alone.
  await expect(page.getByRole('group', { name: 'Theme' }).getByRole('radio', { name: 'Dark' })).toBeChecked()
  expect((await frameLayout(page.frameLocator('iframe[title="Post preview"]'))).theme).toBe('dark')

  // Opened again, it keeps the width chosen. Escape pressed inside the page shown closes it too.
  await page.keyboard.press('Enter')
  await expect(dialog.getByRole('group', { name: 'Width' }).getByRole('radio', { name: 'Phone' })).toBeFocused()
  await tabTo(page, frameElement, 8)
  await page.keyboard.press('Tab')
  expect(await frame.locator('body').evaluate(() => document.hasFocus() && document.activeElement?.tagName)).toBe('A')
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(open).toBeFocused()

  // Close shuts it as Escape does.
  await page.keyboard.press('Enter')
  await expect(dialog.getByRole('group', { name: 'Width' }).getByRole('radio', { name: 'Phone' })).toBeFocused()
  await tabTo(page, dialog.getByRole('button', { name: 'Close' }), 4)
  await page.keyboard.press('Enter')
  await expect(dialog).toHaveCount(0)
  await expect(open).toBeFocused()
})

test('light and dark beside the form, and the full-width view on a 390 px screen: the desktop page whole, nothing scrolling sideways', async ({ page, adminSite }) => {
  // A sign-in, a post typed, several frames rendered and an axe run, on a shared 2-core machine.
  await page.setViewportSize({ width: 390, height: 844 })
  await openPreview(page, adminSite.url)
  const inForm = page.frameLocator('iframe[title="Post preview"]')
  const themes = page.getByRole('group', { name: 'Theme' })
  await themes.getByRole('radio', { name: 'Dark' }).click()
  await expect.poll(async () => (await frameLayout(inForm)).theme).toBe('dark')
  await themes.getByRole('radio', { name: 'Light' }).click()
  await expect.poll(async () => (await frameLayout(inForm)).theme).toBe('light')
  expect((await frameLayout(inForm)).background).toBe('rgb(255, 255, 255)')

  await page.getByRole('button', { name: 'Open full width' }).click()
  const dialog = page.getByRole('dialog', { name: `Preview: ${TITLE}` })
  const frame = dialog.frameLocator('iframe')
  await expect(frame.locator('h1.article__title')).toHaveText(TITLE)
  expect((await frameLayout(frame)).width).toBe(1280)
  const box = (await dialog.locator('iframe').boundingBox())!
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width).toBeLessThanOrEqual(390)
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true)
  // Every control of the bar is on screen.
  for (const control of await dialog.locator('.preview-dialog__bar').getByRole('radio').all()) {
    const { x, width } = (await control.locator('..').boundingBox())!
    expect(x >= 0 && x + width <= 390).toBe(true)
  }
  await expectNoSeriousAxeViolations(page, { include: ['.preview-dialog'], where: 'full-width preview at 390 px (light)', skipFrames: true })
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Open full width' })).toBeFocused()
})
