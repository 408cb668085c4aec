/**
 * A video file of the media library, end to end in a real browser: uploaded from the editor's
 * Insert video file dialog with its captions, inserted with a caption, published, stored in the
 * post's one shape, and played on the post page by the browser's own player, which asks for the
 * file by byte ranges and can seek in it.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { parsePostFile } from '../../server/content/parse-post.ts'
import { CAPTIONS_VTT, clipWebm } from '../support/av-files.ts'
import { expect, expectToast, signIn, test } from './admin-fixtures.ts'

test('a video uploaded in the editor is published as a player that seeks by byte ranges', async ({ page, adminSite }) => {
  await signIn(page, adminSite.url)
  await page.getByRole('button', { name: 'New Post' }).click()
  await page.getByLabel('Title*').fill('The tour')
  await page.getByLabel('Summary*').fill('A video of the app.')
  const editor = page.getByRole('textbox', { name: 'Content*' })
  await editor.click()
  await page.keyboard.type('Intro')
  await page.keyboard.press('Enter')

  await page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Insert video file', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Insert video file' })
  // Inserting before a file is chosen says what is missing.
  await dialog.getByRole('button', { name: 'Insert' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Upload a video or choose one from the library.')
  // Each part's Upload opens a file chooser of its own: the video's first, the poster's, the captions'.
  const video = dialog.getByRole('group', { name: 'Video', exact: true })
  await video.locator('input[type=file]').setInputFiles({ name: 'Product tour.webm', mimeType: 'video/webm', buffer: clipWebm() })
  await expect(video).toContainText(/product-tour\.webm/)
  const captions = dialog.getByRole('group', { name: 'Captions (optional, WebVTT)' })
  await captions.locator('input[type=file]').setInputFiles({ name: 'tour.vtt', mimeType: 'text/vtt', buffer: Buffer.from(CAPTIONS_VTT) })
  await expect(captions).toContainText(/tour\.vtt/)
  await expect(dialog.getByLabel('Captions language')).toHaveValue('en')
  await dialog.getByLabel('Caption (optional)').fill('The product tour')
  await dialog.getByRole('button', { name: 'Insert' }).click()
  await expect(dialog).toBeHidden()
  await expect(editor.locator('.rte-media-file')).toContainText('product-tour.webm')
  // The writing goes on below the player.
  await page.keyboard.type('After')

  await page.getByRole('switch', { name: 'Published' }).click()
  await page.getByRole('button', { name: 'Create Post' }).click()
  await expectToast(page, { title: 'Success', description: 'Blog post created' })
  const stored = parsePostFile(await readFile(path.join(adminSite.site.blogDir, 'the-tour.html'), 'utf8'), 'the-tour.html').content
  expect(stored).toMatch(
    /^<p>Intro<\/p>\n<figure><video controls preload="metadata" src="\/media\/\d{4}\/product-tour-[0-9a-f]{10}\.webm"><track kind="captions" src="\/media\/\d{4}\/tour-[0-9a-f]{10}\.vtt" srclang="en" label="English"><\/video><figcaption>The product tour<\/figcaption><\/figure>\n<p>After<\/p>$/,
  )
  const src = /src="([^"]+\.webm)"/.exec(stored)![1]!

  // Opened again and saved with another field changed: the text is the same bytes.
  await page.reload()
  await page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'The tour', exact: true }) }).getByRole('button', { name: /^Edit/ }).click()
  await expect(page.locator('.rte-media-file')).toContainText('captions English')
  // The library of a video's dialog lists the videos, with their kind and size; an audio file's has none yet.
  const toolbar = page.getByRole('toolbar', { name: 'Formatting' })
  for (const [button, shown] of [
    ['Insert video file', /product-tour\.webm.*Video · 15 KB/s],
    ['Insert audio file', /No audio files in the library yet: upload one\./],
  ] as const) {
    await toolbar.getByRole('button', { name: button, exact: true }).click()
    await page.getByRole('dialog', { name: button }).getByRole('button', { name: 'Choose from library' }).first().click()
    const library = page.getByRole('dialog', { name: 'Media library' })
    await expect(library).toContainText(shown)
    await library.getByRole('button', { name: 'Close' }).click()
    await page.getByRole('dialog', { name: button }).getByRole('button', { name: 'Cancel' }).click()
    await expect(page.getByRole('dialog')).toHaveCount(0)
  }
  await page.getByLabel('Summary*').fill('Saved again.')
  await page.getByRole('button', { name: 'Update Post' }).click()
  await expectToast(page, { title: 'Success', description: 'Blog post updated' })
  expect(parsePostFile(await readFile(path.join(adminSite.site.blogDir, 'the-tour.html'), 'utf8'), 'the-tour.html').content).toBe(stored)

  // The post page, at a phone's width: the player's own controls, as wide as the text at most.
  const ranges: { range: string | null; status: number }[] = []
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === src) ranges.push({ range: response.request().headers().range ?? null, status: response.status() })
  })
  await page.setViewportSize({ width: 320, height: 640 })
  await page.goto(`${adminSite.url}/blog/the-tour`)
  const player = page.locator('figure video')
  await expect(player).toHaveAttribute('controls', '')
  await expect(player).not.toHaveAttribute('autoplay')
  await expect(page.locator('figure figcaption')).toHaveText('The product tour')
  const box = (await player.boundingBox())!
  expect(box.width).toBeGreaterThan(200)
  expect(box.x + box.width).toBeLessThanOrEqual(320)
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320)

  // It plays nothing on its own; asked to seek, the browser reads the file by ranges and gets there.
  await expect.poll(() => player.evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThanOrEqual(1)
  expect(await player.evaluate((element: HTMLVideoElement) => element.paused)).toBe(true)
  const seeked = await player.evaluate(
    (element: HTMLVideoElement) =>
      new Promise<number>((resolve) => {
        element.addEventListener('seeked', () => resolve(element.currentTime), { once: true })
        element.currentTime = 1.2
      }),
  )
  expect(seeked).toBeCloseTo(1.2, 0)
  expect(ranges.some(({ range, status }) => range !== null && /^bytes=\d+-\d*$/.test(range) && status === 206)).toBe(true)
  // Its captions track is loaded from the library too.
  await expect.poll(() => player.evaluate((element: HTMLVideoElement) => element.textTracks[0]?.kind)).toBe('captions')
})
