/**
 * Video embeds in a real browser: the post page asks nothing of YouTube or Vimeo until the visitor
 * presses play, then loads the player in the same box, which the page's Content-Security-Policy
 * allows (no violation); the editor inserts an embed from a pasted link without loading the player
 * either, and saves it in the one stored form, which a save of the opened post keeps byte for byte.
 * The network to the providers is cut (page.route): these tests never reach the internet.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { parsePostFile } from '../../server/content/parse-post.ts'
import { expect, expectToast, signIn, test } from './admin-fixtures.ts'
import { expectNoSeriousAxeViolations } from './axe.ts'
import { waitForPageSettled } from './fixtures.ts'

const PROVIDERS = /^https?:\/\/([^/]*\.)?(youtube-nocookie\.com|youtube\.com|youtu\.be|ytimg\.com|vimeo\.com|vimeocdn\.com)(\/|$)/
const YOUTUBE = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ'
const VIMEO = 'https://player.vimeo.com/video/76979871'

/** Every request to a provider, from the page or any frame; each answered here with a stand-in player. */
async function watchProviders(page: Page): Promise<{ requests: string[]; violations: string[] }> {
  const requests: string[] = []
  const violations: string[] = []
  page.on('request', (request) => {
    if (PROVIDERS.test(request.url())) requests.push(request.url())
  })
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text())
  })
  await page.route(PROVIDERS, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Player</title><p id="player">A stand-in player</p>' }))
  return { requests, violations }
}

async function publishPost(page: Page, url: string, slug: string, content: string): Promise<void> {
  const response = await page.request.post(`${url}/api/admin/blog/posts`, {
    data: { title: `Post ${slug}`, slug, summary: 'With videos.', content, publishDate: '2025-01-01', isPublished: true, featuredImageUrl: '' },
  })
  expect(response.status(), await response.text()).toBe(201)
}

test('the post page loads nothing from the providers until play is pressed, then plays in the same box', async ({ page, adminSite }) => {
  await signIn(page, adminSite.url)
  await publishPost(page, adminSite.url, 'videos', `<p>Two videos.</p>\n<iframe src="${YOUTUBE}" title="The launch"></iframe>\n<iframe src="${VIMEO}" title="The tour"></iframe>\n<p>The end.</p>`)
  const watched = await watchProviders(page)
  await page.goto(`${adminSite.url}/blog/videos`)

  const frames = page.locator('iframe.video-embed')
  await expect(frames).toHaveCount(2)
  const launch = page.frameLocator('iframe.video-embed >> nth=0')
  const play = launch.getByRole('link', { name: 'Play video: The launch' })
  await expect(play).toBeVisible()
  await expect(page.frameLocator('iframe.video-embed >> nth=1').getByRole('link', { name: 'Play video: The tour' })).toBeVisible()
  await expect(frames.first()).toHaveAttribute('title', 'Video: The launch')
  // A 16:9 box as wide as the text, which the player keeps: nothing moves when it loads.
  const before = (await frames.first().boundingBox())!
  expect(Math.abs(before.width / before.height - 16 / 9)).toBeLessThan(0.02)
  // Scrolled through, lazily loaded frames and all: still nothing asked of the providers.
  await page.mouse.wheel(0, 2000)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
  await waitForPageSettled(page)
  await expect.poll(async () => (await Promise.all(page.frames().map((frame) => frame.evaluate(() => document.readyState).catch(() => 'gone')))).every((state) => state === 'complete')).toBe(true)
  expect(watched.requests).toEqual([])
  await expectNoSeriousAxeViolations(page, { where: 'a post with videos' })
  expect(watched.requests).toEqual([])

  // By keyboard, as any link: focus it, Enter.
  await play.focus()
  await page.keyboard.press('Enter')
  await expect(launch.locator('#player')).toHaveText('A stand-in player')
  expect(watched.requests).toEqual([`${YOUTUBE}?autoplay=1`])
  const after = (await frames.first().boundingBox())!
  expect([after.width, after.height]).toEqual([before.width, before.height])
  expect(watched.violations).toEqual([])
})

test('a post with a video reached by a client-side navigation is loaded as a page of its own, whose policy lets it play', async ({ page, adminSite }) => {
  await signIn(page, adminSite.url)
  await publishPost(page, adminSite.url, 'one-video', `<iframe src="${VIMEO}" title="The tour"></iframe>`)
  await publishPost(page, adminSite.url, 'a-link', '<p>See <a href="/blog/one-video">the tour</a>.</p>')
  const watched = await watchProviders(page)
  await page.goto(`${adminSite.url}/blog/a-link`)
  await page.waitForLoadState('networkidle')
  const documents: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'document' && request.frame() === page.mainFrame()) documents.push(new URL(request.url()).pathname)
  })
  await page.getByRole('link', { name: 'the tour' }).click()
  const tour = page.frameLocator('iframe.video-embed')
  await tour.getByRole('link', { name: 'Play video: The tour' }).click()
  await expect(tour.locator('#player')).toHaveText('A stand-in player')
  expect(documents).toEqual(['/blog/one-video'])
  expect(watched.requests).toEqual([`${VIMEO}?autoplay=1`])
  expect(watched.violations).toEqual([])
})

