/**
 * Tags in the browser: the editor's tag field (suggestions from the tags in use, chips added by
 * keyboard and removed by their buttons), the admin list's tag filter and the rename it offers,
 * and a public tag page, which works without JavaScript and passes axe.
 */
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { ApiClient } from '../support/admin-client.ts'
import { postText } from '../support/fixtures.ts'
import { adminSiteTest, expect, expectToast, signIn } from './admin-fixtures.ts'
import { expectNoSeriousAxeViolations } from './axe.ts'

function postFile(slug: string, day: number, tags: string, isPublished = true): string {
  const publishDate = `2025-12-${String(day).padStart(2, '0')}`
  return postText({ id: slug.replaceAll('-', ''), slug, title: `Tagged ${slug}`, summary: 'A post with tags.', body: 'Tagged.', publishDate, isPublished, tags })
}

// Eleven published posts tagged Apple TV (two tag pages), a draft tagged Setup.
const test = adminSiteTest(async (site) => {
  for (let day = 1; day <= 11; day++) await writeFile(path.join(site.blogDir, `tv-${day}.html`), postFile(`tv-${day}`, day, 'Apple TV'))
  await writeFile(path.join(site.blogDir, 'setup-draft.html'), postFile('setup-draft', 20, 'Setup', false))
  const { git } = await import('../support/git.ts')
  git(site.repoDir, 'add', '-A')
  git(site.repoDir, '-c', 'user.name=Test', '-c', 'user.email=test@example.com', 'commit', '-q', '-m', 'tagged posts')
})

const contentBox = (page: Page) => page.locator('[contenteditable="true"]')
const chips = (page: Page) => page.getByRole('list', { name: 'Tags on this post' }).getByRole('listitem').locator('span:not([aria-hidden])')

test('the editor\'s tag field suggests the tags in use, adds by keyboard and removes by button', async ({ page, adminSite }) => {
  await signIn(page, adminSite.url)
  await page.getByRole('button', { name: 'New Post' }).click()
  await page.getByLabel('Title*').fill('Tags by keyboard')
  await page.getByLabel('Summary*').fill('Tagged in the browser.')
  await contentBox(page).click()
  await page.keyboard.type('Hello.')

  const field = page.getByRole('combobox', { name: 'Tags' })
  await expect(field).toHaveAccessibleDescription(/Press Enter or type a comma/)
  // The suggestions: the tags in use, drafts' included, with their counts.
  const listId = await field.getAttribute('list')
  await expect(page.locator(`datalist[id="${listId}"] option`)).toHaveCount(2)
  expect(await page.locator(`datalist[id="${listId}"] option`).evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).label))).toEqual([
    'Apple TV (11 posts)',
    'Setup (1 post)',
  ])
  await field.fill('Apple TV')
  await field.press('Enter')
  await field.pressSequentially('Brand new,')
  await expect(chips(page)).toHaveText(['Apple TV', 'Brand new'])
  await expect(page.getByRole('status').filter({ hasText: 'Added Brand new.' })).toBeAttached()
  // The suggestion taken is no longer offered.
  await expect(page.locator(`datalist[id="${listId}"] option`)).toHaveCount(1)
  // Removed by keyboard: the chip's button, named for its tag.
  await page.getByRole('button', { name: 'Remove the tag Brand new' }).focus()
  await page.keyboard.press('Enter')
  await expect(chips(page)).toHaveText(['Apple TV'])
  await expectNoSeriousAxeViolations(page, { include: ['.admin-tag-field'], where: 'the tag field' })

  await page.getByRole('button', { name: 'Create Post' }).click()
  await expectToast(page, { title: 'Success', description: 'Blog post created' })
  const api = await new ApiClient(adminSite.url).signIn()
  expect((await api.postBySlug('tags-by-keyboard'))?.tags).toEqual(['Apple TV'])
})

test('the list filters by tag, and an editor renames a tag across its posts', async ({ page, adminSite }) => {
  await signIn(page, adminSite.url)
  const filter = page.getByRole('combobox', { name: 'Tag', exact: true })
  await filter.selectOption({ label: 'Setup (1)' })
  await expect(page).toHaveURL(/[?&]tag=setup\b/)
  await expect(page.locator('.admin-post-list > li')).toHaveCount(1)
  await expect(page.locator('.admin-list-controls__count')).toHaveText('1 post')

  await page.getByRole('button', { name: 'Rename tag…' }).click()
  const form = page.getByRole('form', { name: 'Rename the tag Setup' })
  await expectNoSeriousAxeViolations(page, { include: ['.admin-tag-filter'], where: 'the tag filter' })
  await form.getByLabel('New name for “Setup”').fill('Getting started')
  await form.getByRole('button', { name: 'Rename' }).click()
  await expectToast(page, { title: 'Success', description: '"Setup" is now "Getting started" in 1 post' })
  await expect(page).toHaveURL(/[?&]tag=getting-started\b/)
  await expect(filter).toHaveValue('getting-started')
  expect(adminSite.git('log', '-1', '--format=%s')).toBe('blog: rename the tag "Setup" to "Getting started" in 1 post')
})

test('a tag page passes axe, and lists its posts and pages on by links without JavaScript', async ({ page, browser, adminSite }) => {
  await page.goto(`${adminSite.url}/blog/tag/apple-tv`)
  await expect(page.getByRole('heading', { level: 1, name: 'Apple TV' })).toBeVisible()
  await expectNoSeriousAxeViolations(page, { where: '/blog/tag/apple-tv' })

  const context = await browser.newContext({ javaScriptEnabled: false })
  try {
    const plain = await context.newPage()
    await plain.goto(`${adminSite.url}/blog/tag/apple-tv`)
    await expect(plain.locator('li.post-card')).toHaveCount(10)
    const pages = plain.getByRole('navigation', { name: 'Tag pages' })
    await expect(pages).toContainText('Page 1 of 2')
    await pages.getByRole('link', { name: 'Next' }).click()
    await expect(plain).toHaveURL(/\/blog\/tag\/apple-tv\/page\/2$/)
    await expect(plain.locator('li.post-card')).toHaveCount(1)
    await expect(pages).toContainText('Page 2 of 2')
    // A card's post, then its tag links back to the tag page.
    await plain.locator('li.post-card a').first().click()
    await plain.getByRole('list', { name: 'Tags' }).getByRole('link', { name: 'Apple TV' }).click()
    await expect(plain).toHaveURL(/\/blog\/tag\/apple-tv$/)
  } finally {
    await context.close()
  }
})
