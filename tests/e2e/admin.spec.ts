/** SPEC §2 "Admin login" and "Blog admin", §4, §5, §7 and §8: the admin area in a real browser. */
import { dayIn } from '../../core/site-day.ts'
import { readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { parsePostFile } from '../../server/content/parse-post.ts'
import { ALL_POSTS } from './fixtures.ts'
import { expect, expectToast, signIn, signInThroughForm, TEST_ADMIN, test } from './admin-fixtures.ts'
import { expectNoSeriousAxeViolations } from './axe.ts'

const contentBox = (page: Page) => page.getByRole('textbox', { name: 'Content*' })

/** Fills the editor form's plain fields. */
async function fillPost(page: Page, fields: { title?: string; slug?: string; summary?: string; content?: string }) {
  if (fields.title !== undefined) await page.getByLabel('Title*').fill(fields.title)
  if (fields.slug !== undefined) await page.getByLabel('Slug*').fill(fields.slug)
  if (fields.summary !== undefined) await page.getByLabel('Summary*').fill(fields.summary)
  if (fields.content !== undefined) {
    await contentBox(page).click()
    await page.keyboard.type(fields.content)
  }
}

function card(page: Page, title: string) {
  return page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) })
}

test.describe('signing in', () => {
  test('the admin pages are rendered in the browser only and kept out of search results', async ({ page, adminSite }) => {
    const html = await (await page.request.get(`${adminSite.url}/admin/login`)).text()
    expect(html).toContain('<meta name="robots" content="noindex">')
    expect(html).not.toContain('Username')
    await page.goto(`${adminSite.url}/admin/login`)
    await expect(page.getByLabel('Username')).toBeVisible()
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
  })

  test('signed out, /admin/blog shows "Loading..." and then goes to /admin/login', async ({ page, adminSite }) => {
    let answerMe: () => void = () => {}
    const meAnswered = new Promise<void>((resolve) => (answerMe = resolve))
    await page.route('**/api/auth/me', async (route) => {
      await meAnswered
      await route.continue()
    })
    await page.goto(`${adminSite.url}/admin/blog`)
    await expect(page.getByText('Loading...', { exact: true })).toBeVisible()
    answerMe()
    await expect(page).toHaveURL(/\/admin\/login$/)
  })

  test('an empty field gives the destructive "Error" toast and sends no request', async ({ page, adminSite }) => {
    const logins: string[] = []
    page.on('request', (request) => request.url().includes('/api/auth/login') && logins.push(request.url()))
    await page.goto(`${adminSite.url}/admin/login`)
    await page.getByLabel('Username').fill(TEST_ADMIN.username)
    await page.getByRole('button', { name: 'Login' }).click()
    await expectToast(page, { title: 'Error', description: 'Please enter both username and password', variant: 'destructive' })
    await page.getByLabel('Username').fill('')
    await page.getByLabel('Password').fill('something')
    await page.getByRole('button', { name: 'Login' }).click()
    await expectToast(page, { title: 'Error', description: 'Please enter both username and password', variant: 'destructive' })
    expect(logins).toEqual([])
  })

  test('a wrong password: pending state, then "Login failed"', async ({ page, adminSite }) => {
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/auth/login', async (route) => {
      await held
      await route.continue()
    })
    await page.goto(`${adminSite.url}/admin/login`)
    await page.getByLabel('Username').fill(TEST_ADMIN.username)
    await page.getByLabel('Password').fill('not the password')
    await page.getByRole('button', { name: 'Login' }).click()
    await expect(page.getByRole('button', { name: 'Logging in...' })).toBeDisabled()
    await expect(page.getByLabel('Username')).toBeDisabled()
    await expect(page.getByLabel('Password')).toBeDisabled()
    release()
    await expectToast(page, { title: 'Login failed', description: 'Invalid username or password', variant: 'destructive' })
    await expect(page.getByRole('button', { name: 'Login' })).toBeEnabled()
    await expect(page).toHaveURL(/\/admin\/login$/)
  })

  test('a blocked sign-in (429) says when to try again', async ({ page, adminSite }) => {
    await page.route('**/api/auth/login', (route) =>
      route.fulfill({ status: 429, headers: { 'Retry-After': '900' }, body: 'Too many failed sign-ins. Try again in 15 minutes.' }),
    )
    await page.goto(`${adminSite.url}/admin/login`)
    await page.getByLabel('Username').fill(TEST_ADMIN.username)
    await page.getByLabel('Password').fill('whatever')
    await page.getByRole('button', { name: 'Login' }).click()
    await expectToast(page, { title: 'Login failed', description: 'Too many failed sign-ins. Try again in 15 minutes.', variant: 'destructive' })
  })

  test('success: "Login successful" / "Welcome back!", then the post list', async ({ page, adminSite }) => {
    await signInThroughForm(page, adminSite.url)
    await expectToast(page, { title: 'Login successful', description: 'Welcome back!' })
    await expect(page.getByRole('heading', { name: 'Blog Admin', level: 1 })).toBeVisible()
  })
})

