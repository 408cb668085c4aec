/**
 * What the media specs share: images made with sharp, the admin's media controls by role and
 * label, a new post opened, an upload through the file chooser or from the page's own script,
 * and a drop or a paste as the browser makes them.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Locator, Page } from '@playwright/test'
import sharp from 'sharp'
import { parsePostFile } from '../../server/content/parse-post.ts'
import { expect, signIn } from './admin-fixtures.ts'

export interface TestFile {
  name: string
  mimeType: string
  buffer: Buffer
}

export const MEDIA_URL = /^\/media\/\d{4}\/[a-z0-9-]+-[0-9a-f]{10}-\d+x\d+\.(jpg|png|gif)$/

/** A plain JPEG of one colour, small in bytes. */
export async function jpeg(name: string, width: number, height: number, background: { r: number; g: number; b: number }): Promise<TestFile> {
  const buffer = await sharp({ create: { width, height, channels: 3, background } }).jpeg().toBuffer()
  return { name, mimeType: 'image/jpeg', buffer }
}

export async function png(name: string, width: number, height: number, background: { r: number; g: number; b: number }): Promise<TestFile> {
  const buffer = await sharp({ create: { width, height, channels: 3, background } }).png().toBuffer()
  return { name, mimeType: 'image/png', buffer }
}

/** A photo-like WebP (noise), `width`×`height`: about a megabyte at 1600×1000, so its upload takes a while on a slow link. */
export async function noisyWebp(name: string, width = 1600, height = 1000): Promise<TestFile> {
  const buffer = await sharp({ create: { width, height, channels: 3, background: { r: 0, g: 0, b: 0 }, noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .webp({ quality: 95 })
    .toBuffer()
  return { name, mimeType: 'image/webp', buffer }
}

/**
 * A slow uplink (DevTools' throttling) while `during` runs, so an upload's progress can be seen
 * moving; the network as it was after.
 */
export async function withSlowUploads(page: Page, during: () => Promise<void>): Promise<void> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 400 * 1024 })
  try {
    await during()
  } finally {
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 })
    await cdp.detach()
  }
}

/** A photo-like JPEG (noise compresses badly): a couple of MB, so its upload takes a while on a slow link. */
export async function noisyJpeg(name: string): Promise<TestFile> {
  const buffer = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: { r: 0, g: 0, b: 0 }, noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    .jpeg({ quality: 95 })
    .toBuffer()
  return { name, mimeType: 'image/jpeg', buffer }
}

export const editor = (page: Page) => page.getByRole('textbox', { name: 'Content*' })
/* ProseMirror adds <img class="ProseMirror-separator"> of its own: the post's images are those with a src. */
export const tool = (page: Page, name: string) => page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name, exact: true })
export const imageDialog = (page: Page) => page.getByRole('dialog', { name: /image/i })
export const libraryDialog = (page: Page) => page.getByRole('dialog', { name: 'Media library' })
export const featuredUrl = (page: Page) => page.getByLabel('Featured Image URL')
/** The featured image field, with its own Upload and Choose from library (the editor's are in its dialog). */
export const featuredField = (page: Page) => page.locator('.admin-field').filter({ has: featuredUrl(page) })
export const featuredButton = (page: Page, name: string) => featuredField(page).getByRole('button', { name, exact: true })

export async function openNewPost(page: Page, url: string, title: string): Promise<void> {
  await signIn(page, url)
  await page.getByRole('button', { name: 'New Post' }).click()
  await page.getByLabel('Title*').fill(title)
  await page.getByLabel('Summary*').fill(`Made by the media test: ${title}.`)
  await expect(page.locator('[contenteditable="true"]')).toBeVisible()
}

/** Clicks the Upload button and picks `file` in the file chooser it opens. */
export async function uploadThrough(page: Page, button: Locator, file: TestFile): Promise<void> {
  const chooser = page.waitForEvent('filechooser')
  await button.click()
  const fileChooser = await chooser
  expect(fileChooser.isMultiple()).toBe(false)
  expect(await fileChooser.element().getAttribute('accept')).toBe('image/jpeg,image/png,image/gif,image/webp,image/avif,image/tiff')
  await fileChooser.setFiles(file)
}

/** Uploads into the library from the signed-in page, as its own script would: the library item. */
export async function uploadInPage(page: Page, file: TestFile): Promise<{ url: string; id: string; thumbnailUrl: string }> {
  return page.evaluate(
    async ({ name, mimeType, base64 }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
      const body = new FormData()
      body.append('file', new File([bytes], name, { type: mimeType }))
      const response = await fetch('/api/admin/media', { method: 'POST', body, credentials: 'include' })
      if (!response.ok) throw new Error(`upload: ${response.status} ${await response.text()}`)
      return response.json()
    },
    { name: file.name, mimeType: file.mimeType, base64: file.buffer.toString('base64') },
  )
}

/** A drop or a paste of `file` (and other `strings` beside it) as the browser makes them, at a point of `target`. */
export async function dispatchFile(page: Page, kind: 'drop' | 'paste', target: Locator, file: TestFile, strings: Record<string, string> = {}): Promise<{ defaultPrevented: boolean }> {
  await target.scrollIntoViewIfNeeded()
  const box = (await target.boundingBox())!
  return page.evaluate(
    ({ kind, name, mimeType, base64, strings, x, y }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))
      const data = new DataTransfer()
      for (const [type, value] of Object.entries(strings)) data.setData(type, value)
      data.items.add(new File([bytes], name, { type: mimeType }))
      const element = document.elementFromPoint(x, y)!
      if (kind === 'paste') {
        return { defaultPrevented: !element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true })) }
      }
      let defaultPrevented = false
      for (const type of ['dragenter', 'dragover', 'drop']) {
        defaultPrevented = !element.dispatchEvent(new DragEvent(type, { dataTransfer: data, clientX: x, clientY: y, bubbles: true, cancelable: true }))
      }
      return { defaultPrevented }
    },
    { kind, name: file.name, mimeType: file.mimeType, base64: file.buffer.toString('base64'), strings, x: box.x + box.width - 2, y: box.y + box.height / 2 },
  )
}

export async function savedPost(adminSite: { site: { blogDir: string } }, slug: string) {
  const text = await readFile(path.join(adminSite.site.blogDir, `${slug}.html`), 'utf8')
  return parsePostFile(text, `${slug}.html`)
}
