/**
 * Uploads beyond the field's own button, in a real browser against the real server: from inside
 * the media library (its Upload, or a file dropped on it), an image dropped or pasted into the
 * text (a WebP, stored as a JPEG; a browser's "Copy image"; a HEIC refused with how to export a
 * JPEG), each with its progress, and the featured image's alt text from the form to the page.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { expect, expectToast, test } from './admin-fixtures.ts'
import {
  dispatchFile,
  editor,
  featuredButton,
  featuredUrl,
  imageDialog,
  jpeg,
  libraryDialog,
  noisyWebp,
  openNewPost,
  png,
  savedPost,
  uploadThrough,
  withSlowUploads,
} from './admin-media-helpers.ts'

const HEIC_FIXTURE = path.join(import.meta.dirname, '../fixtures/media/iphone-photo.heic')

test.describe('uploads in the admin', () => {
  test('the library uploads an image itself, with its progress: it comes first, focused and marked, and can be chosen', async ({ page, adminSite }) => {
    await openNewPost(page, adminSite.url, 'Library Upload')
    await featuredButton(page, 'Choose from library').click()
    const library = libraryDialog(page)
    await expect(library).toBeVisible()
    await expect(library.getByRole('status')).toHaveText('No images in the library yet: upload one.')

    await withSlowUploads(page, async () => {
      await uploadThrough(page, library.getByRole('button', { name: 'Upload an image' }), await noisyWebp('Harbour View.webp'))
      const progress = library.getByRole('progressbar', { name: /Uploading Harbour View\.webp/ })
      await expect(progress).toBeVisible()
      await expect(progress).toHaveAttribute('aria-valuenow', /^([1-9]|[1-9][0-9])$/)
    })
    // Stored as a JPEG: the name the library shows is the stored file's.
    const card = library.getByRole('button', { name: 'Choose harbour-view.jpg' })
    await expect(card).toBeFocused({ timeout: 30_000 })
    await expect(library.getByRole('status')).toHaveText('Uploaded harbour-view.jpg.')
    const item = library.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'Choose harbour-view.jpg' }) })
    await expect(item).toContainText('Just uploaded')
    await expect(item).toContainText('1600 × 1000')
    await expect(library.getByRole('progressbar')).toHaveCount(0)

    // A file dropped on the library is uploaded too, and comes first.
    await dispatchFile(page, 'drop', library.getByRole('list', { name: 'Images' }), await png('dropped-on-library.png', 400, 300, { r: 30, g: 160, b: 90 }))
    const dropped = library.getByRole('button', { name: 'Choose dropped-on-library.png' })
    await expect(dropped).toBeFocused()
    await expect(library.getByRole('button', { name: /^Choose / }).first()).toHaveAccessibleName('Choose dropped-on-library.png')

    await library.getByRole('button', { name: 'Choose harbour-view.jpg' }).press('Enter')
    await expect(library).toBeHidden()
    await expect(featuredUrl(page)).toHaveValue(/^\/media\/\d{4}\/harbour-view-[0-9a-f]{10}-1600x1000\.jpg$/)
    await expect(featuredUrl(page)).toBeFocused()
    expect(adminSite.git('ls-files', 'content/media')).toMatch(/harbour-view-[0-9a-f]{10}-1600x1000\.jpg/)
  })

  test('a WebP dropped into the text is uploaded with its progress, stored as a JPEG, and its alt text asked for', async ({ page, adminSite }) => {
    await openNewPost(page, adminSite.url, 'Dropped WebP')
    await editor(page).click()
    await page.keyboard.type('A photo follows.')
    const paragraph = editor(page).locator('p', { hasText: 'A photo follows.' })
    const dialog = imageDialog(page)
    await withSlowUploads(page, async () => {
      await dispatchFile(page, 'drop', paragraph, await noisyWebp('market.webp', 1200, 800))
      await expect(dialog).toBeVisible()
      const progress = dialog.getByRole('progressbar', { name: /Uploading market\.webp/ })
      await expect(progress).toBeVisible()
      await expect(progress).toHaveAttribute('aria-valuenow', /^([1-9]|[1-9][0-9])$/)
    })
    await expect(dialog.getByLabel('Image URL')).toHaveValue(/^\/media\/\d{4}\/market-[0-9a-f]{10}-1200x800\.jpg$/, { timeout: 30_000 })
    await expect(dialog.getByLabel('Alt text', { exact: true })).toBeFocused()
    await page.keyboard.type('Stalls at a market')
    await page.keyboard.press('Enter')
    await expect(dialog).toBeHidden()
    await expect(paragraph.locator('img[src]')).toHaveAttribute('alt', 'Stalls at a market')

    await page.getByRole('button', { name: 'Create Post' }).click()
    await expectToast(page, { title: 'Success', description: 'Blog post created' })
    expect((await savedPost(adminSite, 'dropped-webp')).content).toMatch(/<img src="\/media\/\d{4}\/market-[0-9a-f]{10}-1200x800\.jpg" alt="Stalls at a market">/)
  })

  test("a browser's Copy image pasted: the file is uploaded (not the other site's address) and its alt text offered", async ({ page, adminSite }) => {
    await openNewPost(page, adminSite.url, 'Pasted Copy')
    await editor(page).click()
    await page.keyboard.type('Before the image.')
    const paragraph = editor(page).locator('p', { hasText: 'Before the image.' })
    const requested: string[] = []
    page.on('request', (request) => requested.push(request.url()))
    // What Chromium puts on the clipboard for "Copy image": the file, and the image's tag.
    const copied = { 'text/html': '<meta charset="utf-8"><img src="https://elsewhere.example/cat.jpg" alt="A sleeping cat">' }
    await dispatchFile(page, 'paste', paragraph, await jpeg('image.jpg', 300, 200, { r: 150, g: 120, b: 90 }), copied)
    const dialog = imageDialog(page)
    await expect(dialog).toBeVisible()
    await expect(dialog.getByLabel('Image URL')).toHaveValue(/^\/media\/\d{4}\/image-[0-9a-f]{10}-300x200\.jpg$/)
    await expect(dialog.getByLabel('Alt text', { exact: true })).toHaveValue('A sleeping cat')
    await expect(dialog.getByLabel('Alt text', { exact: true })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(dialog).toBeHidden()
    await expect(paragraph.locator('img[src]')).toHaveAttribute('src', /^\/media\/\d{4}\/image-/)
    await expect(paragraph.locator('img[src]')).toHaveAttribute('alt', 'A sleeping cat')
    expect(requested.filter((url) => url.includes('elsewhere.example'))).toEqual([])

    // HTML with text beside the image is what was meant: pasted as it is, no upload.
    await dispatchFile(page, 'paste', paragraph, await jpeg('render.jpg', 50, 20, { r: 255, g: 255, b: 255 }), { 'text/html': '<p>Some <b>words</b></p>' })
    await expect(editor(page).locator('strong')).toHaveText('words')
    await expect(dialog).toBeHidden()
  })

  test('a HEIC photo dropped into the text is refused where it was dropped, saying how to export a JPEG', async ({ page, adminSite }) => {
    await openNewPost(page, adminSite.url, 'Dropped HEIC')
    await editor(page).click()
    await page.keyboard.type('Kept text.')
    const filesBefore = adminSite.git('ls-files', 'content/media')
    const heic = { name: 'IMG_0042.HEIC', mimeType: 'image/heic', buffer: await readFile(HEIC_FIXTURE) }
    await dispatchFile(page, 'drop', editor(page).locator('p', { hasText: 'Kept text.' }), heic)
    const dialog = imageDialog(page)
    await expect(dialog.getByRole('alert')).toContainText('HEIC photos')
    await expect(dialog.getByRole('alert')).toContainText('Settings → Camera → Formats → Most Compatible')
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(editor(page).locator('img[src]')).toHaveCount(0)
    await expect(editor(page)).toHaveText('Kept text.')
    expect(adminSite.git('ls-files', 'content/media')).toBe(filesBefore)
  })

  test("the featured image's alt text: typed beside it, saved, and the image's alt on the post, the blog card and the social card", async ({ page, adminSite }) => {
    await openNewPost(page, adminSite.url, 'Featured Alt')
    await editor(page).click()
    await page.keyboard.type('A post with a described featured image.')
    await uploadThrough(page, featuredButton(page, 'Upload'), await jpeg('lighthouse.jpg', 1600, 900, { r: 40, g: 80, b: 160 }))
    await expect(featuredUrl(page)).toHaveValue(/^\/media\/\d{4}\/lighthouse-/)
    const alt = page.getByLabel('Image description (alt text)')
    await expect(alt).toHaveAttribute('maxlength', '500')
    await alt.fill('A red lighthouse on a cliff')
    await page.getByRole('switch', { name: 'Published' }).click()
    await page.getByRole('button', { name: 'Create Post' }).click()
    await expectToast(page, { title: 'Success', description: 'Blog post created' })
    expect((await savedPost(adminSite, 'featured-alt')).featuredImageAlt).toBe('A red lighthouse on a cliff')

    // Opened again, the field has it.
    await page.getByRole('button', { name: 'Edit "Featured Alt"' }).click()
    await expect(page.getByLabel('Image description (alt text)')).toHaveValue('A red lighthouse on a cliff')

    await page.goto(`${adminSite.url}/blog/featured-alt`)
    await expect(page.locator('img.article__image')).toHaveAttribute('alt', 'A red lighthouse on a cliff')
    await expect(page.getByRole('img', { name: 'A red lighthouse on a cliff' })).toBeVisible()
    await expect(page.locator('meta[property="og:image:alt"]')).toHaveAttribute('content', 'A red lighthouse on a cliff')
    await expect(page.locator('meta[name="twitter:image:alt"]')).toHaveAttribute('content', 'A red lighthouse on a cliff')
    await page.goto(`${adminSite.url}/blog`)
    await expect(page.getByRole('link', { name: /Featured Alt/ }).locator('img')).toHaveAttribute('alt', 'A red lighthouse on a cliff')
  })
})