test.describe('the post list', () => {
  test('shows every post with its badge, summary and local date, newest first', async ({ page, adminSite }) => {
    await signIn(page, adminSite.url)
    for (const post of ALL_POSTS) {
      const item = card(page, post.title)
      await expect(item).toHaveCount(1)
      await expect(item.getByText(post.isPublished ? 'Published' : 'Draft', { exact: true })).toBeVisible()
      await expect(item.getByText(post.summary, { exact: true })).toBeVisible()
      const local = await page.evaluate((iso) => {
        const [year, month, day] = iso.split('-').map(Number) as [number, number, number]
        return new Date(year, month - 1, day).toLocaleDateString()
      }, post.publishDate)
      await expect(item.locator('time')).toHaveText(local)
      await expect(item.getByRole('button', { name: `Edit "${post.title}"` })).toBeVisible()
      await expect(item.getByRole('button', { name: `Delete "${post.title}"` })).toBeVisible()
    }
    const dates = await page.locator('.admin-post time').evaluateAll((times) => times.map((time) => time.getAttribute('datetime')!))
    expect(dates).toEqual([...dates].sort().reverse())
  })

  test('"Loading posts..." while the list loads', async ({ page, adminSite }) => {
    await signIn(page, adminSite.url)
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/admin/blog/posts', async (route) => {
      await held
      await route.continue()
    })
    await page.reload()
    await expect(page.getByText('Loading posts...', { exact: true })).toBeVisible()
    release()
    await expect(page.locator('.admin-post')).toHaveCount(ALL_POSTS.length)
  })

  test('the empty list says so', async ({ page, adminSite }) => {
    await signIn(page, adminSite.url)
    await page.route('**/api/admin/blog/posts', (route) => route.fulfill({ json: [] }))
    await page.reload()
    await expect(page.getByText('No blog posts yet. Create your first post!', { exact: true })).toBeVisible()
  })
})

