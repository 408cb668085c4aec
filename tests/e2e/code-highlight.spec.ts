/**
 * Code blocks with a language: picked in the editor (CodeLanguagePicker.tsx), written as
 * `<code class="language-…">`, coloured on the post page by the server (no script), and each
 * token colour readable (WCAG AA, 4.5:1) against the code block in both themes.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { parsePostFile } from '../../server/content/parse-post.ts'
import { ALL_POSTS } from './fixtures.ts'
import { expect, expectToast, signIn, test } from './admin-fixtures.ts'
import { expectNoSeriousAxeViolations } from './axe.ts'
import { lowContrastControls, lowContrastText } from './contrast.ts'

const editor = (page: Page) => page.getByRole('textbox', { name: 'Content*' })
const tool = (page: Page, name: string) => page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name, exact: true })
const picker = (page: Page) => page.getByLabel('Code language')
const card = (page: Page, title: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) })
const PUBLISHED = ALL_POSTS.filter((post) => post.isPublished)

async function savedContent(blogDir: string, slug: string): Promise<string> {
  return parsePostFile(await readFile(path.join(blogDir, `${slug}.html`), 'utf8'), `${slug}.html`).content
}

/** Replaces a published sample post's text through the admin API, as another editor's save would. */
async function putContent(page: Page, url: string, id: string, content: string): Promise<void> {
  const postUrl = `${url}/api/admin/blog/posts/${id}`
  const current = await (await page.request.get(postUrl)).json()
  const put = await page.request.put(postUrl, { data: { ...current, content } })
  expect(put.status(), await put.text()).toBe(200)
}

test('a language picked in the editor is saved on the code block and the page shows the code coloured', async ({ page, adminSite }) => {
  await signIn(page, adminSite.url)
  await page.getByRole('button', { name: 'New Post' }).click()
  await page.getByLabel('Title*').fill('Coloured Code')
  await page.getByLabel('Summary*').fill('A code block with its language.')
  const published = page.getByRole('switch', { name: 'Published' })
  if ((await published.getAttribute('aria-checked')) !== 'true') await published.click()
  await expect(page.locator('[contenteditable="true"]')).toBeVisible()
  await editor(page).click()
  await page.keyboard.type('Some code:')
  // Shown only while the cursor is in a code block.
  await expect(picker(page)).toHaveCount(0)
  await page.keyboard.press('Enter')
  await tool(page, 'Code block').click()
  await page.keyboard.type('const answer: number = 42')
  await expect(picker(page)).toHaveValue('')
  await expect(picker(page).locator('option:checked')).toHaveText('Plain text')
  await picker(page).selectOption({ label: 'TypeScript' })
  await expect(picker(page)).toHaveValue('typescript')

  await page.getByRole('button', { name: 'Create Post' }).click()
  await expectToast(page, { title: 'Success', description: 'Blog post created' })
  expect(await savedContent(adminSite.site.blogDir, 'coloured-code')).toBe('<p>Some code:</p>\n<pre><code class="language-typescript">const answer: number = 42</code></pre>')

  await page.goto(`${adminSite.url}/blog/coloured-code`)
  const code = page.locator('.prose pre code.language-typescript')
  await expect(code).toHaveText('const answer: number = 42')
  await expect(code.locator('.hljs-keyword')).toHaveText('const')
  await expect(code.locator('.hljs-number')).toHaveText('42')
  await expect(code.locator('.hljs-built_in')).toHaveText('number')
})

