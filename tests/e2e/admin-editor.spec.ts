/**
 * The admin's rich-text editor (SPEC §2 toolbar, §5 editor rules) in a real browser, saving
 * through the real server into a temp git repository: every toolbar format, HTML in and out
 * byte-identical, undo and redo, the link and image rules, the keyboard, accessibility.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { parsePostFile } from '../../server/content/parse-post.ts'
import { ALL_POSTS } from './fixtures.ts'
import { caretMoved, expect, expectToast, signIn, signInThroughForm, test } from './admin-fixtures.ts'
import { expectNoSeriousAxeViolations } from './axe.ts'

const editor = (page: Page) => page.getByRole('textbox', { name: 'Content*' })
const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Formatting' })
const tool = (page: Page, name: string) => toolbar(page).getByRole('button', { name, exact: true })
const card = (page: Page, title: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) })

async function openNewPost(page: Page, url: string, title: string): Promise<void> {
  await signIn(page, url)
  await page.getByRole('button', { name: 'New Post' }).click()
  await page.getByLabel('Title*').fill(title)
  await page.getByLabel('Summary*').fill('Made in the editor test.')
  await expect(page.locator('[contenteditable="true"]')).toBeVisible()
  await editor(page).click()
}

/** Types a line, applies `apply` to it (selecting it first), and ends with a new paragraph. */
async function formattedLine(page: Page, text: string, apply: () => Promise<void>): Promise<void> {
  await page.keyboard.type(text)
  await page.keyboard.down('Shift')
  await page.keyboard.press('Home')
  await page.keyboard.up('Shift')
  await apply()
  await page.keyboard.press('End')
  // Else the Enter would still see the text selected, and replace it.
  await caretMoved(page)
  await page.keyboard.press('Enter')
}

async function savedContent(adminSite: { site: { blogDir: string } }, slug: string): Promise<string> {
  const text = await readFile(path.join(adminSite.site.blogDir, `${slug}.html`), 'utf8')
  return parsePostFile(text, `${slug}.html`).content
}

