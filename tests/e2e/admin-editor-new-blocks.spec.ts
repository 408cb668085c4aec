/**
 * The editor's blocks of other blogs in a real browser (pages/admin/blog/editor/InsertBlockMenu.tsx
 * and its nodes): a post holding every one opens and, saved unedited, makes no commit; each one
 * inserted from the Insert block menu (by keyboard) is saved in its one shape and shown on the
 * public post page.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { parsePostFile } from '../../server/content/parse-post.ts'
import { ALL_POST_BLOCKS } from '../support/post-blocks.ts'
import { caretMoved, expect, expectToast, signIn, test } from './admin-fixtures.ts'
import { expectNoSeriousAxeViolations } from './axe.ts'

const editor = (page: Page) => page.getByRole('textbox', { name: 'Content*' })
const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Formatting' })

async function savedContent(adminSite: { site: { blogDir: string } }, slug: string): Promise<string> {
  const text = await readFile(path.join(adminSite.site.blogDir, `${slug}.html`), 'utf8')
  return parsePostFile(text, `${slug}.html`).content
}

/** Opens the Insert block menu from the keyboard and picks `item`. */
async function insertFromMenu(page: Page, item: string): Promise<void> {
  const button = toolbar(page).getByRole('button', { name: 'Insert block' })
  await button.focus()
  await page.keyboard.press('ArrowDown')
  const menu = page.getByRole('menu', { name: 'Insert block' })
  await expect(menu.getByRole('menuitem').first()).toBeFocused()
  const wanted = menu.getByRole('menuitem', { name: item, exact: true })
  for (let step = 0; step < 10 && !(await wanted.evaluate((element) => element === document.activeElement)); step++) await page.keyboard.press('ArrowDown')
  await expect(wanted).toBeFocused()
  await page.keyboard.press('Enter')
}

test('a post holding every block opens in the editor and, saved unedited, makes no commit', async ({ page, adminSite }) => {
  await signIn(page, adminSite.url)
  const created = await page.request.post(`${adminSite.url}/api/admin/blog/posts`, {
    data: { title: 'Every Block', slug: 'every-block', summary: 'All of them.', content: ALL_POST_BLOCKS, publishDate: '2025-01-01', isPublished: true, featuredImageUrl: '' },
  })
  expect(created.status(), await created.text()).toBe(201)
  expect(await savedContent(adminSite, 'every-block')).toBe(ALL_POST_BLOCKS)
  const commitsBefore = adminSite.git('rev-parse', 'HEAD')
  await page.reload()
  await page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Every Block', exact: true }) }).getByRole('button', { name: /^Edit/ }).click()
  await expect(editor(page).locator('details summary')).toHaveText('Does it work offline?')
  await expect(editor(page).locator('aside[role="note"]')).toContainText('Back up your playlists first.')
  await expect(editor(page).locator('figure.gallery figure')).toHaveCount(3)
  await expect(editor(page).locator('sup a[role="doc-noteref"]')).toHaveText(['1', '2'])
  await page.getByRole('button', { name: 'Update Post' }).click()
  await expectToast(page, { title: 'Success', description: 'Blog post updated' })
  await expect(page.getByRole('heading', { name: 'All Blog Posts' })).toBeVisible()
  expect(adminSite.git('rev-parse', 'HEAD'), 'saved byte-identical').toBe(commitsBefore)
})