test('a code block opens with its language selected, one the list lacks is kept and shown, and Plain text removes it', async ({ page, adminSite }) => {
  const post = PUBLISHED[0]!
  await signIn(page, adminSite.url)
  await putContent(page, adminSite.url, post.id, '<pre><code class="language-python">print("hi")</code></pre>\n<pre><code class="language-mermaid">graph TD</code></pre>\n<p>After.</p>')
  await page.reload()
  await card(page, post.title).getByRole('button', { name: /^Edit/ }).click()
  await expect(page.locator('[contenteditable="true"]')).toBeVisible()

  await editor(page).locator('pre', { hasText: 'graph TD' }).click()
  await expect(picker(page)).toHaveValue('mermaid')
  await expect(picker(page).locator('option:checked')).toHaveText('mermaid')
  await editor(page).locator('pre', { hasText: 'print' }).click()
  await expect(picker(page)).toHaveValue('python')
  await expect(picker(page).locator('option:checked')).toHaveText('Python')
  expect(await lowContrastControls(page, '.rte-toolbar')).toEqual([])
  await expectNoSeriousAxeViolations(page, { where: 'the editor with the code language picker' })
  await editor(page).getByText('After.').click()
  await expect(picker(page)).toHaveCount(0)

  await editor(page).locator('pre', { hasText: 'print' }).click()
  await picker(page).selectOption({ label: 'Plain text' })
  await page.getByRole('button', { name: 'Update Post' }).click()
  await expectToast(page, { title: 'Success', description: 'Blog post updated' })
  expect(await savedContent(adminSite.site.blogDir, post.slug)).toBe('<pre><code>print("hi")</code></pre>\n<pre><code class="language-mermaid">graph TD</code></pre>\n<p>After.</p>')
})

test('every code token reaches 4.5:1 against the code block, in both themes', async ({ page, adminSite }) => {
  const post = PUBLISHED[1]!
  const escape = (code: string) => code.replace(/&/g, '&amp;').replace(/</g, '&lt;')
  const blocks = [
    ['typescript', '// A comment\n@Component()\nclass Player extends Base<string> {\n  static readonly max = 0x1F\n  play(url: string): boolean { return /^https?:/.test(url) && `${url}` !== null }\n}'],
    ['python', 'def f(x: int = 1) -> str:\n    """Doc."""\n    return f"{x!r}" if x else None  # note'],
    ['html', '<!DOCTYPE html>\n<a href="/x" class="y">&amp; link</a>'],
    ['css', '#id .c > a:hover[href], @media (min-width: 1px) { p::before { color: #fff !important; } }'],
    ['diff', '@@ -1 +1 @@\n- old\n+ new'],
    ['bash', '#!/bin/sh\nexport A="$HOME" && echo ${A:-x} | grep -c y # count'],
    ['markdown', '# Title\n\n*em* **strong** [link](https://x.example)\n- item\n> quote'],
    ['yaml', 'key: value\nlist:\n  - 1\n  - true\n  - &anchor "s"'],
  ]
  await signIn(page, adminSite.url)
  await putContent(page, adminSite.url, post.id, blocks.map(([language, code]) => `<pre><code class="language-${language}">${escape(code!)}</code></pre>`).join('\n'))

  const colours: Record<string, Set<string>> = {}
  for (const theme of ['light', 'dark']) {
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme)
    await page.goto(`${adminSite.url}/blog/${post.slug}`)
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme)
    const tokens = page.locator('.prose pre code [class^="hljs-"]')
    await expect(tokens.first()).toBeVisible()
    expect(await tokens.count()).toBeGreaterThan(50)
    expect(await lowContrastText(page, '.prose pre code, .prose pre code [class^="hljs-"]'), theme).toEqual([])
    colours[theme] = new Set(await tokens.evaluateAll((spans) => spans.map((span) => getComputedStyle(span).color)))
    // Coloured, not one colour: keywords, strings, numbers, comments… each their own.
    expect(colours[theme]!.size, theme).toBeGreaterThanOrEqual(6)
  }
  expect([...colours.light!].filter((colour) => colours.dark!.has(colour))).toEqual([])

  // The check can fail: a keyword as faint as the block's border misses AA.
  await page.locator('.prose .hljs-keyword').first().evaluate((span: HTMLElement) => (span.style.color = '#2d2640'))
  const failures = await lowContrastText(page, '.prose pre code [class^="hljs-"]')
  expect(failures).toHaveLength(1)
  expect(failures[0]!.ratio).toBeLessThan(1.5)
})
