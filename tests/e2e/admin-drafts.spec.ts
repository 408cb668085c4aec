/**
 * The editor's unsaved form is kept in the browser (IndexedDB), per admin and post,
 * and offered back: across a reload, a closed tab, signing out and a save refused with 401;
 * Restore fills every field, Discard and a successful save remove it, and a copy older than
 * the post's saved version says so.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { parsePostFile } from '../../server/content/parse-post.ts'
import type { PostDraft } from '../../pages/admin/blog/draft-store.ts'
import { ALL_POSTS } from './fixtures.ts'
import { expect, expectToast, signIn, signInThroughForm, TEST_ADMIN, test } from './admin-fixtures.ts'
import { expectNoSeriousAxeViolations } from './axe.ts'

const card = (page: Page, title: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) })
const offer = (page: Page) => page.getByRole('alert').filter({ hasText: 'You have unsaved changes from' })
const STALE = 'This post has been saved again since then.'

/** What this browser keeps, read straight from IndexedDB (without creating the database when it is not there yet). */
function keptDrafts(page: Page): Promise<PostDraft[]> {
  return page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((db) => db.name === 'watchio-admin')) return []
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('watchio-admin')
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    })
    try {
      if (!db.objectStoreNames.contains('post-drafts')) return []
      return await new Promise<PostDraft[]>((resolve, reject) => {
        const request = db.transaction('post-drafts').objectStore('post-drafts').getAll()
        request.onsuccess = () => resolve(request.result as PostDraft[])
        request.onerror = () => reject(request.error)
      })
    } finally {
      db.close()
    }
  })
}

/** Waits until the browser keeps exactly one draft whose fields include `fields`, and returns it. */
async function expectKept(page: Page, fields: Partial<PostDraft['fields']>): Promise<PostDraft> {
  await expect.poll(async () => (await keptDrafts(page)).map((draft) => draft.fields)).toEqual([expect.objectContaining(fields)])
  return (await keptDrafts(page))[0]!
}

/** The editor has finished looking for a kept draft (so "no offer" means none). */
async function editorReady(page: Page): Promise<void> {
  await expect(page.locator('.admin-editor')).toHaveAttribute('aria-busy', 'false')
}

/** The offer's first line, as the browser words the kept time. */
function offerText(page: Page, keptAt: number): Promise<string> {
  return page.evaluate((time) => `You have unsaved changes from ${new Date(time).toLocaleString()}.`, keptAt)
}

/** Accepts any dialog (a reload may meet the browser's prompt in the second before typing is kept) and records it. */
function acceptDialogs(page: Page): string[] {
  const seen: string[] = []
  page.on('dialog', (dialog) => {
    seen.push(dialog.type())
    void dialog.accept()
  })
  return seen
}