test.describe('the rich-text editor', () => {
  test('a draft with every toolbar format is saved as clean HTML in one commit', async ({ page, adminSite }) => {
    // Slow on purpose: it signs in and types and formats fifteen blocks key by key. Alone it takes
    // 19 s (22 s before the drafts work); beside the other worker's axe runs on 2 cores, 29–34 s.
    test.slow()
    await openNewPost(page, adminSite.url, 'Every Format')
    await formattedLine(page, 'Heading one', () => tool(page, 'Heading 1').click())
    await formattedLine(page, 'Heading two', () => tool(page, 'Heading 2').click())
    await formattedLine(page, 'Heading three', () => tool(page, 'Heading 3').click())
    await tool(page, 'Normal text').click()
    for (const [name, text] of [
      ['Bold', 'bold words'],
      ['Italic', 'italic words'],
      ['Underline', 'underlined words'],
      ['Strikethrough', 'struck words'],
    ] as const) {
      await formattedLine(page, text, async () => {
        await tool(page, name).click()
        await expect(tool(page, name)).toHaveAttribute('aria-pressed', 'true')
      })
    }
    await tool(page, 'Ordered list').click()
    await page.keyboard.type('first numbered')
    await page.keyboard.press('Enter')
    await page.keyboard.press('Enter')
    await tool(page, 'Bullet list').click()
    await page.keyboard.type('first bullet')
    await page.keyboard.press('Enter')
    await page.keyboard.press('Enter')
    await tool(page, 'Blockquote').click()
    await page.keyboard.type('a quotation')
    await page.keyboard.press('Enter')
    await page.keyboard.press('Enter')
    // A link on typed text.
    await formattedLine(page, 'a link', async () => {
      await tool(page, 'Link').click()
      await page.getByRole('dialog').getByLabel('URL').fill('https://watchio.app/pricing')
      await page.getByRole('dialog').getByRole('button', { name: 'Apply' }).click()
    })
    // An image.
    await tool(page, 'Image').click()
    await page.getByRole('dialog').getByLabel('Image URL').fill('https://watchio.app/images/screen.png')
    await page.getByRole('dialog').getByLabel('Alt text', { exact: true }).fill('A screen')
    await page.getByRole('dialog').getByRole('button', { name: 'Insert' }).click()
    // A code block, last (Enter inside it is a new line, not a new block).
    await page.keyboard.press('ControlOrMeta+End')
    await page.keyboard.press('Enter')
    await tool(page, 'Code block').click()
    await expect(tool(page, 'Code block')).toHaveAttribute('aria-pressed', 'true')
    await page.keyboard.type('const x = 1')

    const commitsBefore = Number(adminSite.git('rev-list', '--count', 'HEAD'))
    await page.getByRole('button', { name: 'Create Post' }).click()
    await expectToast(page, { title: 'Success', description: 'Blog post created' })
    expect(Number(adminSite.git('rev-list', '--count', 'HEAD'))).toBe(commitsBefore + 1)
    const html = await savedContent(adminSite, 'every-format')
    for (const fragment of [
      '<h1>Heading one</h1>',
      '<h2>Heading two</h2>',
      '<h3>Heading three</h3>',
      '<strong>bold words</strong>',
      '<em>italic words</em>',
      '<u>underlined words</u>',
      'struck words</',
      '<ol>',
      'first numbered',
      '<ul>',
      'first bullet',
      '<blockquote>',
      'a quotation',
      '<pre><code>const x = 1</code></pre>',
      '<a href="https://watchio.app/pricing">a link</a>',
      '<img src="https://watchio.app/images/screen.png" alt="A screen">',
    ]) {
      expect(html, fragment).toContain(fragment)
    }
    expect(html).toMatch(/<(s|del)>struck words<\/(s|del)>/)
    // One block per line.
    expect(html.split('\n').length).toBeGreaterThan(10)
  })

  test('every sample post opens with its formatting and, saved unedited, makes no commit', async ({ page, adminSite }) => {
    await signIn(page, adminSite.url)
    const commitsBefore = adminSite.git('rev-parse', 'HEAD')
    for (const post of ALL_POSTS) {
      await card(page, post.title).getByRole('button', { name: /^Edit/ }).click()
      await expect(page.locator('[contenteditable="true"]')).toBeVisible()
      if (post.content.includes('<h2>')) await expect(editor(page).locator('h2').first()).toBeVisible()
      await page.getByRole('button', { name: 'Update Post' }).click()
      await expectToast(page, { title: 'Success', description: 'Blog post updated' })
      // The toast may still be the previous post's: only the list coming back proves this save answered.
      await expect(page.getByRole('heading', { name: 'All Blog Posts' }), `${post.slug} was not saved`).toBeVisible()
      expect(adminSite.git('rev-parse', 'HEAD'), `${post.slug} was not saved byte-identical`).toBe(commitsBefore)
    }
  })

  test('the featured image preview: shown, a broken one says so, and one arriving late moves nothing', async ({ page, adminSite }) => {
    const post = ALL_POSTS[0]!
    let releaseImage = () => {}
    const imageHeld = new Promise<void>((resolve) => (releaseImage = resolve))
    await page.route(`**${post.featuredImageUrl}`, async (route) => {
      await imageHeld
      await route.continue()
    })
    await signIn(page, adminSite.url)
    await card(page, post.title).getByRole('button', { name: /^Edit/ }).click()
    await expect(page.locator('[contenteditable="true"]')).toBeVisible()
    // Where the fields end in the document (not the viewport, which scrolls as fields are filled):
    // the top of the action bar's place in the flow. (The bar itself is sticky, so the Update
    // button moves with the scroll.)
    const updateTop = () =>
      page.locator('.admin-form__fields').evaluate((fields) => fields.getBoundingClientRect().bottom + window.scrollY)
    const before = await updateTop()
    releaseImage()
    const preview = page.getByRole('img', { name: 'Featured image preview' })
    await expect(preview).toHaveJSProperty('complete', true)
    expect(await preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0)
    expect(await updateTop()).toBe(before)

    await page.getByLabel('Featured Image URL').fill(`${adminSite.url}/images/blog/no-such-image.png`)
    await expect(page.getByText('This image could not be loaded.')).toBeVisible()
    await expect(preview).toHaveCount(0)
    expect(await updateTop()).toBe(before)
  })

  test('undo and redo', async ({ page, adminSite }) => {
    await openNewPost(page, adminSite.url, 'Undo Redo')
    // The page's clock is the test's from here (it still runs on by itself).
    await page.clock.install()
    await page.keyboard.type('first words')
    // Edits more than a second apart (HISTORY_GROUP_DELAY_MS) are separate undo steps.
    await page.clock.fastForward(1100)
    await page.keyboard.type(' second words')
    await expect(editor(page)).toContainText('first words second words')
    await page.keyboard.press('ControlOrMeta+z')
    await expect(editor(page)).toContainText('first words')
    await expect(editor(page)).not.toContainText('second words')
    await page.keyboard.press('ControlOrMeta+Shift+z')
    await expect(editor(page)).toContainText('first words second words')
  })

  test('a javascript: link typed into the link dialog ends up blank', async ({ page, adminSite }) => {
    await openNewPost(page, adminSite.url, 'Unsafe Link')
    await formattedLine(page, 'click me', async () => {
      await tool(page, 'Link').click()
      await page.getByRole('dialog').getByLabel('URL').fill('javascript:alert(document.cookie)')
      await page.getByRole('dialog').getByRole('button', { name: 'Apply' }).click()
    })
    await expect(editor(page).locator('a[href^="javascript"]')).toHaveCount(0)
    await page.getByRole('button', { name: 'Create Post' }).click()
    await expectToast(page, { title: 'Success', description: 'Blog post created' })
    const html = await savedContent(adminSite, 'unsafe-link')
    expect(html).not.toMatch(/javascript:/i)
    expect(html).toContain('click me')
  })

  test('the toolbar: names, pressed states, tooltips, the keyboard and the usual shortcuts', async ({ page, adminSite }) => {
    await openNewPost(page, adminSite.url, 'Keyboard')
    for (const name of [
      'Heading 1', 'Heading 2', 'Heading 3', 'Normal text', 'Bold', 'Italic', 'Underline', 'Strikethrough',
      'Ordered list', 'Bullet list', 'Blockquote', 'Code block', 'Link', 'Image', 'Clear formatting',
    ]) {
      await expect(tool(page, name)).toBeVisible()
    }
    await page.keyboard.press('ControlOrMeta+b')
    await page.keyboard.type('bold by shortcut')
    await expect(tool(page, 'Bold')).toHaveAttribute('aria-pressed', 'true')
    await expect(editor(page).locator('strong')).toHaveText('bold by shortcut')
    // Hovering shows the tooltip (700 ms delay).
    await tool(page, 'Italic').hover()
    await expect(page.getByRole('tooltip')).toContainText('Italic')
    // Clear formatting removes the bold.
    await page.keyboard.down('Shift')
    await page.keyboard.press('Home')
    await page.keyboard.up('Shift')
    await tool(page, 'Clear formatting').click()
    await expect(editor(page).locator('strong')).toHaveCount(0)
    // One tab stop, arrow keys between the buttons.
    await tool(page, 'Heading 1').focus()
    await page.keyboard.press('ArrowRight')
    await expect(tool(page, 'Heading 2')).toBeFocused()
    await page.keyboard.press('End')
    await expect(tool(page, 'Clear formatting')).toBeFocused()
  })

  test('images only from http(s) jpg, jpeg, gif or png files (or base64 data of those)', async ({ page, adminSite }) => {
    await openNewPost(page, adminSite.url, 'Image Rules')
    await tool(page, 'Image').click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Image URL').fill('https://evil.example/script.svg')
    await dialog.getByRole('button', { name: 'Insert' }).click()
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('alert')).toBeVisible()
    // The reason is the field's description, and focus is back on the field to correct it.
    await expect(dialog.getByLabel('Image URL')).toHaveAccessibleDescription(/^This image cannot be used\./)
    await expect(dialog.getByLabel('Image URL')).toBeFocused()
    await expect(dialog.getByLabel('Alt text', { exact: true })).toHaveAccessibleDescription('Describes the image for people who cannot see it.')
    await dialog.getByLabel('Image URL').fill('javascript:alert(1)')
    await dialog.getByRole('button', { name: 'Insert' }).click()
    await expect(dialog.getByRole('alert')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(editor(page).locator('img')).toHaveCount(0)
  })

  test('axe: no serious or critical violations on the login page, the list and the editor, in both themes', async ({ page, adminSite }) => {
    // Six axe runs and two sign-ins (each a deliberately slow password hash).
    for (const theme of ['light', 'dark']) {
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme)
      await page.goto(`${adminSite.url}/admin/login`)
      const check = (where: string) => expectNoSeriousAxeViolations(page, { where: `${where} (${theme})` })
      await expect(page.getByLabel('Username')).toBeVisible()
      await check('login')
      await signInThroughForm(page, adminSite.url)
      await check('list')
      await page.getByRole('button', { name: 'New Post' }).click()
      await expect(page.locator('[contenteditable="true"]')).toBeVisible()
      await check('editor')
      await page.getByRole('button', { name: 'Logout' }).click()
      await expect(page).toHaveURL(/\/admin\/login$/)
    }
  })
})