test.describe('writing posts', () => {
  test('the round trip: create a draft, publish, rename, delete, sign out', async ({ page, adminSite }) => {
    const { url, site, git } = adminSite
    await signInThroughForm(page, url)
    await page.getByRole('button', { name: 'New Post' }).click()
    await expect(page.getByRole('heading', { name: 'Create New Blog Post' })).toBeVisible()
    await expect(page.getByLabel('Slug*')).toHaveAttribute('placeholder', 'post-url-slug')
    await expect(page.getByRole('switch', { name: 'Published' })).toHaveAttribute('aria-checked', 'false')
    // The site's day (SITE_TIMEZONE, UTC on the test server), whatever the browser's zone: a new
    // post dated the browser's day could start out scheduled.
    await expect(page.getByLabel('Publish Date')).toHaveValue(dayIn('UTC', new Date()))
    await fillPost(page, { title: 'Round Trip: Hello World', summary: 'A post made by the e2e test.', content: 'Hello from the editor.' })
    // The slug follows the title until it is edited.
    await expect(page.getByLabel('Slug*')).toHaveValue('round-trip-hello-world')
    await page.getByLabel('Publish Date').fill('2025-11-15')
    await page.getByRole('button', { name: 'Create Post' }).click()
    await expectToast(page, { title: 'Success', description: 'Blog post created' })
    await expect(page.getByRole('heading', { name: 'All Blog Posts' })).toBeVisible()
    await expect(card(page, 'Round Trip: Hello World').getByText('Draft', { exact: true })).toBeVisible()

    const file = path.join(site.blogDir, 'round-trip-hello-world.html')
    const saved = parsePostFile(await readFile(file, 'utf8'), 'round-trip-hello-world.html')
    expect(saved).toMatchObject({ title: 'Round Trip: Hello World', isPublished: false, publishDate: '2025-11-15' })
    expect(saved.content).toContain('Hello from the editor.')
    expect(git('log', '-1', '--format=%an|%s')).toBe(`${TEST_ADMIN.displayName}|blog: create "Round Trip: Hello World" (round-trip-hello-world)`)
    expect(git('show', '--name-only', '--format=', 'HEAD')).toBe('content/blog/round-trip-hello-world.html')
    expect((await page.request.get(`${url}/blog/round-trip-hello-world`)).status()).toBe(404)

    // Publish.
    await card(page, 'Round Trip: Hello World').getByRole('button', { name: /^Edit/ }).click()
    await expect(page.getByRole('heading', { name: 'Edit Blog Post' })).toBeVisible()
    await expect(page.getByLabel('Title*')).toHaveValue('Round Trip: Hello World')
    await page.getByRole('switch', { name: 'Published' }).click()
    await page.getByRole('button', { name: 'Update Post' }).click()
    await expectToast(page, { title: 'Success', description: 'Blog post updated' })
    await expect(card(page, 'Round Trip: Hello World').getByText('Published', { exact: true })).toBeVisible()
    expect(git('log', '-1', '--format=%s')).toBe('blog: publish "Round Trip: Hello World" (round-trip-hello-world)')
    const publicPage = await page.context().newPage()
    await publicPage.goto(`${url}/blog`)
    await expect(publicPage.getByRole('link', { name: /Round Trip: Hello World/ }).first()).toBeVisible()
    await publicPage.goto(`${url}/blog/round-trip-hello-world`)
    await expect(publicPage.getByRole('heading', { name: 'Round Trip: Hello World', level: 1 })).toBeVisible()
    await expect(publicPage.getByText('Hello from the editor.')).toBeVisible()

    // Rename: new title and slug.
    await card(page, 'Round Trip: Hello World').getByRole('button', { name: /^Edit/ }).click()
    await page.getByLabel('Title*').fill('Round Trip Renamed')
    // An existing post's slug does not follow its title.
    await expect(page.getByLabel('Slug*')).toHaveValue('round-trip-hello-world')
    await page.getByLabel('Slug*').fill('round-trip-renamed')
    await page.getByRole('button', { name: 'Update Post' }).click()
    await expectToast(page, { title: 'Success', description: 'Blog post updated' })
    expect(git('log', '-1', '--format=%s')).toBe('blog: rename "Round Trip Renamed" (round-trip-hello-world → round-trip-renamed)')
    // The old URL redirects to the new one (content/redirects.yaml, in the same commit).
    const old = await page.request.get(`${url}/blog/round-trip-hello-world`, { maxRedirects: 0 })
    expect([old.status(), old.headers()['location']]).toEqual([301, '/blog/round-trip-renamed'])
    await publicPage.goto(`${url}/blog/round-trip-renamed`)
    await expect(publicPage.getByRole('heading', { name: 'Round Trip Renamed', level: 1 })).toBeVisible()

    // Delete, after the browser's confirm.
    const dialogs: string[] = []
    page.once('dialog', (dialog) => {
      dialogs.push(dialog.message())
      void dialog.accept()
    })
    await card(page, 'Round Trip Renamed').getByRole('button', { name: /^Delete/ }).click()
    await expectToast(page, { title: 'Success', description: 'Blog post deleted' })
    expect(dialogs).toEqual(['Are you sure you want to delete this post?'])
    await expect(card(page, 'Round Trip Renamed')).toHaveCount(0)
    expect(git('log', '-1', '--format=%s')).toBe('blog: delete "Round Trip Renamed" (round-trip-renamed)')
    expect((await page.request.get(`${url}/blog/round-trip-renamed`)).status()).toBe(404)
    git('fsck', '--full')
    expect(git('status', '--porcelain', '--', 'content/blog')).toBe('')

    // Sign out: everything cached is gone, and the admin is back at the login page.
    await page.getByRole('button', { name: 'Logout' }).click()
    await expect(page).toHaveURL(/\/admin\/login$/)
    await page.goto(`${url}/admin/blog`)
    await expect(page).toHaveURL(/\/admin\/login$/)
  })

  test('a dismissed delete confirm deletes nothing', async ({ page, adminSite }) => {
    await signIn(page, adminSite.url)
    const title = ALL_POSTS[0]!.title
    page.once('dialog', (dialog) => void dialog.dismiss())
    const deletes: string[] = []
    page.on('request', (request) => request.method() === 'DELETE' && deletes.push(request.url()))
    await card(page, title).getByRole('button', { name: /^Delete/ }).click()
    await expect(card(page, title)).toHaveCount(1)
    expect(deletes).toEqual([])
  })

  test('missing required fields: "Please fill in all required fields", nothing sent', async ({ page, adminSite }) => {
    await signIn(page, adminSite.url)
    const writes: string[] = []
    page.on('request', (request) => request.url().includes('/api/admin/blog/posts') && request.method() !== 'GET' && writes.push(request.url()))
    await page.getByRole('button', { name: 'New Post' }).click()
    await fillPost(page, { title: 'Only a title' })
    await page.getByRole('button', { name: 'Create Post' }).click()
    await expectToast(page, { description: 'Please fill in all required fields', variant: 'destructive' })
    expect(writes).toEqual([])
  })

  test('the failure toasts of create, update and delete', async ({ page, adminSite }) => {
    await signIn(page, adminSite.url)
    // Create: the slug is taken (409).
    await page.getByRole('button', { name: 'New Post' }).click()
    await fillPost(page, { title: 'Duplicate', slug: ALL_POSTS[0]!.slug, summary: 'S', content: 'C' })
    await page.getByRole('button', { name: 'Create Post' }).click()
    await expectToast(page, { title: 'Error', description: 'Failed to create blog post', variant: 'destructive' })
    // The reason, at the field it concerns.
    await expect(page.getByLabel('Slug*')).toHaveAccessibleDescription(/is already used/)
    await page.getByRole('button', { name: 'Cancel' }).click()

    // Update: the server fails.
    await page.route('**/api/admin/blog/posts/*', (route) =>
      route.request().method() === 'GET' ? route.continue() : route.fulfill({ status: 500, body: 'Internal Server Error' }),
    )
    await card(page, ALL_POSTS[1]!.title).getByRole('button', { name: /^Edit/ }).click()
    await page.getByLabel('Summary*').fill('Changed summary')
    await page.getByRole('button', { name: 'Update Post' }).click()
    await expectToast(page, { title: 'Error', description: 'Failed to update blog post', variant: 'destructive' })
    await page.getByRole('button', { name: 'Close editor' }).click()

    // Delete: the server fails.
    page.once('dialog', (dialog) => void dialog.accept())
    await card(page, ALL_POSTS[1]!.title).getByRole('button', { name: /^Delete/ }).click()
    await expectToast(page, { title: 'Error', description: 'Failed to delete blog post', variant: 'destructive' })
    await expect(card(page, ALL_POSTS[1]!.title)).toHaveCount(1)
  })

  test('someone else saved first (409): a clear message, the typing kept, and the saved version on request', async ({ page, browser, adminSite }) => {
    const post = ALL_POSTS.find((candidate) => candidate.isPublished)!
    await signIn(page, adminSite.url)
    const other = await browser.newContext()
    const otherPage = await other.newPage()
    await signIn(otherPage, adminSite.url)

    // Both open the same post.
    await card(page, post.title).getByRole('button', { name: /^Edit/ }).click()
    await card(otherPage, post.title).getByRole('button', { name: /^Edit/ }).click()
    // The other admin saves first.
    await otherPage.getByLabel('Summary*').fill('Saved by the other admin.')
    await otherPage.getByRole('button', { name: 'Update Post' }).click()
    await expectToast(otherPage, { title: 'Success', description: 'Blog post updated' })

    await page.getByLabel('Summary*').fill('Typed by this admin.')
    await page.getByRole('button', { name: 'Update Post' }).click()
    await expectToast(page, { title: 'Error', description: 'Failed to update blog post', variant: 'destructive' })
    const alert = page.getByRole('alert').filter({ hasText: 'Someone else saved this post' })
    await expect(alert).toBeVisible()
    await expect(page.getByLabel('Summary*')).toHaveValue('Typed by this admin.')

    page.once('dialog', (dialog) => void dialog.accept())
    await alert.getByRole('button', { name: 'Load the saved version' }).click()
    await expect(page.getByLabel('Summary*')).toHaveValue('Saved by the other admin.')
    // From the loaded version, a save goes through.
    await page.getByLabel('Summary*').fill('Edited after reloading.')
    await page.getByRole('button', { name: 'Update Post' }).click()
    await expectToast(page, { title: 'Success', description: 'Blog post updated' })
    await other.close()
  })

  test('Cancel and close return to the list at once, and links leave at once: nothing asks, the typing is offered back', async ({ page, adminSite }) => {
    const post = ALL_POSTS[0]!
    const dialogs: string[] = []
    page.on('dialog', (dialog) => {
      dialogs.push(`${dialog.type()}: ${dialog.message()}`)
      void dialog.accept()
    })
    await signIn(page, adminSite.url)
    const offer = page.getByRole('alert').filter({ hasText: 'You have unsaved changes from' })

    // Cancel, straight after typing.
    await page.getByRole('button', { name: 'New Post' }).click()
    await fillPost(page, { title: 'Unsaved work' })
    await page.getByRole('button', { name: 'Cancel' }).click()
    await expect(page.getByRole('heading', { name: 'All Blog Posts' })).toBeVisible()
    await expect(page.getByLabel('Title*')).toHaveCount(0)
    // The form was reset; what was typed is offered back.
    await page.getByRole('button', { name: 'New Post' }).click()
    await expect(offer).toBeVisible()
    await offer.getByRole('button', { name: 'Restore' }).click()
    await expect(page.getByLabel('Title*')).toHaveValue('Unsaved work')

    // Close, on an existing post.
    await page.getByRole('button', { name: 'Close editor' }).click()
    await card(page, post.title).getByRole('button', { name: /^Edit/ }).click()
    await page.getByLabel('Summary*').fill('A summary not saved yet.')
    await page.getByRole('button', { name: 'Close editor' }).click()
    await expect(page.getByRole('heading', { name: 'All Blog Posts' })).toBeVisible()
    await card(page, post.title).getByRole('button', { name: /^Edit/ }).click()
    await expect(offer).toBeVisible()
    await offer.getByRole('button', { name: 'Restore' }).click()
    await expect(page.getByLabel('Summary*')).toHaveValue('A summary not saved yet.')

    // A link to another page of the site leaves at once too.
    await page.getByLabel('Summary*').fill('A summary typed before following a link.')
    await page.getByRole('navigation', { name: 'Site', exact: true }).getByRole('link', { name: 'Blog', exact: true }).click()
    // (The exact URL: /admin/blog ends in /blog too.)
    await expect(page).toHaveURL(`${adminSite.url}/blog`)
    await expect(page.getByRole('heading', { name: 'Blog', level: 1 })).toBeVisible()
    await page.goto(`${adminSite.url}/admin/blog`)
    await card(page, post.title).getByRole('button', { name: /^Edit/ }).click()
    await offer.getByRole('button', { name: 'Restore' }).click()
    await expect(page.getByLabel('Summary*')).toHaveValue('A summary typed before following a link.')
    expect(dialogs).toEqual([])
  })

  test('where the browser cannot keep the typing, closing or reloading the tab still asks (its own prompt)', async ({ page, adminSite }) => {
    // IndexedDB refusing every write, as with storage turned off.
    await page.addInitScript(() => {
      IDBObjectStore.prototype.put = () => {
        throw new DOMException('Storage is turned off.', 'QuotaExceededError')
      }
    })
    await signIn(page, adminSite.url)
    await page.getByRole('button', { name: 'New Post' }).click()
    await fillPost(page, { title: 'Cannot be kept' })
    const unload = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.type())
        void dialog.accept()
      }),
    )
    await page.reload()
    expect(await unload).toBe('beforeunload')
  })
})