test('a new post: every field kept across a reload, Restore fills them all, a successful save removes the copy', async ({ page, adminSite }) => {
  acceptDialogs(page)
  await signIn(page, adminSite.url)
  await page.getByRole('button', { name: 'New Post' }).click()
  await editorReady(page)
  await page.getByLabel('Title*').fill('Kept Across a Reload')
  await page.getByLabel('Slug*').fill('kept-by-the-browser')
  await page.getByLabel('Summary*').fill('Typed, then the page was reloaded.')
  await page.getByRole('textbox', { name: 'Content*' }).click()
  await page.keyboard.type('Plain words, ')
  await page.keyboard.press('ControlOrMeta+b')
  await page.keyboard.type('bold words')
  await page.getByLabel('Publish Date').fill('2024-02-29')
  await page.getByRole('switch', { name: 'Published' }).click()
  await page.getByLabel('Featured Image URL').fill('/images/blog/kept.png')
  const kept = await expectKept(page, {
    title: 'Kept Across a Reload',
    slug: 'kept-by-the-browser',
    summary: 'Typed, then the page was reloaded.',
    publishDate: '2024-02-29',
    isPublished: true,
    featuredImageUrl: '/images/blog/kept.png',
  })
  expect(kept.fields.content).toContain('<strong>bold words</strong>')
  expect(kept).toMatchObject({ username: TEST_ADMIN.username, postId: null, baseVersion: null, slugTouched: true })

  // The address kept the open editor (`?new`): the reload opens it again, with the offer.
  await page.reload()
  await expect(page).toHaveURL(/\/admin\/blog\?new$/)
  await expect(offer(page)).toBeVisible()
  await expect(offer(page).locator('p').first()).toHaveText(await offerText(page, kept.keptAt))
  await expect(offer(page)).not.toContainText(STALE)
  // The form waits for the choice.
  await expect(page.getByLabel('Title*')).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Create Post' })).toBeDisabled()

  await offer(page).getByRole('button', { name: 'Restore' }).click()
  await expect(offer(page)).toHaveCount(0)
  await expect(page.getByLabel('Title*')).toBeEnabled()
  // The offer's buttons are gone: the keyboard goes on in the form.
  await expect(page.getByLabel('Title*')).toBeFocused()
  await expect(page.getByLabel('Title*')).toHaveValue('Kept Across a Reload')
  await expect(page.getByLabel('Slug*')).toHaveValue('kept-by-the-browser')
  await expect(page.getByLabel('Summary*')).toHaveValue('Typed, then the page was reloaded.')
  await expect(page.getByRole('textbox', { name: 'Content*' }).locator('strong')).toHaveText('bold words')
  await expect(page.getByRole('textbox', { name: 'Content*' })).toContainText('Plain words, bold words')
  await expect(page.getByLabel('Publish Date')).toHaveValue('2024-02-29')
  await expect(page.getByRole('switch', { name: 'Published' })).toHaveAttribute('aria-checked', 'true')
  await expect(page.getByLabel('Featured Image URL')).toHaveValue('/images/blog/kept.png')
  // A hand-typed slug stays put when the title changes.
  await page.getByLabel('Title*').fill('Kept Across a Reload, Saved')
  await expect(page.getByLabel('Slug*')).toHaveValue('kept-by-the-browser')

  await page.getByRole('button', { name: 'Create Post' }).click()
  await expectToast(page, { title: 'Success', description: 'Blog post created' })
  await expect.poll(() => keptDrafts(page)).toEqual([])
  const saved = parsePostFile(await readFile(path.join(adminSite.site.blogDir, 'kept-by-the-browser.html'), 'utf8'), 'kept-by-the-browser.html')
  expect(saved).toMatchObject({ title: 'Kept Across a Reload, Saved', publishDate: '2024-02-29', isPublished: true, featuredImageUrl: '/images/blog/kept.png' })
  expect(saved.content).toContain('<strong>bold words</strong>')
  await page.getByRole('button', { name: 'New Post' }).click()
  await editorReady(page)
  await expect(offer(page)).toHaveCount(0)
})

test('kept across a closed tab; Discard removes it and shows the saved post', async ({ page, context, adminSite }) => {
  const post = ALL_POSTS[1]!
  await signIn(page, adminSite.url)
  await card(page, post.title).getByRole('button', { name: /^Edit/ }).click()
  await editorReady(page)
  await page.getByLabel('Title*').fill('A title typed, then the tab closed')
  await expectKept(page, { title: 'A title typed, then the tab closed', summary: post.summary })
  await page.close()

  const tab = await context.newPage()
  await tab.goto(`${adminSite.url}/admin/blog`)
  await card(tab, post.title).getByRole('button', { name: /^Edit/ }).click()
  await expect(offer(tab)).toBeVisible()
  await offer(tab).getByRole('button', { name: 'Discard' }).click()
  await expect(offer(tab)).toHaveCount(0)
  await expect(tab.getByLabel('Title*')).toBeEnabled()
  await expect(tab.getByLabel('Title*')).toBeFocused()
  await expect(tab.getByLabel('Title*')).toHaveValue(post.title)
  await expect.poll(() => keptDrafts(tab)).toEqual([])
  await tab.getByRole('button', { name: 'Cancel' }).click()
  await card(tab, post.title).getByRole('button', { name: /^Edit/ }).click()
  await editorReady(tab)
  await expect(offer(tab)).toHaveCount(0)
})