test('each block inserted from the Insert block menu is saved in its shape and shown on the post page', async ({ page, adminSite }) => {
  test.slow()
  await signIn(page, adminSite.url)
  await page.getByRole('button', { name: 'New Post' }).click()
  await page.getByLabel('Title*').fill('Inserted Blocks')
  await page.getByLabel('Summary*').fill('Every block, from the menu.')
  await expect(page.locator('[contenteditable="true"]')).toBeVisible()
  await editor(page).click()

  // Headings 4 to 6: SPEC's toolbar has 1 to 3, the deeper levels are their keys (named in the Heading 3 tooltip) and `####`.
  await expect(toolbar(page).getByRole('button', { name: 'Heading 4', exact: true })).toHaveCount(0)
  await toolbar(page).getByRole('button', { name: 'Heading 3', exact: true }).hover()
  await expect(page.getByRole('tooltip')).toContainText('Ctrl+Alt+4 to Ctrl+Alt+6, or #### at the start of a line, for headings 4 to 6')
  await editor(page).click()
  for (const level of [4, 5]) {
    await page.keyboard.type(`Level ${level}`)
    await page.keyboard.press(`ControlOrMeta+Alt+${level}`)
    await page.keyboard.press('End')
    await page.keyboard.press('Enter')
  }
  await page.keyboard.type('###### Level 6')
  await page.keyboard.press('Enter')
  await page.keyboard.type('A claim')

  // The menu, open, by keyboard: named, its items listed, Escape gives the focus back to its button.
  const menuButton = toolbar(page).getByRole('button', { name: 'Insert block' })
  await menuButton.focus()
  await page.keyboard.press('ArrowDown')
  await expect(page.getByRole('menu', { name: 'Insert block' }).getByRole('menuitem')).toHaveText(['Toggle', 'Callout', 'Footnote', 'Citation', 'Button…', 'File download…', 'Gallery…', 'Bookmark…'])
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true')
  await expectNoSeriousAxeViolations(page, { where: 'the editor with its Insert block menu open' })
  await page.keyboard.press('Escape')
  await expect(page.getByRole('menu')).toHaveCount(0)
  await expect(menuButton).toBeFocused()
  await editor(page).locator('p', { hasText: 'A claim' }).click()
  await page.keyboard.press('End')

  await insertFromMenu(page, 'Footnote')
  // The cursor is in the new note: its text is written there.
  await page.keyboard.type('The source of it.')
  await editor(page).locator('p', { hasText: 'A claim' }).click()
  await page.keyboard.press('End')
  await page.keyboard.press('Enter')

  await insertFromMenu(page, 'Button…')
  let dialog = page.getByRole('dialog', { name: 'Insert button' })
  await dialog.getByLabel('Link address').fill('/pricing')
  await dialog.getByLabel('Button label').fill('See the plans')
  await dialog.getByRole('button', { name: 'Insert' }).click()
  await expect(dialog).toBeHidden()
  // Opened in the button, the dialog changes it.
  await editor(page).getByText('See the plans').click()
  // The menu's button takes the focus from the text: only after the click's selection is known.
  await caretMoved(page)
  await insertFromMenu(page, 'Button…')
  dialog = page.getByRole('dialog', { name: 'Edit button' })
  await expect(dialog.getByLabel('Button label')).toHaveValue('See the plans')
  await dialog.getByLabel('Link address').fill('/pricing#plans')
  await dialog.getByRole('button', { name: 'Apply' }).click()
  await expect(dialog).toBeHidden()

  await insertFromMenu(page, 'File download…')
  dialog = page.getByRole('dialog', { name: 'Insert file download' })
  await dialog.getByLabel('File address').fill('/media/2025/manual.pdf')
  await dialog.getByLabel('File name').fill('The manual')
  await dialog.getByRole('button', { name: 'Insert' }).click()
  await expect(dialog).toBeHidden()

  await insertFromMenu(page, 'Gallery…')
  dialog = page.getByRole('dialog', { name: 'Insert gallery' })
  for (const _ of [1, 2]) {
    await dialog.getByLabel('Image URL').fill('/images/social-card.jpg')
    await dialog.getByRole('button', { name: 'Add image' }).click()
  }
  await dialog.getByLabel(/^Alt text of image 1/).fill('First')
  await dialog.getByLabel(/^Alt text of image 2/).fill('Second')
  await dialog.getByLabel('Caption (optional)').fill('Two of them')
  await dialog.getByRole('button', { name: 'Insert' }).click()
  await expect(dialog).toBeHidden()

  await insertFromMenu(page, 'Bookmark…')
  dialog = page.getByRole('dialog', { name: 'Insert bookmark' })
  await dialog.getByLabel('Page address').fill('https://x.example/article')
  await dialog.getByLabel('Title (optional)').fill('An article')
  await dialog.getByLabel('Description (optional)').fill('What it says.')
  await dialog.getByRole('button', { name: 'Insert' }).click()
  await expect(dialog).toBeHidden()
  // Only an address: the save would fill the rest from the page (this site fetches nothing, so it stays so).
  await insertFromMenu(page, 'Bookmark…')
  await expect(dialog.getByLabel('Title (optional)')).toHaveAccessibleDescription(/the title, description and image you left empty are read from the page, where the server can reach it/)
  await dialog.getByLabel('Page address').fill('https://x.example/untitled')
  await dialog.getByRole('button', { name: 'Insert' }).click()
  await expect(dialog).toBeHidden()
  await expect(editor(page).locator('figure.bookmark strong').last()).toHaveText('https://x.example/untitled')
  await page.keyboard.type('The end.')
  await page.keyboard.press('Enter')
  await page.keyboard.type('Someone')
  await page.keyboard.down('Shift')
  await page.keyboard.press('Home')
  await page.keyboard.up('Shift')
  // The menu's button takes the focus from the text: only after the selection the keys made is known.
  await caretMoved(page)
  await insertFromMenu(page, 'Citation')
  await editor(page).locator('cite').click()
  await page.keyboard.press('End')
  await page.keyboard.press('Enter')

  // In place of the empty paragraph: the cursor goes to the toggle's summary.
  await insertFromMenu(page, 'Toggle')
  await page.keyboard.type('Open me')
  await page.keyboard.press('Enter')
  await page.keyboard.type('Hidden text.')

  // After the paragraph the cursor is in: the cursor goes to the callout's paragraph.
  await editor(page).locator('p', { hasText: 'The end.' }).click()
  await page.keyboard.press('End')
  await insertFromMenu(page, 'Callout')
  await page.keyboard.type('Mind this.')

  await page.getByRole('switch', { name: 'Published' }).click()
  await page.getByRole('button', { name: 'Create Post' }).click()
  await expectToast(page, { title: 'Success', description: 'Blog post created' })
  const html = await savedContent(adminSite, 'inserted-blocks')
  for (const fragment of [
    '<h4>Level 4</h4>\n<h5>Level 5</h5>\n<h6>Level 6</h6>',
    '<p>A claim<sup><a href="#fn-1" id="fnref-1" role="doc-noteref">1</a></sup></p>',
    '<details>\n<summary>Open me</summary>\n<p>Hidden text.</p>\n</details>',
    '<aside role="note">\n<p>Mind this.</p>\n</aside>',
    '<p><a href="/pricing#plans" class="button">See the plans</a></p>',
    '<p><a href="/media/2025/manual.pdf" download>The manual</a></p>',
    '<figure class="gallery"><figure><img src="/images/social-card.jpg" alt="First"></figure><figure><img src="/images/social-card.jpg" alt="Second"></figure><figcaption>Two of them</figcaption></figure>',
    '<figure class="bookmark"><a href="https://x.example/article"><strong>An article</strong><span>What it says.</span></a></figure>',
    '<figure class="bookmark"><a href="https://x.example/untitled"><strong></strong></a></figure>',
    '<p>The end.</p>',
    '<p><cite>Someone</cite></p>',
    '<section role="doc-endnotes">\n<ol>\n<li id="fn-1"><p>The source of it. <a href="#fnref-1" role="doc-backlink">↩</a></p></li>\n</ol>\n</section>',
  ]) {
    expect(html, fragment).toContain(fragment)
  }
  // Where each went: the toggle in place of the empty line after the citation, the callout after
  // the paragraph the cursor was in, and one button (the dialog changed the one it was opened in).
  expect(html).toContain('<p><cite>Someone</cite></p>\n<details>')
  expect(html).toContain('<p>The end.</p>\n<aside role="note">\n<p>Mind this.</p>\n</aside>')
  expect(html.match(/class="button"/g)).toHaveLength(1)

  await page.goto(`${adminSite.url}/blog/inserted-blocks`)
  const prose = page.locator('.prose')
  await expect(prose.getByRole('heading', { name: 'Level 6', level: 6 })).toBeVisible()
  await expect(prose.locator('summary')).toHaveText('Open me')
  await expect(prose.getByRole('note')).toHaveText('Mind this.')
  await expect(prose.getByRole('link', { name: 'See the plans' })).toHaveClass('button')
  await expect(prose.getByRole('link', { name: 'The manual' })).toHaveAttribute('download', '')
  await expect(prose.locator('figure.gallery img')).toHaveCount(2)
  await expect(prose.getByRole('link', { name: /An article/ })).toHaveAttribute('href', 'https://x.example/article')
  // A card without a title is named by its address.
  await expect(prose.getByRole('link', { name: 'https://x.example/untitled' })).toBeVisible()
  await prose.getByRole('link', { name: '1', exact: true }).click()
  await expect(page).toHaveURL(/#fn-1$/)
})

test('Enter twice in a new toggle leaves it, and changes nothing an undo would have to take back: one undo takes the toggle away', async ({ page, adminSite }) => {
  await signIn(page, adminSite.url)
  await page.getByRole('button', { name: 'New Post' }).click()
  await editor(page).click()
  // Each key at a time of its own (the page's clock, set): undo groups what is done within a second (SPEC §5).
  let time = Date.now()
  const later = () => page.clock.setFixedTime((time += 5000))
  await later()
  await page.keyboard.type('Intro')
  await later()
  await insertFromMenu(page, 'Toggle')
  await expect(editor(page)).toBeFocused()
  // From the summary into what the toggle opens to, then out of it: its empty line stays.
  await later()
  await page.keyboard.press('Enter')
  await later()
  await page.keyboard.press('Enter')
  await expect(editor(page).locator('details p')).toHaveCount(1)
  await later()
  await page.keyboard.press('ControlOrMeta+z')
  await expect(editor(page).locator('details')).toHaveCount(0)
  await expect(editor(page).locator('p')).toHaveText(['Intro'])
})
