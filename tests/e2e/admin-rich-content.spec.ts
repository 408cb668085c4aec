/**
 * A post file written by hand (a maintainer's pull request, an import) with what a post may hold
 * beyond the toolbar's formats: tables (header row and header column, spans, a cell of
 * paragraphs), figures with and without a caption (a linked image, a quote), image sizes and
 * heading ids. The editor opens
 * it editable, and a save writes back exactly the file's bytes but for what was edited.
 */
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { expect, expectToast, signIn, test } from './admin-fixtures.ts'

const card = (page: Page, title: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) })
const editor = (page: Page) => page.getByRole('textbox', { name: 'Content*' })

const BODY = [
  '<h2 id="plans-and-prices">Plans and prices</h2>',
  '<p>What each plan gives.</p>',
  '<table><thead><tr><th scope="col">Plan</th><th scope="col">Price</th><th scope="col">Screens</th></tr></thead>' +
    '<tbody><tr><th scope="row">Free</th><td colspan="2">$0, <em>one</em> screen</td></tr>' +
    '<tr><th scope="row">Premium</th><td>$4.99</td><td rowspan="2">Up to <strong>four</strong></td></tr>' +
    '<tr><th scope="row">Family</th><td><p>$7.99</p><p>billed yearly</p></td></tr></tbody></table>',
  '<h3 id="étape_2">Screens</h3>',
  '<figure><img src="https://watchio.app/images/home.png" alt="The home screen" width="1280" height="720"><figcaption>The home screen, <a href="https://watchio.app/">on the web</a></figcaption></figure>',
  '<figure><img src="/images/tv.png" alt="On a TV"></figure>',
  '<figure><a href="https://watchio.app/"><img src="https://watchio.app/images/logo.png" alt="Watchio"></a><figcaption>The logo, linked</figcaption></figure>',
  '<figure><blockquote>\n<p>Watch <em>anything</em>.</p>\n</blockquote><figcaption>A user</figcaption></figure>',
  '<p>An inline <img src="https://watchio.app/images/icon.png" alt="icon" width="16" height="16"> icon.</p>',
  '<h2>Without an id</h2>',
  '<table><tbody><tr><td>a</td><td></td></tr></tbody></table>',
].join('\n')

const FILE = `---
id: richbyhand
title: Rich by hand
slug: rich-by-hand
summary: Written by hand.
publishDate: '2024-05-01'
isPublished: true
featuredImageUrl: ''
---
${BODY}
`

test('a hand-written post with tables, figures, image sizes and heading ids opens editable and saves back byte for byte', async ({ page, adminSite }) => {
  const { url, site, git } = adminSite
  const file = path.join(site.blogDir, 'rich-by-hand.html')
  await writeFile(file, FILE)
  git('add', 'content/blog')
  git('-c', 'user.name=Maintainer', '-c', 'user.email=maintainer@example.com', 'commit', '-q', '-m', 'A post written by hand')
  const fetched = async () => ((await (await page.request.get(`${url}/api/admin/blog/posts`)).json()) as { slug: string }[]).some((post) => post.slug === 'rich-by-hand')

  await signIn(page, url)
  await expect.poll(fetched).toBe(true)
  await page.reload()
  await card(page, 'Rich by hand').getByRole('button', { name: /^Edit/ }).click()
  const content = editor(page)
  await expect(content).toHaveAttribute('contenteditable', 'true')
  await expect(content.locator('table')).toHaveCount(2)
  await expect(content.locator('figure figcaption')).toHaveText(['The home screen, on the web', '', 'The logo, linked', 'A user'])
  await expect(content.locator('h2#plans-and-prices')).toHaveText('Plans and prices')

  // An edit in one paragraph: the whole text is written again from the editor, and only that line changes.
  await content.getByText('What each plan gives.').click()
  await page.keyboard.press('End')
  await page.keyboard.type(' Prices in USD.')
  await page.getByRole('button', { name: 'Update Post' }).click()
  await expectToast(page, { title: 'Success', description: 'Blog post updated' })
  const saved = await readFile(file, 'utf8')
  expect(saved).toBe(FILE.replace('What each plan gives.', 'What each plan gives. Prices in USD.'))
  const diff = git('diff', 'HEAD~1', 'HEAD', '--unified=0', '--', 'content/blog/rich-by-hand.html')
  expect(diff.split('\n').filter((line) => /^[-+][^-+]/.test(line))).toEqual(['-<p>What each plan gives.</p>', '+<p>What each plan gives. Prices in USD.</p>'])

  // The public page shows what the file holds, the written ids kept and the missing one made.
  await page.goto(`${url}/blog/rich-by-hand`)
  await expect(page.locator('h2#plans-and-prices')).toBeVisible()
  await expect(page.locator('h3#étape_2')).toBeVisible()
  await expect(page.locator('h2#without-an-id')).toBeVisible()
  await expect(page.locator('td[colspan="2"]')).toHaveText('$0, one screen')
  await expect(page.locator('figure img[width="1280"][height="720"]')).toHaveCount(1)
})