test.describe('post files the site cannot read', () => {
  test('the list says "N files could not be read" with each path and reason, until they are fixed', async ({ page, adminSite }) => {
    const { url, site, git } = adminSite
    const commit = (message: string) =>
      git('-c', 'user.name=Maintainer', '-c', 'user.email=maintainer@example.com', 'commit', '-q', '-a', '-m', message)
    const fileOf = (name: string) => path.join(site.blogDir, name)
    const post = (slug: string, title: string) =>
      `---\ntitle: ${title}\nslug: ${slug}\nsummary: Written by hand.\npublishDate: 2024-05-01\nisPublished: yes\n---\n<p>By hand.</p>\n`
    // Two posts from a pull request, as a maintainer wrote them: one misnamed, one with broken YAML.
    await writeFile(fileOf('hand-wrong-name.html'), post('hand-right-name', 'Hand wrong name'))
    await writeFile(fileOf('hand-broken.html'), post('hand-broken', '[Hand broken'))
    git('add', 'content/blog')
    commit('Posts from a pull request')
    const problemCount = async () => ((await (await page.request.get(`${url}/api/admin/blog/problems`)).json()) as unknown[]).length

    await signIn(page, url)
    await expect.poll(problemCount).toBe(2)
    await page.reload()
    const problems = page.getByRole('region', { name: '2 files could not be read' })
    await expect(problems).toBeVisible()
    await expect(problems.getByRole('listitem')).toHaveText([
      /^content\/blog\/hand-broken\.html: front matter is not valid YAML \(.+\)$/,
      'content/blog/hand-wrong-name.html: slug is "hand-right-name" but must equal the file name (hand-wrong-name)',
    ])
    // Above the list.
    const [problemsBox, firstCard] = await Promise.all([problems.boundingBox(), page.locator('.admin-post').first().boundingBox()])
    expect(problemsBox!.y).toBeLessThan(firstCard!.y)
    await expectNoSeriousAxeViolations(page, { include: ['.admin-problems'] })

    // One fixed on disk: the list has it, and the count says one file.
    await writeFile(fileOf('hand-wrong-name.html'), post('hand-wrong-name', 'Hand wrong name'))
    commit('Fix the slug')
    await expect.poll(problemCount).toBe(1)
    await page.reload()
    await expect(page.getByRole('region', { name: '1 file could not be read' }).getByRole('listitem')).toHaveText([/^content\/blog\/hand-broken\.html: /])
    await expect(card(page, 'Hand wrong name')).toHaveCount(1)

    // The other fixed too: the problems go with the next fetch of the list (here after a delete), no reload needed.
    await writeFile(fileOf('hand-broken.html'), post('hand-broken', 'Hand broken'))
    commit('Fix the YAML')
    await expect.poll(problemCount).toBe(0)
    await expect(page.getByRole('region', { name: '1 file could not be read' })).toBeVisible()
    page.once('dialog', (dialog) => void dialog.accept())
    await card(page, 'Hand wrong name').getByRole('button', { name: /^Delete/ }).click()
    await expectToast(page, { title: 'Success', description: 'Blog post deleted' })
    await expect(page.locator('.admin-problems')).toHaveCount(0)
    await expect(card(page, 'Hand broken')).toHaveCount(1)
    await rm(fileOf('hand-broken.html'))
  })

  test('a file served cleaned is listed as "1 file is shown cleaned", apart from the unreadable ones, until the file goes', async ({ page, adminSite }) => {
    const { url, site, git } = adminSite
    const file = path.join(site.blogDir, 'hand-styled.html')
    await writeFile(file, `---\ntitle: Hand styled\nslug: hand-styled\nsummary: Written by hand.\npublishDate: 2024-05-01\nisPublished: yes\n---\n<p style="color:red">Styled by hand.</p>\n`)
    git('add', 'content/blog')
    git('-c', 'user.name=Maintainer', '-c', 'user.email=maintainer@example.com', 'commit', '-q', '-m', 'A styled post')
    const problemCount = async () => ((await (await page.request.get(`${url}/api/admin/blog/problems`)).json()) as unknown[]).length

    await signIn(page, url)
    await expect.poll(problemCount).toBe(1)
    await page.reload()
    const cleaned = page.getByRole('region', { name: '1 file is shown cleaned' })
    await expect(cleaned.getByRole('listitem')).toHaveText([/^content\/blog\/hand-styled\.html: content has style="color:red" on <p> \(line 8\), which the sanitizer would remove/])
    await expect(page.getByRole('region', { name: /could not be read/ })).toHaveCount(0)
    await expectNoSeriousAxeViolations(page, { include: ['.admin-problems'] })
    // On the site all the while, without the style.
    const shown = await (await page.request.get(`${url}/blog/hand-styled`)).text()
    expect(shown).toContain('<p>Styled by hand.</p>')
    await rm(file)
    await expect.poll(problemCount).toBe(0)
  })
})

