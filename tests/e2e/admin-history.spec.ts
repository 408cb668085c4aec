/** History in the editor and deleted posts: what each commit changed, a version beside the current one, Restore in the admin's own dialog. */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { parsePostFile } from '../../server/content/parse-post.ts'
import { ALL_POSTS } from './fixtures.ts'
import { expectNoSeriousAxeViolations } from './axe.ts'
import { caretMoved, expect, expectToast, signIn, TEST_ADMIN, test } from './admin-fixtures.ts'

const card = (page: Page, title: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) })

/** Focuses a control and presses a key on it: the keyboard, never the mouse. */
async function press(page: Page, control: ReturnType<Page['getByRole']>, key = 'Enter') {
  await control.focus()
  await page.keyboard.press(key)
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

test('History says who changed what, compares a version with the current one, and restores it through a dialog, keyboard only', async ({ page, adminSite }) => {
  const post = ALL_POSTS.find((candidate) => candidate.isPublished)!
  await signIn(page, adminSite.url)
  // Two saves: a new summary, then a new title.
  await card(page, post.title).getByRole('button', { name: /^Edit/ }).click()
  await page.getByLabel('Summary*').fill('A summary written later.')
  await page.getByRole('button', { name: 'Update Post' }).click()
  await expectToast(page, { title: 'Success', description: 'Blog post updated' })
  await card(page, post.title).getByRole('button', { name: /^Edit/ }).click()
  await page.getByLabel('Title*').fill('A title written later')
  await page.getByRole('button', { name: 'Update Post' }).click()
  await expectToast(page, { title: 'Success', description: 'Blog post updated' })

  await press(page, card(page, 'A title written later').getByRole('button', { name: /^Edit/ }))
  await press(page, page.getByRole('button', { name: 'History' }))
  const history = page.getByRole('region', { name: 'History' })
  const entries = history.getByRole('listitem')
  await expect(entries).toHaveCount(3)
  await expect(entries.nth(0)).toContainText('Title')
  await expect(entries.nth(0)).toContainText(TEST_ADMIN.displayName)
  await expect(entries.nth(1)).toContainText('Summary')
  await expect(entries.nth(2)).toContainText('Created')
  const root = adminSite.git('rev-list', '--max-parents=0', 'HEAD')
  const rootAuthor = adminSite.git('log', '-1', '--format=%an', root)
  await expect(entries.nth(2)).toContainText(rootAuthor)
  await expect(history).not.toContainText('blog: update')

  // The first version beside the current one: only title and summary, old → new; content the same.
  await press(page, entries.nth(2).getByRole('button', { name: /^View/ }))
  const compare = page.getByRole('region', { name: /compared with the current one/ })
  const rows = compare.getByRole('table').locator('tbody tr')
  await expect(rows).toHaveCount(2)
  await expect(compare.getByRole('row', { name: /^Title/ })).toContainText(post.title)
  await expect(compare.getByRole('row', { name: /^Title/ }).locator('ins')).toHaveText('A title written later')
  await expect(compare.getByRole('row', { name: /^Summary/ }).locator('ins')).toHaveText('A summary written later.')
  await expect(compare).toContainText('The content is the same.')
  await expect(compare.locator('.admin-compare__post ins, .admin-compare__post del')).toHaveCount(0)
  await expectNoSeriousAxeViolations(page, { include: ['.admin-history'], where: 'compare (light)' })

  // Restore asks in a dialog that names the post and the version; Escape closes it, focus comes back.
  const restoreButton = compare.getByRole('button', { name: 'Restore this version' })
  await press(page, restoreButton)
  const dialog = page.getByRole('alertdialog', { name: 'Restore this version of “A title written later”?' })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText(`by ${rootAuthor} (${root.slice(0, 7)})`)
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused()
  // Focus stays inside: Tab from the last button goes back to the first.
  await page.keyboard.press('Tab')
  await expect(dialog.getByRole('button', { name: 'Restore', exact: true })).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await expectNoSeriousAxeViolations(page, { include: ['[role="alertdialog"]'], where: 'restore dialog' })
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(restoreButton).toBeFocused()

  const commitsBefore = Number(adminSite.git('rev-list', '--count', 'HEAD'))
  await page.keyboard.press('Enter')
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')
  await expectToast(page, { title: 'Success', description: 'Blog post restored' })
  await expect(card(page, post.title)).toHaveCount(1)
  expect(Number(adminSite.git('rev-list', '--count', 'HEAD'))).toBe(commitsBefore + 1)
  expect(adminSite.git('log', '-1', '--format=%s')).toMatch(new RegExp(`^blog: restore "${escapeRegExp(post.title)}" \\(${post.slug}\\) to [0-9a-f]{7}$`))
  const restored = parsePostFile(await readFile(path.join(adminSite.site.blogDir, `${post.slug}.html`), 'utf8'), `${post.slug}.html`)
  expect(restored).toEqual(post)

  // The restore's entry says where it came from.
  await press(page, card(page, post.title).getByRole('button', { name: /^Edit/ }))
  await press(page, page.getByRole('button', { name: 'History' }))
  await expect(page.getByRole('region', { name: 'History' }).getByRole('listitem').nth(0)).toContainText(/^Restored from /)
})

test('a content change shows in the rendered post as inserted words, readable in the dark theme', async ({ page, adminSite }) => {
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'))
  const post = ALL_POSTS.filter((candidate) => candidate.isPublished)[1]!
  await signIn(page, adminSite.url)
  await card(page, post.title).getByRole('button', { name: /^Edit/ }).click()
  const editor = page.getByRole('textbox', { name: 'Content*' })
  await editor.click()
  await page.keyboard.press('ControlOrMeta+End')
  await caretMoved(page)
  await page.keyboard.press('Enter')
  await page.keyboard.type('A closing line added later.')
  await page.getByRole('button', { name: 'Update Post' }).click()
  await expectToast(page, { title: 'Success', description: 'Blog post updated' })
  await card(page, post.title).getByRole('button', { name: /^Edit/ }).click()
  await page.getByRole('button', { name: 'History' }).click()
  const entries = page.getByRole('region', { name: 'History' }).getByRole('listitem')
  await expect(entries.nth(0)).toContainText('Content')
  await entries.nth(1).getByRole('button', { name: /^View/ }).click()
  const rendered = page.locator('.admin-compare__post')
  // Rendered, not source: a paragraph whose words are all inserted; nothing removed.
  await expect(rendered.locator('p ins')).toHaveText(['A closing line added later.'])
  await expect(rendered.locator('del')).toHaveCount(0)
  await expect(rendered).not.toContainText('<p>')
  await expect(page.getByRole('region', { name: /compared with the current one/ })).toContainText('5 words inserted since this version (underlined), 0 words removed')
  // Underlined, not colour alone.
  expect(await rendered.locator('ins').first().evaluate((element) => getComputedStyle(element).textDecorationLine)).toBe('underline')
  await expectNoSeriousAxeViolations(page, { include: ['.admin-history'], where: 'compare (dark)' })
})

test('a deleted post is listed with who deleted it, shows its history, and comes back through the dialog', async ({ page, adminSite }) => {
  // One the other tests of this file (same site) leave alone.
  const post = ALL_POSTS.filter((candidate) => candidate.isPublished)[2]!
  await signIn(page, adminSite.url)
  const dialogs: string[] = []
  page.once('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.accept()
  })
  await card(page, post.title).getByRole('button', { name: /^Delete/ }).click()
  await expectToast(page, { title: 'Success', description: 'Blog post deleted' })
  // SPEC §8: Delete keeps the browser's own confirmation, in these words.
  expect(dialogs).toEqual(['Are you sure you want to delete this post?'])

  await press(page, page.getByRole('button', { name: 'Deleted posts' }))
  const item = page.locator('.admin-deleted__item').filter({ has: page.getByRole('heading', { name: post.title, exact: true }) })
  await expect(item).toContainText(`Deleted by ${TEST_ADMIN.displayName}`)
  await press(page, item.getByRole('button', { name: `History of ${post.title}` }))
  const entries = item.getByRole('region', { name: 'History' }).getByRole('listitem')
  await expect(entries).toHaveCount(2)
  await expect(entries.nth(0)).toContainText('Deleted')
  await expect(entries.nth(0).getByRole('button')).toHaveCount(0)
  await expect(entries.nth(1)).toContainText('Created')
  await expectNoSeriousAxeViolations(page, { include: ['.admin-deleted'], where: 'deleted posts' })

  const commitsBefore = Number(adminSite.git('rev-list', '--count', 'HEAD'))
  const restore = item.getByRole('button', { name: `Restore ${post.title}` })
  await press(page, restore)
  const dialog = page.getByRole('alertdialog', { name: `Restore “${post.title}”?` })
  await expect(dialog).toContainText('The post comes back as the version of')
  await page.keyboard.press('Tab')
  await page.keyboard.press('Enter')
  await expectToast(page, { title: 'Success', description: 'Blog post restored' })
  await expect(card(page, post.title)).toHaveCount(1)
  await expect(page.locator('.admin-deleted')).toContainText('No deleted posts.')
  expect(Number(adminSite.git('rev-list', '--count', 'HEAD'))).toBe(commitsBefore + 1)
  expect(adminSite.git('log', '-1', '--format=%s')).toMatch(new RegExp(`^blog: restore "${escapeRegExp(post.title)}" \\(${post.slug}\\) to [0-9a-f]{7}$`))
  expect((await page.request.get(`${adminSite.url}/blog/${post.slug}`)).status()).toBe(200)
})