test('the editor inserts a video from a pasted link, shows it without loading it, and saves the stored form', async ({ page, adminSite }) => {
  const watched = await watchProviders(page)
  await signIn(page, adminSite.url)
  await page.getByRole('button', { name: 'New Post' }).click()
  await page.getByLabel('Title*').fill('A video post')
  await page.getByLabel('Summary*').fill('Made with the video button.')
  const editor = page.getByRole('textbox', { name: 'Content*' })
  await editor.click()
  await page.keyboard.type('Watch this:')
  await page.keyboard.press('Enter')

  await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Insert video', exact: true }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByLabel('Video link').fill('https://evil.example/watch?v=dQw4w9WgXcQ')
  await dialog.getByLabel('Video name').fill('The "launch" & more')
  await dialog.getByRole('button', { name: 'Insert' }).click()
  await expect(dialog.getByRole('alert')).toContainText('is not a YouTube or Vimeo video link')
  await dialog.getByLabel('Video link').fill('https://youtu.be/dQw4w9WgXcQ?si=shared')
  await dialog.getByRole('button', { name: 'Insert' }).click()
  await expect(dialog).toBeHidden()

  // A box with the title, no frame in the editor.
  await expect(editor.locator('.rte-video')).toContainText('The "launch" & more')
  await expect(editor.locator('iframe')).toHaveCount(0)
  await expectNoSeriousAxeViolations(page, { include: ['.rte'], where: 'the editor with a video' })

  await page.getByRole('button', { name: 'Create Post' }).click()
  await expectToast(page, { title: 'Success', description: 'Blog post created' })
  const file = path.join(adminSite.site.blogDir, 'a-video-post.html')
  const stored = parsePostFile(await readFile(file, 'utf8'), 'a-video-post.html').content
  expect(stored).toBe(`<p>Watch this:</p>\n<iframe src="${YOUTUBE}" title="The &quot;launch&quot; &amp; more"></iframe>`)

  // Opened again and saved with another field changed: the text is the same bytes.
  await page.reload()
  await page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'A video post', exact: true }) }).getByRole('button', { name: /^Edit/ }).click()
  await expect(page.locator('.rte-video')).toContainText('The "launch" & more')
  await page.getByLabel('Summary*').fill('Saved again.')
  await page.getByRole('button', { name: 'Update Post' }).click()
  await expectToast(page, { title: 'Success', description: 'Blog post updated' })
  expect(parsePostFile(await readFile(file, 'utf8'), 'a-video-post.html').content).toBe(stored)
  expect(watched.requests).toEqual([])
})

test('a player copied from a web page and pasted becomes the stored form; any other frame is dropped', async ({ page, adminSite }) => {
  const watched = await watchProviders(page)
  await signIn(page, adminSite.url)
  await page.getByRole('button', { name: 'New Post' }).click()
  await page.getByLabel('Title*').fill('A pasted video')
  await page.getByLabel('Summary*').fill('Pasted from a web page.')
  const editor = page.getByRole('textbox', { name: 'Content*' })
  await editor.click()
  const html =
    '<p>Before</p><iframe width="640" height="360" src="https://player.vimeo.com/video/76979871?h=abc&amp;badge=0" frameborder="0" allow="autoplay; fullscreen" onload="alert(1)" title="Pasted"></iframe>' +
    '<iframe src="https://evil.example/player" title="Evil">hidden words</iframe><p>After</p>'
  await editor.evaluate((element, html) => {
    const data = new DataTransfer()
    data.setData('text/html', html)
    data.setData('text/plain', 'Before After')
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
  }, html)
  await expect(editor.locator('.rte-video')).toHaveCount(1)
  await expect(editor.locator('.rte-video')).toContainText('Pasted')
  await expect(editor).not.toContainText('hidden words')
  await expect(editor.locator('iframe')).toHaveCount(0)
  await page.getByRole('button', { name: 'Create Post' }).click()
  await expectToast(page, { title: 'Success', description: 'Blog post created' })
  const stored = parsePostFile(await readFile(path.join(adminSite.site.blogDir, 'a-pasted-video.html'), 'utf8'), 'a-pasted-video.html').content
  expect(stored).toBe(`<p>Before</p>\n<iframe src="${VIMEO}" title="Pasted"></iframe>\n<p>After</p>`)
  expect(watched.requests).toEqual([])
})

test('a video in a figure with a caption, opened in the editor and saved with another field changed, keeps its bytes', async ({ page, adminSite }) => {
  await signIn(page, adminSite.url)
  const content = `<p>Before.</p>\n<figure><iframe src="${YOUTUBE}" title="The launch"></iframe><figcaption>The launch, in <em>two</em> minutes</figcaption></figure>\n<p>After.</p>`
  await publishPost(page, adminSite.url, 'video-in-figure', content)
  const watched = await watchProviders(page)
  await page.reload()
  await page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Post video-in-figure', exact: true }) }).getByRole('button', { name: /^Edit/ }).click()
  await page.getByLabel('Summary*').fill('Saved with its figure.')
  await page.getByRole('button', { name: 'Update Post' }).click()
  await expectToast(page, { title: 'Success', description: 'Blog post updated' })
  expect(parsePostFile(await readFile(path.join(adminSite.site.blogDir, 'video-in-figure.html'), 'utf8'), 'video-in-figure.html').content).toBe(content)
  expect(watched.requests).toEqual([])
})