test.describe('the admin code stays out of the public pages', () => {
  test('a public page loads no admin script, editor or data-layer code', async ({ page, adminSite }) => {
    // What the check looks for is really in the admin's scripts.
    const adminScripts: string[] = []
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') adminScripts.push(response.url())
    })
    await page.goto(`${adminSite.url}/admin/login`)
    await expect(page.getByLabel('Username')).toBeVisible()
    // The login page prefetches the admin's own page (its scripts): all of that is over before the
    // public pages are watched, or a late answer to it would be counted as theirs.
    await page.waitForLoadState('networkidle')
    const adminBodies = await Promise.all(adminScripts.map(async (url) => (await page.request.get(url)).text()))
    expect(adminBodies.some((body) => body.includes('Logging in...'))).toBe(true)
    page.removeAllListeners('response')

    // Asked for by the public pages, counted when asked (not when answered).
    const scripts = new Set<string>()
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.add(request.url())
    })
    for (const path of ['/', '/blog', `/blog/${ALL_POSTS.find((post) => post.isPublished)!.slug}`, '/pricing', '/referral']) {
      await page.goto(`${adminSite.url}${path}`)
      await page.waitForLoadState('networkidle')
    }
    expect(scripts.size).toBeGreaterThan(0)
    for (const url of scripts) {
      expect(url).not.toMatch(/admin|RichTextEditor/i)
      const body = await (await page.request.get(url)).text()
      expect(body, url).not.toMatch(/ProseMirror|milkdown|QueryClient|Blog Admin|Logging in\.\.\./)
    }
  })
})
