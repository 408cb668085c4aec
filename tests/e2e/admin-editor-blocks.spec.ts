/**
 * The editor never loses a block: after a block is inserted the cursor goes on in a paragraph
 * after it, and a code block, a quote or a table at the end of a post is left with Enter on an
 * empty last line, ArrowDown or Ctrl+Enter. In a real browser, saved through the real server.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { LINK_RULE_TEXT } from '../../pages/admin/blog/editor/url-rules.ts'
import { parsePostFile } from '../../server/content/parse-post.ts'
import { caretMoved, expect, expectToast, signIn, test, type AdminSite } from './admin-fixtures.ts'

const editor = (page: Page) => page.getByRole('textbox', { name: 'Content*' })
const tool = (page: Page, name: string) => page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name, exact: true })
const YOUTUBE = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'

async function openNewPost(page: Page, url: string, title: string): Promise<void> {
  await signIn(page, url)
  await page.getByRole('button', { name: 'New Post' }).click()
  await page.getByLabel('Title*').fill(title)
  await page.getByLabel('Summary*').fill('Made in the editor test.')
  await editor(page).click()
}

async function createAndRead(page: Page, adminSite: AdminSite, slug: string): Promise<string> {
  await page.getByRole('button', { name: 'Create Post' }).click()
  await expectToast(page, { title: 'Success', description: 'Blog post created' })
  const text = await readFile(path.join(adminSite.site.blogDir, `${slug}.html`), 'utf8')
  return parsePostFile(text, `${slug}.html`).content
}

async function insertVideo(page: Page, link: string, name: string): Promise<void> {
  await tool(page, 'Insert video').click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Video link').fill(link)
  await dialog.getByLabel('Video name').fill(name)
  await dialog.getByRole('button', { name: 'Insert' }).click()
  await expect(dialog).toBeHidden()
}

test('a video inserted after a line, then text typed: the video stays and the text goes after it', async ({ page, adminSite }) => {
  await openNewPost(page, adminSite.url, 'Intro Video')
  await page.keyboard.type('Intro')
  await page.keyboard.press('Enter')
  await insertVideo(page, 'https://youtu.be/dQw4w9WgXcQ', 'The launch')
  await page.keyboard.type('Next')
  await expect(editor(page).locator('.rte-video')).toHaveCount(1)
  expect(await createAndRead(page, adminSite, 'intro-video')).toBe(`<p>Intro</p>\n<iframe src="${YOUTUBE}" title="The launch"></iframe>\n<p>Next</p>`)
})

test('a post of a video alone is a post, saved', async ({ page, adminSite }) => {
  await openNewPost(page, adminSite.url, 'Only A Video')
  await insertVideo(page, 'https://youtu.be/dQw4w9WgXcQ', 'The launch')
  expect(await createAndRead(page, adminSite, 'only-a-video')).toBe(`<iframe src="${YOUTUBE}" title="The launch"></iframe>`)
})

test('after any block is inserted the cursor is in a paragraph after it; text typed on a selected block goes after it', async ({ page, adminSite }) => {
  await openNewPost(page, adminSite.url, 'Blocks In A Row')
  // A figure from the end of a line, an image on an empty line, a rule typed as ---, a table.
  await page.keyboard.type('Screens')
  await tool(page, 'Image').click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Image URL').fill('https://watchio.app/images/screen.png')
  await dialog.getByLabel('Alt text', { exact: true }).fill('A screen')
  await dialog.getByLabel('Caption (optional)').fill('The home screen')
  await dialog.getByRole('button', { name: 'Insert' }).click()
  await expect(dialog).toBeHidden()
  await page.keyboard.type('After the figure')
  await page.keyboard.press('Enter')
  await tool(page, 'Image').click()
  await dialog.getByLabel('Image URL').fill('https://watchio.app/images/tv.png')
  await dialog.getByLabel('Alt text', { exact: true }).fill('A TV')
  await dialog.getByRole('button', { name: 'Insert' }).click()
  await expect(dialog).toBeHidden()
  await page.keyboard.type('After the image')
  await page.keyboard.press('Enter')
  await page.keyboard.type('---')
  await page.keyboard.type('After the rule')
  await page.keyboard.press('Enter')
  await insertVideo(page, 'https://youtu.be/dQw4w9WgXcQ', 'The launch')
  // The video selected by a click: a letter typed goes after it, it stays.
  await editor(page).locator('.rte-video').click()
  await expect(editor(page).locator('.ProseMirror-selectednode')).toHaveCount(1)
  await page.keyboard.type('After the video')
  await expect(editor(page).locator('.rte-video')).toHaveCount(1)
  // In the middle of a line: the video goes between its halves, the cursor before the second.
  await page.keyboard.press('Enter')
  await page.keyboard.type('Split here')
  for (let i = 0; i < 'here'.length; i++) await page.keyboard.press('ArrowLeft')
  await caretMoved(page)
  await insertVideo(page, 'https://youtu.be/dQw4w9WgXcQ', 'The middle')
  await page.keyboard.type('then ')

  expect(await createAndRead(page, adminSite, 'blocks-in-a-row')).toBe(
    [
      '<p>Screens</p>',
      '<figure><img src="https://watchio.app/images/screen.png" alt="A screen"><figcaption>The home screen</figcaption></figure>',
      '<p>After the figure</p>',
      '<p><img src="https://watchio.app/images/tv.png" alt="A TV"></p>',
      '<p>After the image</p>',
      '<hr>',
      '<p>After the rule</p>',
      `<iframe src="${YOUTUBE}" title="The launch"></iframe>`,
      '<p>After the video</p>',
      '<p>Split </p>',
      `<iframe src="${YOUTUBE}" title="The middle"></iframe>`,
      '<p>then here</p>',
    ].join('\n'),
  )
})

test('a table inserted on the last line has a paragraph after it, and the cursor in its first cell', async ({ page, adminSite }) => {
  await openNewPost(page, adminSite.url, 'Table Then Text')
  await tool(page, 'Insert table').click()
  await page.keyboard.type('Plan')
  await expect(editor(page).locator('th').first()).toHaveText('Plan')
  await expect(editor(page).locator('table + p')).toHaveCount(1)
})

test.describe('leaving a block at the end of a post', () => {
  test('a code block: Enter inside the text is a new line; Enter on an empty last line leaves it and removes that line', async ({ page, adminSite }) => {
    await openNewPost(page, adminSite.url, 'Code Then Text')
    await tool(page, 'Code block').click()
    await page.keyboard.type('one')
    await page.keyboard.press('Enter')
    await page.keyboard.type('two')
    // In the text, not at its end: a new line.
    await page.keyboard.press('ArrowLeft')
    await caretMoved(page)
    await page.keyboard.press('Enter')
    await page.keyboard.press('End')
    await caretMoved(page)
    await page.keyboard.press('Enter')
    await expect(tool(page, 'Code block')).toHaveAttribute('aria-pressed', 'true')
    await page.keyboard.press('Enter')
    await expect(tool(page, 'Code block')).toHaveAttribute('aria-pressed', 'false')
    await page.keyboard.type('After the code')
    expect(await createAndRead(page, adminSite, 'code-then-text')).toBe('<pre><code>one\ntw\no</code></pre>\n<p>After the code</p>')
  })

  test('the tooltips of the blocks say how to leave them', async ({ page, adminSite }) => {
    await openNewPost(page, adminSite.url, 'Tooltips')
    for (const name of ['Code block', 'Blockquote', 'Insert table']) {
      await tool(page, name).hover()
      await expect(page.getByRole('tooltip')).toContainText('ArrowDown at the end of the post, or Ctrl+Enter leaves it')
    }
  })

  test('a quote and a table: Enter twice or ArrowDown leave them; Ctrl+Enter leaves a code block', async ({ page, adminSite }) => {
    await openNewPost(page, adminSite.url, 'Leaving Blocks')
    const unpressed = (name: string) => () => expect(tool(page, name)).toHaveAttribute('aria-pressed', 'false')
    const noTableToolbar = () => expect(page.getByRole('toolbar', { name: 'Table' })).toBeHidden()
    /** Starts a block, types `text` in it, leaves it by `keys`, and writes `after` on the line it left for. */
    const leave = async (start: () => Promise<void>, text: string, keys: string[], left: () => Promise<void>, after: string) => {
      await start()
      await page.keyboard.type(text)
      for (const key of keys) await page.keyboard.press(key)
      await left()
      await page.keyboard.type(after)
      await page.keyboard.press('Enter')
    }
    const quote = () => tool(page, 'Blockquote').click()
    const code = () => tool(page, 'Code block').click()
    // A table, the cursor in its last cell.
    const table = async () => {
      await tool(page, 'Insert table').click()
      for (let i = 0; i < 8; i++) await page.keyboard.press('Tab')
    }
    await leave(quote, 'Quoted', ['Enter', 'Enter'], unpressed('Blockquote'), 'After the quote')
    await leave(quote, 'Quoted again', ['ArrowDown'], unpressed('Blockquote'), 'Below the quote')
    // Enter twice in the last cell: the empty line made by the first goes.
    await leave(table, 'last', ['Enter', 'Enter'], noTableToolbar, 'After the table')
    await leave(table, '', ['ArrowDown'], noTableToolbar, 'Below the table')
    await leave(code, 'code', ['ControlOrMeta+Enter'], unpressed('Code block'), 'After the code')
    await leave(code, 'more code', ['ArrowDown'], unpressed('Code block'), 'Below the code')

    const html = await createAndRead(page, adminSite, 'leaving-blocks')
    const emptyRow = '<tr><td></td><td></td><td></td></tr>'
    const head = '<thead><tr><th scope="col"></th><th scope="col"></th><th scope="col"></th></tr></thead>'
    expect(html).toBe(
      [
        '<blockquote>\n<p>Quoted</p>\n</blockquote>',
        '<p>After the quote</p>',
        '<blockquote>\n<p>Quoted again</p>\n</blockquote>',
        '<p>Below the quote</p>',
        `<table>${head}<tbody>${emptyRow}<tr><td></td><td></td><td>last</td></tr></tbody></table>`,
        '<p>After the table</p>',
        `<table>${head}<tbody>${emptyRow}${emptyRow}</tbody></table>`,
        '<p>Below the table</p>',
        '<pre><code>code</code></pre>',
        '<p>After the code</p>',
        '<pre><code>more code</code></pre>',
        '<p>Below the code</p>',
      ].join('\n'),
    )
  })
})

test('the Link dialog says what a link may be, and a path of the site is kept as written', async ({ page, adminSite }) => {
  await openNewPost(page, adminSite.url, 'Site Links')
  await page.keyboard.type('See the prices')
  await page.keyboard.down('Shift')
  await page.keyboard.press('Home')
  await page.keyboard.up('Shift')
  await tool(page, 'Link').click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText(LINK_RULE_TEXT)
  await expect(dialog).toContainText('or be a path on this site such as /pricing or #faq')
  await dialog.getByLabel('URL').fill('/pricing')
  await dialog.getByRole('button', { name: 'Apply' }).click()
  await expect(dialog).toBeHidden()
  expect(await createAndRead(page, adminSite, 'site-links')).toBe('<p><a href="/pricing">See the prices</a></p>')
})