test('kept across signing out and in, for that admin only', async ({ page, adminSite }) => {
  const post = ALL_POSTS[2]!
  await signIn(page, adminSite.url)
  await card(page, post.title).getByRole('button', { name: /^Edit/ }).click()
  await editorReady(page)
  await page.getByLabel('Summary*').fill('Typed before signing out.')
  await page.getByRole('button', { name: 'Cancel' }).click()
  const kept = await expectKept(page, { summary: 'Typed before signing out.' })
  // Another admin's draft of the same post, kept in this browser.
  await page.evaluate((other) => {
    const request = indexedDB.open('watchio-admin', 1)
    request.onsuccess = () => {
      const store = request.result.transaction('post-drafts', 'readwrite').objectStore('post-drafts')
      store.put(other, [other.username, 'post', other.postId!])
    }
  }, { ...kept, username: 'someone-else', fields: { ...kept.fields, summary: "Someone else's summary." } })
  await expect.poll(async () => (await keptDrafts(page)).length).toBe(2)

  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/admin\/login$/)
  // Signing out keeps both.
  expect((await keptDrafts(page)).length).toBe(2)
  await signInThroughForm(page, adminSite.url)
  await card(page, post.title).getByRole('button', { name: /^Edit/ }).click()
  await offer(page).getByRole('button', { name: 'Restore' }).click()
  await expect(page.getByLabel('Summary*')).toHaveValue('Typed before signing out.')
})

test('a save refused with 401 (session gone) keeps the copy; after signing in it is offered back and saved', async ({ page, context, adminSite }) => {
  const post = ALL_POSTS[3]!
  acceptDialogs(page)
  await signIn(page, adminSite.url)
  await card(page, post.title).getByRole('button', { name: /^Edit/ }).click()
  await editorReady(page)
  await page.getByLabel('Title*').fill('Typed while the session ran out')
  await page.getByLabel('Summary*').fill('Not lost to a 401.')
  await context.clearCookies()
  await page.getByRole('button', { name: 'Update Post' }).click()
  await expectToast(page, { title: 'Error', description: 'Failed to update blog post', variant: 'destructive' })
  await expect(page.getByRole('alert').filter({ hasText: 'You are signed out, so this was not saved.' })).toBeVisible()
  await expectKept(page, { title: 'Typed while the session ran out', summary: 'Not lost to a 401.' })

  await signInThroughForm(page, adminSite.url)
  await card(page, post.title).getByRole('button', { name: /^Edit/ }).click()
  await offer(page).getByRole('button', { name: 'Restore' }).click()
  await expect(page.getByLabel('Title*')).toHaveValue('Typed while the session ran out')
  await expect(page.getByLabel('Summary*')).toHaveValue('Not lost to a 401.')
  await page.getByRole('button', { name: 'Update Post' }).click()
  await expectToast(page, { title: 'Success', description: 'Blog post updated' })
  await expect(card(page, 'Typed while the session ran out')).toHaveCount(1)
  await expect.poll(() => keptDrafts(page)).toEqual([])
})

test('a copy older than the saved post says so before Restore puts it over the newer version', async ({ page, adminSite }) => {
  const post = ALL_POSTS.find((candidate) => candidate.isPublished)!
  await signIn(page, adminSite.url)
  await card(page, post.title).getByRole('button', { name: /^Edit/ }).click()
  await editorReady(page)
  await page.getByLabel('Summary*').fill('My summary, typed first.')
  await page.getByRole('button', { name: 'Close editor' }).click()
  await expectKept(page, { summary: 'My summary, typed first.' })

  // Someone saves the post meanwhile (the list on this page does not know yet).
  const url = `${adminSite.url}/api/admin/blog/posts/${post.id}`
  const saved = await (await page.request.get(url)).json()
  const put = await page.request.put(url, { data: { ...saved, title: 'Retitled by someone else' } })
  expect(put.status()).toBe(200)

  await card(page, post.title).getByRole('button', { name: /^Edit/ }).click()
  await expect(offer(page)).toContainText(STALE)
  await expect(offer(page)).toContainText('Restoring puts these changes in the form in place of the newer version')
  await expectNoSeriousAxeViolations(page, { include: ['.admin-editor'] })
  await offer(page).getByRole('button', { name: 'Restore' }).click()
  await expect(page.getByLabel('Summary*')).toHaveValue('My summary, typed first.')
  await expect(page.getByLabel('Title*')).toHaveValue(post.title)
  // The admin was told: the save goes over the newer version (which stays in history).
  await page.getByRole('button', { name: 'Update Post' }).click()
  await expectToast(page, { title: 'Success', description: 'Blog post updated' })
  const file = parsePostFile(await readFile(path.join(adminSite.site.blogDir, `${post.slug}.html`), 'utf8'), `${post.slug}.html`)
  expect(file).toMatchObject({ title: post.title, summary: 'My summary, typed first.' })
  expect(adminSite.git('log', '-2', '--format=%s')).toContain('Retitled by someone else')
})
