/**
 * The media library in the admin, in a real browser against the real server and its
 * temp git repository: uploading the featured image (progress, the URL filled in), choosing
 * from the library (thumbnails, never the originals), inserting an image in the editor with
 * its alt text, dropping and pasting image files into the text, and what the admin sees when
 * an upload is refused or the network fails (the form keeps everything). Images are made here
 * with sharp.
 */
import type { Page } from '@playwright/test'
import { expect, expectToast, signIn, test } from './admin-fixtures.ts'
import {
  dispatchFile,
  editor,
  featuredButton,
  featuredField,
  featuredUrl,
  imageDialog,
  jpeg,
  libraryDialog,
  MEDIA_URL,
  noisyJpeg,
  openNewPost,
  png,
  savedPost,
  tool,
  uploadInPage,
  uploadThrough,
} from './admin-media-helpers.ts'
import { expectNoSeriousAxeViolations } from './axe.ts'

test.describe('the media library in the admin', () => {
  test('the featured image is uploaded with a progress bar, fills the URL, previews as a thumbnail and is saved', async ({ page, adminSite }) => {
    await openNewPost(page, adminSite.url, 'Featured Upload')
    await editor(page).click()
    await page.keyboard.type('A post with an uploaded featured image.')
    const photo = await noisyJpeg('Holiday Photo.jpg')
    expect(photo.buffer.length).toBeGreaterThan(1_000_000)

    // A slow uplink (DevTools' throttling), so the progress can be seen moving.
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 400 * 1024 })
    const requested: string[] = []
    page.on('request', (request) => requested.push(new URL(request.url()).pathname))
    await uploadThrough(page, featuredButton(page, 'Upload'), photo)
    const progress = page.getByRole('progressbar', { name: /Uploading Holiday Photo\.jpg/ })
    await expect(progress).toBeVisible()
    await expect(progress).toHaveAttribute('aria-valuenow', /^([1-9]|[1-9][0-9])$/)
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 })

    await expect(featuredUrl(page)).toHaveValue(/^\/media\/\d{4}\/holiday-photo-[0-9a-f]{10}-1600x1000\.jpg$/, { timeout: 30_000 })
    await expect(progress).toBeHidden()
    await expect(featuredUrl(page)).toBeFocused()
    const url = await featuredUrl(page).inputValue()
    // The preview asks for the 320 px variant, never the 1600 px original.
    const thumbnail = url.replace('/media/', '/media/w320/')
    await expect.poll(() => requested).toContain(thumbnail)
    const preview = page.getByRole('img', { name: 'Featured image preview' })
    await expect(preview).toHaveAttribute('src', thumbnail)
    await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(320)
    expect(requested).not.toContain(url)

    await page.getByRole('button', { name: 'Create Post' }).click()
    await expectToast(page, { title: 'Success', description: 'Blog post created' })
    expect((await savedPost(adminSite, 'featured-upload')).featuredImageUrl).toBe(url)
    // The file is in the repository, in a commit of its own.
    expect(adminSite.git('log', '--format=%s', '-n', '5')).toMatch(/media: add/)
  })

  test('the library shows thumbnails (never the originals) with size and the posts using them; choosing fills the URL', async ({ page, adminSite }) => {
    await signIn(page, adminSite.url)
    const wide = await uploadInPage(page, await jpeg('wide-sea.jpg', 1280, 640, { r: 20, g: 90, b: 200 }))
    const small = await uploadInPage(page, await png('small-icon.png', 200, 100, { r: 200, g: 40, b: 40 }))
    expect(wide.thumbnailUrl).toMatch(/^\/media\/w320\//)
    expect(small.thumbnailUrl).toBe(small.url)
    // A post that uses the wide image, saved through the API the admin uses.
    const created = await page.evaluate(async (featuredImageUrl) => {
      const response = await fetch('/api/admin/blog/posts', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ title: 'Sea Post', slug: 'sea-post', summary: 'Uses the sea.', content: '<p>Sea.</p>', publishDate: '2025-01-02', isPublished: false, featuredImageUrl }),
      })
      return response.status
    }, wide.url)
    expect(created).toBe(201)

    const requested: string[] = []
    page.on('request', (request) => requested.push(new URL(request.url()).pathname))
    await page.getByRole('button', { name: 'New Post' }).click()
    await page.getByLabel('Title*').fill('Chosen From Library')
    await featuredButton(page, 'Choose from library').click()
    const library = libraryDialog(page)
    await expect(library).toBeVisible()
    await expect(library.getByLabel('Search media')).toBeFocused()

    const wideCard = library.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'Choose wide-sea.jpg' }) })
    await expect(wideCard).toContainText('1280 × 640')
    await expect(wideCard).toContainText('Used in: Sea Post')
    const smallCard = library.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'Choose small-icon.png' }) })
    await expect(smallCard).toContainText('Not used in any post')
    const thumbnail = wideCard.locator('img')
    await expect(thumbnail).toHaveAttribute('src', wide.thumbnailUrl)
    await expect(thumbnail).toHaveAttribute('loading', 'lazy')
    await expect(thumbnail).toHaveAttribute('width', '320')
    await expect(thumbnail).toHaveAttribute('height', '160')
    await expect(smallCard.locator('img')).toHaveAttribute('width', '200')
    await expect.poll(() => requested).toContain(wide.thumbnailUrl)
    await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(320)
    expect(requested).not.toContain(wide.url)

    // Search narrows the library.
    await library.getByLabel('Search media').fill('small')
    await expect(library.getByRole('button', { name: /^Choose / })).toHaveCount(1)
    await expect(library.getByRole('button', { name: 'Choose small-icon.png' })).toBeVisible()
    await library.getByLabel('Search media').fill('')
    await library.getByRole('button', { name: 'Choose wide-sea.jpg' }).click()
    await expect(library).toBeHidden()
    await expect(featuredUrl(page)).toHaveValue(wide.url)
    await expect(featuredUrl(page)).toBeFocused()
    await expect(page.getByLabel('Title*')).toHaveValue('Chosen From Library')
    expect(requested).not.toContain(wide.url)
  })

  test('deleting from the library: refused with the reason while a post uses the image, done otherwise', async ({ page, adminSite }) => {
    await signIn(page, adminSite.url)
    const used = await uploadInPage(page, await jpeg('in-use.jpg', 400, 300, { r: 10, g: 160, b: 60 }))
    const unused = await uploadInPage(page, await jpeg('unused.jpg', 400, 300, { r: 160, g: 10, b: 160 }))
    expect(
      await page.evaluate(async (featuredImageUrl) => {
        const response = await fetch('/api/admin/blog/posts', {
          method: 'POST',
          credentials: 'include',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ title: 'Green Post', slug: 'green-post', summary: 'Uses green.', content: '<p>Green.</p>', publishDate: '2025-01-03', isPublished: false, featuredImageUrl }),
        })
        return response.status
      }, used.url),
    ).toBe(201)
    page.on('dialog', (dialog) => void dialog.accept())
    await page.getByRole('button', { name: 'New Post' }).click()
    await featuredButton(page, 'Choose from library').click()
    const library = libraryDialog(page)
    await library.getByRole('button', { name: 'Delete in-use.jpg' }).click()
    await expect(library.getByRole('alert')).toContainText('Green Post')
    await expect(library.getByRole('button', { name: 'Choose in-use.jpg' })).toBeVisible()
    await library.getByRole('button', { name: 'Delete unused.jpg' }).click()
    await expect(library.getByRole('button', { name: 'Choose unused.jpg' })).toBeHidden()
    expect(adminSite.git('ls-files', 'content/media')).not.toContain(unused.id)
  })

  test('an image inserted in the editor: uploaded or chosen in the Image dialog, alt text asked for, decorative only on purpose', async ({ page, adminSite }) => {
    await openNewPost(page, adminSite.url, 'Editor Images')
    await editor(page).click()
    await page.keyboard.type('Two pictures follow.')
    await tool(page, 'Image').click()
    const dialog = imageDialog(page)
    await uploadThrough(page, dialog.getByRole('button', { name: 'Upload' }), await jpeg('red-square.jpg', 800, 800, { r: 220, g: 20, b: 20 }))
    await expect(dialog.getByLabel('Image URL')).toHaveValue(/^\/media\/\d{4}\/red-square-[0-9a-f]{10}-800x800\.jpg$/)
    const redUrl = await dialog.getByLabel('Image URL').inputValue()
    // Next is the alt text, and it may not be left empty.
    await expect(dialog.getByLabel('Alt text', { exact: true })).toBeFocused()
    await dialog.getByRole('button', { name: 'Insert' }).click()
    await expect(dialog.getByRole('alert')).toHaveText('Describe the image for people who cannot see it, or mark it as decorative.')
    await expect(dialog.getByLabel('Alt text', { exact: true })).toBeFocused()
    await dialog.getByLabel('Alt text', { exact: true }).fill('A red square')
    await dialog.getByRole('button', { name: 'Insert' }).click()
    await expect(dialog).toBeHidden()
    await expect(editor(page).locator(`img[src="${redUrl}"]`)).toHaveAttribute('alt', 'A red square')

    // From the library, as a decorative image.
    await page.keyboard.press('ControlOrMeta+End')
    await page.keyboard.press('Enter')
    const blue = await uploadInPage(page, await jpeg('blue-line.jpg', 600, 40, { r: 20, g: 20, b: 220 }))
    await tool(page, 'Image').click()
    await dialog.getByRole('button', { name: 'Choose from library' }).click()
    const library = libraryDialog(page)
    await expect(library.getByRole('button', { name: 'Choose red-square.jpg' })).toBeVisible()
    await library.getByRole('button', { name: 'Choose blue-line.jpg' }).click()
    await expect(library).toBeHidden()
    await expect(dialog.getByLabel('Image URL')).toHaveValue(blue.url)
    await expect(dialog.getByLabel('Alt text', { exact: true })).toBeFocused()
    await dialog.getByLabel('Decorative image (no alt text)').check()
    await expect(dialog.getByLabel('Alt text', { exact: true })).toBeDisabled()
    await dialog.getByRole('button', { name: 'Insert' }).click()
    await expect(dialog).toBeHidden()
    await expect(editor(page).locator(`img[src="${blue.url}"]`)).toHaveAttribute('alt', '')

    await page.getByRole('button', { name: 'Create Post' }).click()
    await expectToast(page, { title: 'Success', description: 'Blog post created' })
    const post = await savedPost(adminSite, 'editor-images')
    expect(post.content).toContain(`<img src="${redUrl}" alt="A red square">`)
    expect(post.content).toContain(`<img src="${blue.url}" alt="">`)
  })

  test('an image file dropped into the text or pasted at the caret is uploaded, then its alt text is asked for', async ({ page, adminSite }) => {
    await openNewPost(page, adminSite.url, 'Dropped Images')
    await editor(page).click()
    await page.keyboard.type('First paragraph.')
    await page.keyboard.press('Enter')
    await page.keyboard.type('Second paragraph.')

    // Dropped at the end of the second paragraph.
    const second = editor(page).locator('p', { hasText: 'Second paragraph.' })
    await dispatchFile(page, 'drop', second, await png('dropped-green.png', 300, 200, { r: 10, g: 200, b: 10 }))
    const dialog = imageDialog(page)
    await expect(dialog).toBeVisible()
    await expect(dialog.getByLabel('Image URL')).toHaveValue(/^\/media\/\d{4}\/dropped-green-[0-9a-f]{10}-300x200\.png$/)
    await expect(dialog.getByLabel('Alt text', { exact: true })).toBeFocused()
    await page.keyboard.type('A green field')
    await page.keyboard.press('Enter')
    await expect(dialog).toBeHidden()
    await expect(second.locator('img[src]')).toHaveAttribute('alt', 'A green field')
    await expect(editor(page)).toBeFocused()

    // Copied from a web page, the clipboard holds HTML and a picture of it: the HTML is what is pasted.
    const first = editor(page).locator('p', { hasText: 'First paragraph.' })
    await first.click()
    await page.keyboard.press('End')
    await dispatchFile(page, 'paste', first, await png('web-render.png', 50, 20, { r: 255, g: 255, b: 255 }), { 'text/html': '<b>Bold from the web</b>', 'text/plain': 'Bold from the web' })
    await expect(first.locator('strong')).toHaveText('Bold from the web')
    await expect(dialog).toBeHidden()
    await page.keyboard.press('ControlOrMeta+z')
    await expect(first).toHaveText('First paragraph.')

    // A screenshot (or a file copied in a file manager, its name as text) pasted at the caret.
    await dispatchFile(page, 'paste', first, await jpeg('pasted-shot.jpg', 500, 300, { r: 240, g: 200, b: 0 }), { 'text/plain': 'pasted-shot.jpg' })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByLabel('Image URL')).toHaveValue(/^\/media\/\d{4}\/pasted-shot-[0-9a-f]{10}-500x300\.jpg$/)
    await dialog.getByLabel('Alt text', { exact: true }).fill('A yellow screenshot')
    await dialog.getByRole('button', { name: 'Insert' }).click()
    await expect(first.locator('img[src]')).toHaveAttribute('alt', 'A yellow screenshot')
    await expect(editor(page).locator('img[src]')).toHaveCount(2)

    await page.getByRole('button', { name: 'Create Post' }).click()
    await expectToast(page, { title: 'Success', description: 'Blog post created' })
    const post = await savedPost(adminSite, 'dropped-images')
    expect(post.content).toMatch(/<p>First paragraph\.<img src="\/media\/\d{4}\/pasted-shot-[0-9a-f]{10}-500x300\.jpg" alt="A yellow screenshot"><\/p>/)
    expect(post.content).toMatch(/<p>Second paragraph\.<img src="\/media\/\d{4}\/dropped-green-[0-9a-f]{10}-300x200\.png" alt="A green field"><\/p>/)
  })

  test('an image file dropped on the featured image field becomes the featured image; dropped elsewhere, the page stays', async ({ page, adminSite }) => {
    await openNewPost(page, adminSite.url, 'Dropped Featured')
    // On the title: nothing happens, and the browser is kept from opening the file instead of the admin.
    const title = page.getByLabel('Title*')
    expect(await dispatchFile(page, 'drop', title, await png('stray.png', 40, 40, { r: 1, g: 2, b: 3 }))).toEqual({ defaultPrevented: true })
    await expect(title).toHaveValue('Dropped Featured')
    await expect(featuredField(page).getByRole('progressbar')).toHaveCount(0)
    // On the featured image field: uploaded, the URL filled in.
    const result = await dispatchFile(page, 'drop', featuredField(page).getByText('Featured Image URL'), await jpeg('dropped-cover.jpg', 1000, 500, { r: 5, g: 50, b: 150 }))
    expect(result).toEqual({ defaultPrevented: true })
    await expect(featuredUrl(page)).toHaveValue(/^\/media\/\d{4}\/dropped-cover-[0-9a-f]{10}-1000x500\.jpg$/)
    await expect(title).toHaveValue('Dropped Featured')
  })

  test('too large and not an image: the reason is shown where the upload was, and the form keeps everything', async ({ page, adminSite }) => {
    await openNewPost(page, adminSite.url, 'Refused Uploads')
    await editor(page).click()
    await page.keyboard.type('Kept text.')
    await featuredUrl(page).fill('https://example.com/kept.png')
    const filesBefore = adminSite.git('ls-files', 'content/media')

    // Above the 10 MB default limit.
    const huge = { name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.concat([(await jpeg('x.jpg', 10, 10, { r: 0, g: 0, b: 0 })).buffer, Buffer.alloc(11 * 1024 * 1024, 1)]) }
    await uploadThrough(page, featuredButton(page, 'Upload'), huge)
    await expect(featuredField(page).getByRole('alert')).toHaveText(/^The (file|image) is too large/)
    await expect(featuredUrl(page)).toHaveValue('https://example.com/kept.png')

    // An HTML page named .png: the server's reason.
    const fake = { name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('<!doctype html><script>alert(1)</script>') }
    await uploadThrough(page, featuredButton(page, 'Upload'), fake)
    const alert = featuredField(page).getByRole('alert')
    await expect(alert).not.toContainText(/too large/i)
    await expect(alert).toHaveText(/\S/)
    const reason = (await alert.textContent())!
    expect(reason).not.toMatch(/^Upload failed/)
    await expect(featuredUrl(page)).toHaveValue('https://example.com/kept.png')

    // The same in the editor's Image dialog: the reason in the dialog, nothing inserted.
    await tool(page, 'Image').click()
    const dialog = imageDialog(page)
    await dialog.getByLabel('Alt text', { exact: true }).fill('Typed alt')
    await uploadThrough(page, dialog.getByRole('button', { name: 'Upload' }), fake)
    await expect(dialog.getByRole('alert')).toHaveText(reason)
    await expect(dialog.getByLabel('Alt text', { exact: true })).toHaveValue('Typed alt')
    await page.keyboard.press('Escape')
    await expect(editor(page).locator('img[src]')).toHaveCount(0)
    await expect(page.getByLabel('Title*')).toHaveValue('Refused Uploads')
    await expect(editor(page)).toHaveText('Kept text.')
    expect(adminSite.git('ls-files', 'content/media')).toBe(filesBefore)
  })

  test('a network failure says so plainly and the form keeps everything; trying again works', async ({ page, adminSite }) => {
    await openNewPost(page, adminSite.url, 'Network Failure')
    await editor(page).click()
    await page.keyboard.type('Still here.')
    await page.route('**/api/admin/media', (route) => (route.request().method() === 'POST' ? route.abort('failed') : route.fallback()))
    const photo = await jpeg('offline.jpg', 640, 480, { r: 90, g: 90, b: 90 })
    await uploadThrough(page, featuredButton(page, 'Upload'), photo)
    await expect(featuredField(page).getByRole('alert')).toHaveText('Upload failed: network error. Nothing was lost; try again.')
    await expect(featuredUrl(page)).toHaveValue('')
    await expect(page.getByLabel('Title*')).toHaveValue('Network Failure')
    await expect(page.getByLabel('Summary*')).toHaveValue('Made by the media test: Network Failure.')
    await expect(editor(page)).toHaveText('Still here.')

    // In the editor: the dialog stays open with what was typed.
    await tool(page, 'Image').click()
    const dialog = imageDialog(page)
    await dialog.getByLabel('Alt text', { exact: true }).fill('Grey')
    await uploadThrough(page, dialog.getByRole('button', { name: 'Upload' }), photo)
    await expect(dialog.getByRole('alert')).toHaveText('Upload failed: network error. Nothing was lost; try again.')
    await expect(dialog.getByLabel('Alt text', { exact: true })).toHaveValue('Grey')

    // The network is back: Try again sends the same file.
    await page.unroute('**/api/admin/media')
    await dialog.getByRole('button', { name: 'Try again' }).click()
    await expect(dialog.getByLabel('Image URL')).toHaveValue(MEDIA_URL)
    await expect(dialog.getByRole('alert')).toHaveCount(0)
    await dialog.getByRole('button', { name: 'Insert' }).click()
    await expect(editor(page).locator('img[src]')).toHaveAttribute('alt', 'Grey')
    await featuredButton(page, 'Try again').click()
    await expect(featuredUrl(page)).toHaveValue(MEDIA_URL)
    await expect(featuredField(page).getByRole('alert')).toHaveCount(0)
  })

  test('axe: the Image dialog and the library have no serious or critical violations', async ({ page, adminSite }) => {
    await openNewPost(page, adminSite.url, 'Accessible Media')
    await seedImage(page)
    await editor(page).click()
    await tool(page, 'Image').click()
    await expect(imageDialog(page)).toBeVisible()
    const check = (where: string) => expectNoSeriousAxeViolations(page, { where })
    await check('image dialog')
    await imageDialog(page).getByRole('button', { name: 'Choose from library' }).click()
    await expect(libraryDialog(page).getByRole('button', { name: 'Choose axe.jpg' })).toBeVisible()
    await check('library')
    // Escape closes the library only, back to its button in the Image dialog.
    await page.keyboard.press('Escape')
    await expect(libraryDialog(page)).toBeHidden()
    await expect(imageDialog(page).getByRole('button', { name: 'Choose from library' })).toBeFocused()
  })
})

async function seedImage(page: Page): Promise<void> {
  await uploadInPage(page, await jpeg('axe.jpg', 500, 500, { r: 120, g: 60, b: 30 }))
}
